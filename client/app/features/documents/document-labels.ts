import type { DocumentCategory, DocumentMediaType } from '#shared/schemas/document.ts';

export const CATEGORY_LABELS: Record<DocumentCategory, string> = {
  iep: 'IEP',
  '504-plan': '504 plan',
  evaluation: 'Evaluation',
  'report-card': 'Report card',
  'progress-report': 'Progress report',
  medical: 'Medical',
  therapy: 'Therapy',
  correspondence: 'Correspondence',
  receipt: 'Receipt',
  other: 'Other',
};

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

/** What the app can show itself: the browser's PDF viewer, or an <img>. HEIC, text and Word are downloaded. */
export function previewKind(mediaType: DocumentMediaType): 'pdf' | 'image' | null {
  if (mediaType === 'application/pdf') return 'pdf';
  if (mediaType === 'image/jpeg' || mediaType === 'image/png' || mediaType === 'image/webp') return 'image';
  return null;
}
