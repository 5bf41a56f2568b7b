import { apiErrorSchema, type Issue } from '#shared/api-error.ts';
import {
  authResultSchema,
  passwordResetRequestResultSchema,
  tokenResultSchema,
  userSchema,
  type PasswordResetRequestResult,
  type User,
} from '#shared/schemas/account.ts';
import { devLogRequest, devLogResponse } from '../../lib/dev-log.ts';

/** An answer of /api/auth/* that was not OK, with what a form needs to show it. */
export class AuthApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly issues: Issue[];
  /** From Retry-After on a 429. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, message: string, code: string | null, issues: Issue[], retryAfterSeconds: number | null) {
    super(message);
    this.name = 'AuthApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

async function call(method: string, path: string, options: { body?: unknown; token?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  devLogRequest(method, path, options.token ?? null);
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'include',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  devLogResponse(method, path, response.status);
  return response;
}

async function failure(response: Response): Promise<AuthApiError> {
  const text = await response.text().catch(() => '');
  let message = `${response.status}: ${text || response.statusText}`;
  let code: string | null = null;
  let issues: Issue[] = [];
  try {
    const parsed = apiErrorSchema.safeParse(JSON.parse(text));
    if (parsed.success) {
      message = parsed.data.error.message;
      code = parsed.data.error.code;
      issues = parsed.data.error.issues ?? [];
    }
  } catch {
    // not JSON: keep the "status: body" message
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  return new AuthApiError(response.status, message, code, issues, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
}

async function json(response: Response): Promise<unknown> {
  if (!response.ok) throw await failure(response);
  return response.json() as Promise<unknown>;
}

/**
 * A fresh token from the session cookie, or null when there is no session: none at all (204, a
 * signed-out visitor, no error in the console) or one that has ended (401).
 */
export async function requestToken(): Promise<string | null> {
  const response = await call('POST', '/api/auth/token');
  if (response.status === 204 || response.status === 401) return null;
  const parsed = tokenResultSchema.safeParse(await json(response));
  if (!parsed.success || parsed.data.token === '')
    throw new AuthApiError(response.status, 'The server answered without a token', null, [], null);
  return parsed.data.token;
}

export async function fetchMe(token: string): Promise<User> {
  return userSchema.parse(await json(await call('GET', '/api/auth/me', { token })));
}

export async function signInRequest(email: string, password: string): Promise<{ user: User; token: string }> {
  return authResultSchema.parse(await json(await call('POST', '/api/auth/sign-in', { body: { email, password } })));
}

export async function signUpRequest(email: string, password: string): Promise<{ user: User; token: string }> {
  return authResultSchema.parse(await json(await call('POST', '/api/auth/sign-up', { body: { email, password } })));
}

export async function signOutRequest(): Promise<void> {
  const response = await call('POST', '/api/auth/sign-out');
  if (!response.ok && response.status !== 401) throw await failure(response);
}

export async function patchUnsafeMetadata(token: string, unsafeMetadata: Record<string, unknown>): Promise<User> {
  return userSchema.parse(await json(await call('PATCH', '/api/auth/me/metadata', { token, body: { unsafeMetadata } })));
}

/** "Forgot password": the answer says how a link would reach the person, never whether the account exists. */
export async function passwordResetRequest(email: string): Promise<PasswordResetRequestResult> {
  return passwordResetRequestResultSchema.parse(await json(await call('POST', '/api/auth/password-reset', { body: { email } })));
}

/** Sets a new password with a reset link's token; every session of the account ends. */
export async function passwordResetComplete(token: string, newPassword: string): Promise<void> {
  const response = await call('POST', '/api/auth/password-reset/complete', { body: { token, newPassword } });
  if (!response.ok) throw await failure(response);
}

/** The `exp` of a JWT in milliseconds since the epoch, or null when it cannot be read. */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims = JSON.parse(atob(base64)) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}
