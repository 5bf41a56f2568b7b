import { useEffect, useState } from 'react';

/**
 * A blob: URL for `blob` while the component is mounted; null before. Files need the bearer token,
 * which an <img src> or <iframe src> cannot send: they are fetched with it and shown from a blob:
 * URL (decision 0043), revoked when the component showing it goes.
 */
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
