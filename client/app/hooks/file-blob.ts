import { HttpError } from '../../lib/api-request.ts';
import { getAuthToken } from '../../lib/auth-token.ts';

/*
 * Files need the bearer token, which a plain link cannot send: they are fetched with it and handed to
 * the browser as a blob (decision 0043). The vault's files and the account's export both go this way.
 */

/** A file from the API as a Blob, typed as the server sent it (a PDF blob opens in the PDF viewer). */
export async function fetchFileBlob(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = await getAuthToken();
  const response = await fetch(url, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) throw new HttpError(response.status, response.statusText, await response.text().catch(() => ''));
  return response.blob();
}

/** Saves a blob under `fileName` through a temporary link (the browser's own download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken the bytes once the click is handled; a moment later the URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
