import { INLINE_MEDIA_TYPES, type DocumentMediaType } from '#shared/schemas/document.ts';

/** A document's category as the vault and the meeting pack name it. */
export { DOCUMENT_CATEGORY_LABELS as CATEGORY_LABELS } from '#shared/record-labels.ts';

/** A short name for the kind of file, shown beside its size. */
export const MEDIA_TYPE_SHORT: Record<DocumentMediaType, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/heic': 'HEIC',
  'text/plain': 'Text',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word',
};

/**
 * What the app can show itself: the types the server sends inline (INLINE_MEDIA_TYPES), a PDF in the
 * browser's viewer and the rest in an <img>. HEIC, text and Word are downloaded.
 */
export function previewKind(mediaType: DocumentMediaType): 'pdf' | 'image' | null {
  if (!INLINE_MEDIA_TYPES.includes(mediaType)) return null;
  return mediaType === 'application/pdf' ? 'pdf' : 'image';
}
