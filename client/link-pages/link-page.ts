import { useCallback, useEffect, useRef, useState } from 'react';

/*
 * What every page opened by a link without an account shares (the shared snapshot, issue 27; the form
 * fill page, issue 28): the token read from after `#`, a plain POST with the token in a JSON body
 * (never in a URL, so no log or Referer carries it), no cookies, nothing from another host, and the
 * load that tries again when the connection comes back. No zod, no tRPC, no react-query: these pages
 * must stay light.
 */

/** A link's token: 43 base64url characters (32 random bytes), as shared/schemas/share-links.ts checks it. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The sentences every link page says alike; each page adds its own for offline, failed and too many. */
export const LINK_MESSAGES = {
  incomplete: 'This link is not complete. Copy the whole link and try again.',
  network: 'Trelli could not be reached. Check your connection and try again.',
} as const;

/** The token after `#`, or null when the link has none or only part of one. */
export function tokenFromHash(hash: string): string | null {
  const token = hash.replace(/^#/, '').trim();
  return TOKEN_SHAPE.test(token) ? token : null;
}

/** Why a request did not give what was asked: the sentence to show, whether trying again may help, and a 400's issues by field. */
export class LinkRequestError extends Error {
  readonly status: number | null;
  readonly canRetry: boolean;
  readonly issues: Record<string, string>;

  constructor(message: string, status: number | null, canRetry: boolean, issues: Record<string, string> = {}) {
    super(message);
    this.name = 'LinkRequestError';
    this.status = status;
    this.canRetry = canRetry;
    this.issues = issues;
  }
}

export interface LinkRequest {
  /** Ours on a 429. */
  tooMany: string;
  /** Ours when the server says nothing of its own (a 5xx, a 4xx without a message). */
  otherwise: string;
  /** A 400's `error.issues`, by field (the form's answers by question). */
  issuesOf?: (issues: unknown) => Record<string, string>;
  /** The same request already sent (client/main.tsx sends a first read while the page's code arrives). */
  started?: Promise<Response>;
}

/** The server's own sentence for a link that does not work (404, 410) or a body it refused (400); ours for anything else. */
async function failure(response: Response, { tooMany, otherwise, issuesOf }: LinkRequest): Promise<LinkRequestError> {
  const { status } = response;
  if (status === 429) return new LinkRequestError(tooMany, status, true);
  if (status === 400 || status === 404 || status === 410) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: unknown; issues?: unknown } } | null;
    const message = typeof body?.error?.message === 'string' ? body.error.message : otherwise;
    return new LinkRequestError(message, status, false, status === 400 && issuesOf ? issuesOf(body?.error?.issues) : {});
  }
  return new LinkRequestError(otherwise, status, true);
}

/** A POST as these pages send it: JSON, no cookies, no cache, no Referer. client/main.tsx sends the form's first read the same way. */
export async function postLink(path: string, body: unknown, request: LinkRequest): Promise<Response> {
  let response: Response;
  try {
    response = await (request.started ??
      fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'omit',
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
      }));
  } catch {
    throw new LinkRequestError(LINK_MESSAGES.network, null, true);
  }
  if (!response.ok) throw await failure(response, request);
  return response;
}

/**
 * A link page is never indexed (the server says so too, with X-Robots-Tag). Another link pasted into
 * the same tab changes only the part after `#`, which loads nothing by itself: the page reloads.
 */
export function useLinkPage(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.append(meta);
    const reload = () => window.location.reload();
    window.addEventListener('hashchange', reload);
    return () => {
      meta.remove();
      window.removeEventListener('hashchange', reload);
    };
  }, []);
}

export type LinkLoadState<T> =
  | { kind: 'incomplete' }
  | { kind: 'offline' }
  | { kind: 'loading' }
  | { kind: 'failed'; message: string; canRetry: boolean }
  | { kind: 'ready'; view: T };

function initialState<T>(token: string | null): LinkLoadState<T> {
  if (!token) return { kind: 'incomplete' };
  return navigator.onLine === false ? { kind: 'offline' } : { kind: 'loading' };
}

/**
 * What the link's token opens, loaded again on "Try again" and when the connection comes back.
 * `read`: a module's function (read once); `failed`: the page's sentence for an error of no known kind;
 * `early`: the first read, already on its way (client/main.tsx), used once.
 */
export function useLinkLoad<T>(
  token: string | null,
  read: (token: string, started?: Promise<Response>) => Promise<T>,
  failed: string,
  early?: Promise<Response>,
) {
  const [state, setState] = useState<LinkLoadState<T>>(() => initialState(token));
  const started = useRef(early);
  const reader = useRef(read);
  // Each try is a new state object, so a try while 'loading' already starts a new load.
  const retry = useCallback(() => setState(initialState(token)), [token]);

  useEffect(() => {
    if (!token || state.kind !== 'loading') return undefined;
    let current = true;
    const request = started.current;
    started.current = undefined;
    reader.current(token, request).then(
      (view) => current && setState({ kind: 'ready', view }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof LinkRequestError && error.status === null && navigator.onLine === false) setState({ kind: 'offline' });
        else if (error instanceof LinkRequestError) setState({ kind: 'failed', message: error.message, canRetry: error.canRetry });
        else setState({ kind: 'failed', message: failed, canRetry: true });
      },
    );
    return () => {
      current = false;
    };
  }, [token, state, failed]);

  // Offline, or the network failed: try again by itself once the browser is back online.
  const waitsForNetwork = state.kind === 'offline' || (state.kind === 'failed' && state.message === LINK_MESSAGES.network);
  useEffect(() => {
    if (!waitsForNetwork) return undefined;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [waitsForNetwork, retry]);

  return { state, retry };
}
