import { useQuery } from '@tanstack/react-query';
import { fetchFileBlob } from '../../hooks/file-blob.ts';
import { useObjectUrl } from '../../hooks/use-object-url.ts';

/*
 * Files, previews and thumbnails need the bearer token, which an <img src> or <iframe src> cannot
 * send: they are fetched with it and shown from a blob: URL (decision 0043), revoked when the
 * component showing it goes.
 */

/**
 * The file at `url` (null: not yet wanted) as a blob: URL. With `keep`, the blob stays in the query
 * cache by `version` (the document's updatedAt), so scrolling back or a list refetch does not fetch a
 * thumbnail again, and a replaced file does.
 */
export function useFileUrl(url: string | null, version: string, { keep = false }: { keep?: boolean } = {}) {
  const query = useQuery({
    queryKey: ['document-file', url, version],
    queryFn: ({ signal }) => fetchFileBlob(url ?? '', signal),
    enabled: url !== null,
    staleTime: Infinity,
    // A whole file (up to 25 MB) is let go when its preview closes; small thumbnails are kept.
    ...(keep ? {} : { gcTime: 0 }),
    retry: false,
  });
  return { url: useObjectUrl(query.data), isError: query.isError, isPending: url !== null && query.isPending, refetch: query.refetch };
}
