import type { SnapshotPaper, SnapshotView } from '#shared/schemas/snapshot.ts';
import { LINK_MESSAGES, postLink } from './link-page.ts';

/*
 * What the shared snapshot page asks the server (issue 27, decision 0089), as every link page does
 * (./link-page.ts). Types only from shared/: the schemas would bring zod to a page that must stay light.
 */

export const MESSAGES = {
  ...LINK_MESSAGES,
  tooMany: 'This link has been opened many times in a short while. Please wait a minute, then try again.',
  offline: 'You are offline. The snapshot will load when your connection is back.',
  failed: 'Something went wrong while opening this snapshot. Please try again.',
} as const;

const post = (path: string, body: Record<string, string>) =>
  postLink(path, body, { tooMany: MESSAGES.tooMany, otherwise: MESSAGES.failed });

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
