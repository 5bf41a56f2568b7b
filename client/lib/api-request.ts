import { getAuthToken } from './auth-token.ts';
import { devLogRequest, devLogResponse } from './dev-log.ts';

/**
 * SPEC §7 / §8: a non-OK answer fails with `${status}: ${body text || status text}`. The status and
 * the raw body stay on the error so callers can branch on them (401 -> sign-in, issues -> fields).
 */
export class HttpError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
  }
}

/** The HTTP status behind an error thrown by these helpers, or null when it was not an HTTP answer. */
export function httpStatusOf(error: unknown): number | null {
  if (error instanceof HttpError) return error.status;
  if (error instanceof Error) {
    const match = /^(\d{3}): /.exec(error.message);
    if (match) return Number(match[1]);
  }
  return null;
}

/**
 * The server's own words for a failed call, for a sentence a parent reads: the message without
 * its `status: ` prefix and, when the body is the API's error JSON (decision 0005), its message.
 * Null when there is nothing to say.
 */
export function serverMessageOf(error: unknown): string | null {
  if (!(error instanceof Error) || !error.message) return null;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return error.message;
  const body = match[1]?.trim() ?? '';
  if (body.startsWith('{')) {
    try {
      const parsed = JSON.parse(body) as { error?: { message?: unknown } };
      if (typeof parsed.error?.message === 'string') return parsed.error.message;
    } catch {
      // not JSON after all: the text itself is the message
    }
  }
  return body || null;
}

/**
 * The server's words when it refused a call for the person's role on the child (403, decision 0060):
 * "You can view this child's record but not change it. An owner can give you more access." Null for
 * any other failure, which keeps the sentence its screen chose.
 */
export function refusalMessageOf(error: unknown): string | null {
  return httpStatusOf(error) === 403 ? serverMessageOf(error) : null;
}

/** SPEC §6: what the console says when a call that needs sign-in goes out without a token. */
export const MISSING_TOKEN_WARNING = 'No sign-in token is available for this request; the server will likely answer 401.';

/**
 * Warns (in production too, decision 0011) that a call goes out without a token. `procedures` names
 * tRPC procedures, which carry no ids; REST paths are left out because they can hold a child's id.
 */
export function warnMissingToken(procedures?: readonly string[]): void {
  console.warn(procedures?.length ? `${MISSING_TOKEN_WARNING} (${procedures.join(', ')})` : MISSING_TOKEN_WARNING);
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  /** SPEC §6: no token is fetched and none is sent (the feature-flags call). */
  authOptional?: boolean;
}

const inFlight = new Map<string, Promise<unknown>>();
const formIds = new WeakMap<FormData, number>();
let nextFormId = 0;

function bodyKey(body: unknown): string {
  if (body === undefined) return '';
  if (body instanceof FormData) {
    // Form data cannot be compared by content cheaply: only the same object is "the same body".
    let id = formIds.get(body);
    if (id === undefined) {
      nextFormId += 1;
      id = nextFormId;
      formIds.set(body, id);
    }
    return `form:${id}`;
  }
  return `json:${JSON.stringify(body)}`;
}

async function authHeaders(authOptional: boolean | undefined): Promise<{ headers: Record<string, string>; token: string | null }> {
  if (authOptional) return { headers: {}, token: null };
  const token = await getAuthToken();
  if (!token) {
    warnMissingToken();
    return { headers: {}, token: null };
  }
  return { headers: { Authorization: `Bearer ${token}` }, token };
}

function isPdf(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().includes('application/pdf');
}

async function send(method: HttpMethod, url: string, body: unknown, options: ApiRequestOptions): Promise<unknown> {
  const { headers, token } = await authHeaders(options.authOptional);
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (body !== undefined) {
    if (body instanceof FormData) {
      // The browser sets multipart/form-data with its boundary itself.
      init.body = body;
    } else {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
  }
  devLogRequest(method, url, token);
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    devLogResponse(method, url, 'network error');
    throw error;
  }
  devLogResponse(method, url, response.status);
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new HttpError(response.status, response.statusText, text);
  }
  if (isPdf(response)) return response.blob();
  const text = await response.text();
  return text === '' ? null : (JSON.parse(text) as unknown);
}

/**
 * SPEC §7's request helper. JSON bodies are sent as JSON, FormData as-is; credentials are included;
 * a bearer token is sent unless the call is auth-optional; identical requests in flight (same
 * method, URL and body) share one network call; a PDF answer comes back as a Blob, anything else
 * as parsed JSON (null for an empty body).
 */
export function apiRequest<T = unknown>(method: HttpMethod, url: string, body?: unknown, options: ApiRequestOptions = {}): Promise<T> {
  const key = `${method} ${url} ${options.authOptional ? 'anon' : 'auth'} ${bodyKey(body)}`;
  const pending = inFlight.get(key);
  if (pending) return pending as Promise<T>;
  const request = send(method, url, body, options).finally(() => {
    inFlight.delete(key);
  });
  inFlight.set(key, request);
  return request as Promise<T>;
}

/**
 * SPEC §7's second helper: POSTs a JSON body and resolves with the answer's text. On a non-OK
 * answer it fails with that text, or `HTTP ${status}` when the body is empty.
 */
export async function postForText(url: string, body: unknown): Promise<string> {
  const { headers, token } = await authHeaders(false);
  devLogRequest('POST', url, token);
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    credentials: 'include',
    body: JSON.stringify(body),
  });
  devLogResponse('POST', url, response.status);
  const text = await response.text().catch(() => '');
  if (!response.ok) throw new Error(text || `HTTP ${response.status}`);
  return text;
}
