import type { SnapshotPaper, SnapshotView } from '#shared/schemas/snapshot.ts';

/*
 * What the shared snapshot page asks the server (issue 27, decision 0089): plain fetch, the token in a
 * JSON body (never in a URL, so no log or Referer carries it), no cookies, nothing from another host.
 * Types only from shared/: the schemas would bring zod to a page that must stay light.
 */

/** A link's token: 43 base64url characters (32 random bytes), as shared/schemas/share-links.ts checks it. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const MESSAGES = {
  incomplete: 'This link is not complete. Copy the whole link and try again.',
  tooMany: 'This link has been opened many times in a short while. Please wait a minute, then try again.',
  network: 'Trelli could not be reached. Check your connection and try again.',
  offline: 'You are offline. The snapshot will load when your connection is back.',
  failed: 'Something went wrong while opening this snapshot. Please try again.',
} as const;

/** The token after `#`, or null when the link has none or only part of one. */
export function tokenFromHash(hash: string): string | null {
  const token = hash.replace(/^#/, '').trim();
  return TOKEN_SHAPE.test(token) ? token : null;
}

/** Why a request did not give what was asked: the sentence to show, and whether trying again may help. */
export class SharedLinkError extends Error {
  readonly status: number | null;
  readonly canRetry: boolean;

  constructor(message: string, status: number | null, canRetry: boolean) {
    super(message);
    this.name = 'SharedLinkError';
    this.status = status;
    this.canRetry = canRetry;
  }
}

/** The server's own sentence (`{error: {message}}`) for a link that does not open; ours for anything else. */
async function failure(response: Response): Promise<SharedLinkError> {
  const { status } = response;
  if (status === 429) return new SharedLinkError(MESSAGES.tooMany, status, true);
  if (status === 400 || status === 404 || status === 410) {
    const body = (await response.json().catch(() => null)) as { error?: { message?: unknown } } | null;
    const message = typeof body?.error?.message === 'string' ? body.error.message : MESSAGES.failed;
    return new SharedLinkError(message, status, false);
  }
  return new SharedLinkError(MESSAGES.failed, status, true);
}

async function post(path: string, body: Record<string, string>): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    throw new SharedLinkError(MESSAGES.network, null, true);
  }
  if (!response.ok) throw await failure(response);
  return response;
}

const SHARED_SNAPSHOT_PATHS = {
  view: '/api/shared/snapshot',
  photo: '/api/shared/snapshot/photo',
  pdf: '/api/shared/snapshot/pdf',
} as const;

export async function readSharedSnapshot(token: string): Promise<SnapshotView> {
  const response = await post(SHARED_SNAPSHOT_PATHS.view, { token });
  return (await response.json()) as SnapshotView;
}

/** The photo as a blob, or null when there is none or it cannot be had (the page shows without it). */
export async function readSharedPhoto(token: string): Promise<Blob | null> {
  try {
    return await (await post(SHARED_SNAPSHOT_PATHS.photo, { token })).blob();
  } catch {
    return null;
  }
}

export async function readSharedPdf(token: string, paper: SnapshotPaper): Promise<Blob> {
  return (await post(SHARED_SNAPSHOT_PATHS.pdf, { token, paper })).blob();
}
