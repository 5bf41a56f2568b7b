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
