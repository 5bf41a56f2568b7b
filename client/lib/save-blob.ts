/*
 * Saving a file the page already holds (a PDF, an export) as the browser's own download. In client/lib
 * so the light shared snapshot page uses it without the app's code.
 */

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
