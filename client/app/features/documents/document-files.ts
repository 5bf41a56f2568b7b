import { formatBytes } from '#shared/bytes.ts';
import { DOCUMENT_ACCEPT, DOCUMENT_MEDIA_TYPES, type StorageUsage } from '#shared/schemas/document.ts';

/** The accepted types in words: "PDF, JPEG image, ... and Word document (DOCX)". */
export const ACCEPTED_TYPES_TEXT = (() => {
  const names = Object.values(DOCUMENT_MEDIA_TYPES);
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
})();

const acceptList = DOCUMENT_ACCEPT.split(',').map((item) => item.trim().toLowerCase());
const acceptedExtensions = new Set(acceptList.filter((item) => item.startsWith('.')));
const acceptedTypes = new Set(acceptList.filter((item) => item.includes('/')));

/** ".pdf" for "IEP 2025.PDF"; '' when the name has no extension. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot).toLowerCase();
}

export interface FileFacts {
  name: string;
  size: number;
  /** The type the browser guessed ('' when it does not know). */
  type: string;
}

/**
 * Why a file cannot be sent, or null when it may be. Only what the browser can tell for sure is
 * checked here: the size against the server's per-file limit and free space, and a name and type
 * that are both outside the accepted list. The server judges the content itself (a ".pdf" that is
 * really a web page is refused there, with its own message).
 */
export function fileProblem(
  file: FileFacts,
  usage: Pick<StorageUsage, 'maxFileBytes' | 'usedBytes' | 'quotaBytes'> | undefined,
): string | null {
  if (file.size === 0) return `${file.name} is empty. Choose the file again, or another copy of it.`;
  const extension = extensionOf(file.name);
  const type = file.type.toLowerCase();
  const known = (extension !== '' && acceptedExtensions.has(extension)) || (type !== '' && acceptedTypes.has(type));
  if (!known && (extension !== '' || type !== '')) {
    return `${file.name} is not a type the vault keeps. It accepts ${ACCEPTED_TYPES_TEXT}.`;
  }
  if (usage && file.size > usage.maxFileBytes) {
    return `${file.name} is ${formatBytes(file.size)}, over the ${formatBytes(usage.maxFileBytes)} limit for one file.`;
  }
  if (usage && usage.usedBytes + file.size > usage.quotaBytes) {
    const left = Math.max(0, usage.quotaBytes - usage.usedBytes);
    return `${file.name} (${formatBytes(file.size)}) does not fit: ${formatBytes(left)} of your ${formatBytes(usage.quotaBytes)} is left.`;
  }
  return null;
}

/** The storage meter's words: "12.5 MB of 1 GB used". */
export function storageText(usage: Pick<StorageUsage, 'usedBytes' | 'quotaBytes'>): string {
  return `${formatBytes(usage.usedBytes)} of ${formatBytes(usage.quotaBytes)} used`;
}

/** How full the quota is, 0 to 100 (whole numbers; a single byte used shows as at least 1). */
export function storagePercent(usage: Pick<StorageUsage, 'usedBytes' | 'quotaBytes'>): number {
  if (usage.quotaBytes <= 0) return 100;
  const percent = (usage.usedBytes / usage.quotaBytes) * 100;
  if (percent > 0 && percent < 1) return 1;
  return Math.min(100, Math.round(percent));
}
