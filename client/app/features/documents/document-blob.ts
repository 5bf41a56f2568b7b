import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchFileBlob } from '../../hooks/file-blob.ts';

/*
 * Files, previews and thumbnails need the bearer token, which an <img src> or <iframe src> cannot
 * send: they are fetched with it and shown from a blob: URL (decision 0043), revoked when the
 * component showing it goes.
 */

/** A blob: URL for `blob` while the component is mounted; null before. */
export function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const made = URL.createObjectURL(blob);
    // The URL is a resource outside React, made and revoked with this effect (twice in StrictMode).
    // oxlint-disable-next-line react/set-state-in-effect
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

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
