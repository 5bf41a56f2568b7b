import { z } from 'zod';
import { addYears } from '../calendar.ts';
import { authorSchema } from './author.ts';
import { idSchema } from './child.ts';
import { patchOf, text } from './common.ts';
import { dateWithin, earliestPastDay, storedDate, storedTimestamp, todayIso, TOO_LONG_AGO_MESSAGE } from './dates.ts';
import { defineChildActions } from './roles.ts';
import { defineActivityVocabulary } from './activity-vocabulary.ts';

/** What a document is, in the order the vault offers them. */
export const DOCUMENT_CATEGORIES = [
  'iep',
  '504-plan',
  'evaluation',
  'report-card',
  'progress-report',
  'medical',
  'therapy',
  'correspondence',
  'receipt',
  'superbill',
  'invoice',
  'eob',
  'lmn',
  'other',
] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/**
 * The types the vault keeps, judged by the file's first bytes, never by its name or the type the
 * browser claims. SVG and HTML are refused: opened from the vault they could run script.
 */
export const DOCUMENT_MEDIA_TYPES = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'image/webp': 'WebP image',
  'image/heic': 'HEIC photo',
  'text/plain': 'plain text',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document (DOCX)',
} as const;
export type DocumentMediaType = keyof typeof DOCUMENT_MEDIA_TYPES;
export const DOCUMENT_MEDIA_TYPE_LIST = Object.keys(DOCUMENT_MEDIA_TYPES) as DocumentMediaType[];

/** The extension a file of each type is named with when its own name has none that fits (exports). */
export const DOCUMENT_EXTENSIONS: Record<DocumentMediaType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'text/plain': 'txt',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/** Shown in the browser rather than downloaded: PDFs and the images every browser can draw. */
export const INLINE_MEDIA_TYPES: readonly DocumentMediaType[] = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'];

/** What the file picker offers (extensions too, for phones that only know those). */
export const DOCUMENT_ACCEPT =
  '.pdf,.jpg,.jpeg,.png,.webp,.heic,.txt,.docx,application/pdf,image/jpeg,image/png,image/webp,image/heic,text/plain';

export const DOCUMENT_PROCESSING_STATES = ['pending', 'done', 'failed'] as const;

const MB = 1024 * 1024;

export const DOCUMENT_LIMITS = {
  title: 200,
  note: 2000,
  tags: 10,
  tagLength: 40,
  linkedGoals: 10,
  search: 200,
  pageSize: 200,
  defaultPageSize: 100,
  /** A file name longer than this is shortened (the title can be edited). */
  fileName: 255,
  /** Per file and per parent, unless the server is configured otherwise (VAULT_MAX_FILE_MB, VAULT_QUOTA_MB). */
  defaultMaxFileBytes: 25 * MB,
  defaultQuotaBytes: 1024 * MB,
  /** Text kept from one file for search (PostgreSQL's tsvector holds at most 1 MB). */
  contentText: 400_000,
  /** How far ahead a document may be dated (a plan that starts next term). */
  futureYears: 1,
} as const;

export const DOCUMENT_DATE_AHEAD_MESSAGE = `This date is more than ${DOCUMENT_LIMITS.futureYears} year away. Is the year right?`;

/** A document's date: up to HISTORY_YEARS back, up to a year ahead. */
export const documentDate = dateWithin({
  earliest: { day: earliestPastDay, message: TOO_LONG_AGO_MESSAGE },
  latest: { day: (now) => addYears(todayIso(now), DOCUMENT_LIMITS.futureYears), message: DOCUMENT_DATE_AHEAD_MESSAGE },
});

export const SCHOOL_YEAR_MESSAGE = 'Use two years in a row, like 2025-2026';

/** "2025-2026": two consecutive years. */
export const schoolYearSchema = z
  .string()
  .regex(/^\d{4}-\d{4}$/, SCHOOL_YEAR_MESSAGE)
  .refine((value) => Number(value.slice(5)) === Number(value.slice(0, 4)) + 1, SCHOOL_YEAR_MESSAGE);

/** School years start on 1 August: 2025-09-03 is in 2025-2026, 2026-03-01 too. */
export const SCHOOL_YEAR_START_MONTH = 8;

export function schoolYearOf(isoDay: string): string {
  const year = Number(isoDay.slice(0, 4));
  const month = Number(isoDay.slice(5, 7));
  const start = month >= SCHOOL_YEAR_START_MONTH ? year : year - 1;
  return `${start}-${start + 1}`;
}

const tag = text()
  .trim()
  .min(1, 'Tags cannot be empty')
  .max(DOCUMENT_LIMITS.tagLength, `Each tag is at most ${DOCUMENT_LIMITS.tagLength} characters`);

const documentFields = {
  title: text().trim().min(1, 'Give the document a title').max(DOCUMENT_LIMITS.title, `At most ${DOCUMENT_LIMITS.title} characters`),
  category: z.enum(DOCUMENT_CATEGORIES),
  documentDate: documentDate.nullable(),
  /** Derived from the document date when not given. */
  schoolYear: schoolYearSchema.nullable(),
  tags: z.array(tag).max(DOCUMENT_LIMITS.tags, `At most ${DOCUMENT_LIMITS.tags} tags`),
  note: text().trim().max(DOCUMENT_LIMITS.note, `At most ${DOCUMENT_LIMITS.note} characters`).nullable(),
  /** The goals this document is evidence for. */
  goalIds: z.array(idSchema).max(DOCUMENT_LIMITS.linkedGoals, `At most ${DOCUMENT_LIMITS.linkedGoals} linked goals`),
};

/** The description sent with an upload: every field optional (the title defaults to the file name). */
export const documentCreateSchema = z.strictObject(documentFields).partial();
export const documentUpdateSchema = patchOf(documentFields);

export const documentFilterSchema = z.strictObject({
  category: z.enum(DOCUMENT_CATEGORIES).optional(),
  schoolYear: schoolYearSchema.optional(),
  tag: tag.optional(),
  /** Words to find in the title, tags, note or the text inside the file. */
  q: text().trim().max(DOCUMENT_LIMITS.search, `At most ${DOCUMENT_LIMITS.search} characters`).optional(),
  goalId: idSchema.optional(),
  limit: z.number().int().min(1).max(DOCUMENT_LIMITS.pageSize).default(DOCUMENT_LIMITS.defaultPageSize),
  offset: z.number().int().min(0).max(100_000).default(0),
});

/** A download's options: `download=true` asks for an attachment even for a PDF or an image. */
export const documentDownloadSchema = z.strictObject({ download: z.boolean().optional() });
/** A replacement file carries no description fields. */
export const documentReplaceSchema = z.strictObject({});

export const documentSchema = z.object({
  id: z.number().int(),
  childId: z.number().int(),
  title: z.string(),
  category: z.enum(DOCUMENT_CATEGORIES),
  documentDate: storedDate.nullable(),
  schoolYear: z.string().nullable(),
  tags: z.array(z.string()),
  note: z.string().nullable(),
  /** The name the file was uploaded with (shown, and used for downloads). */
  fileName: z.string(),
  mediaType: z.enum(DOCUMENT_MEDIA_TYPE_LIST as [DocumentMediaType, ...DocumentMediaType[]]),
  sizeBytes: z.number().int(),
  pageCount: z.number().int().nullable(),
  /** Text extraction and the thumbnail run just after upload. */
  processing: z.enum(DOCUMENT_PROCESSING_STATES),
  hasThumbnail: z.boolean(),
  goalIds: z.array(z.number().int()),
  /** Who added the document (decision 0086). */
  addedBy: authorSchema,
  /** When the current file was added (the first upload, or the last replacement), and by whom. */
  fileAddedAt: storedTimestamp,
  fileAddedBy: authorSchema,
  /** How many earlier files replacing kept (decision 0087): GET /api/documents/{id}/versions lists them. */
  earlierVersions: z.number().int(),
  createdAt: storedTimestamp,
  updatedAt: storedTimestamp,
});

/** An earlier file of a document, kept when it was replaced (decision 0087). */
export const documentVersionSchema = z.object({
  id: z.number().int(),
  documentId: z.number().int(),
  fileName: z.string(),
  mediaType: z.enum(DOCUMENT_MEDIA_TYPE_LIST as [DocumentMediaType, ...DocumentMediaType[]]),
  sizeBytes: z.number().int(),
  pageCount: z.number().int().nullable(),
  /** When this file was added, and by whom. */
  addedAt: storedTimestamp,
  addedBy: authorSchema,
  /** When it was replaced, and by whom. */
  replacedAt: storedTimestamp,
  replacedBy: authorSchema,
});

export const documentVersionListSchema = z.array(documentVersionSchema);

export const SEARCH_FIELDS = ['title', 'tags', 'note', 'text'] as const;

/** Where a search found its words: a short excerpt with the matching words' positions in it. */
export const searchMatchSchema = z.object({
  field: z.enum(SEARCH_FIELDS),
  excerpt: z.string(),
  highlights: z.array(z.object({ start: z.number().int(), length: z.number().int() })),
  /** For a match in a PDF's text: the page the words are first found on (a preview opens there); else null. */
  page: z.number().int().nullable(),
});

export const documentListItemSchema = documentSchema.extend({ matches: z.array(searchMatchSchema) });

export const documentListSchema = z.object({
  items: z.array(documentListItemSchema),
  /** Documents matching the filter, all pages together. */
  total: z.number().int(),
});

/** What the vault holds for the filters: each category, school year and tag with its count. */
export const documentFacetsSchema = z.object({
  categories: z.array(z.object({ category: z.enum(DOCUMENT_CATEGORIES), count: z.number().int() })),
  schoolYears: z.array(z.object({ schoolYear: z.string(), count: z.number().int() })),
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});

/** The storage meter: what the parent's files use of their quota, and the largest file accepted. */
export const storageUsageSchema = z.object({
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
  maxFileBytes: z.number().int(),
  documentCount: z.number().int(),
});

/** A document as a goal lists it among its evidence. */
export const linkedDocumentSchema = documentSchema.pick({ id: true, title: true, category: true, documentDate: true, mediaType: true });

export type DocumentCreate = z.output<typeof documentCreateSchema>;
export type DocumentUpdate = z.output<typeof documentUpdateSchema>;
export type DocumentFilter = z.output<typeof documentFilterSchema>;
export type DocumentRecord = z.infer<typeof documentSchema>;
export type DocumentListItem = z.infer<typeof documentListItemSchema>;
export type DocumentList = z.infer<typeof documentListSchema>;
export type DocumentFacets = z.infer<typeof documentFacetsSchema>;
export type SearchMatch = z.infer<typeof searchMatchSchema>;
export type StorageUsage = z.infer<typeof storageUsageSchema>;
export type LinkedDocument = z.infer<typeof linkedDocumentSchema>;
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

/** The vault's documents and their files: what a person does and the least role it needs (decision 0094). */
export const documentActions = defineChildActions('documents', {
  list: 'viewer',
  viewFacets: 'viewer',
  view: 'viewer',
  listVersions: 'viewer',
  download: 'viewer',
  downloadVersion: 'viewer',
  viewThumbnail: 'viewer',
  upload: 'updater',
  update: 'updater',
  replaceFile: 'updater',
  delete: 'owner',
});

export const documentActivity = defineActivityVocabulary({
  subject: 'document',
  actions: {
    'document.added': 'Document added',
    'document.updated': 'Document details edited',
    'document.replaced': 'Document file replaced',
    'document.deleted': 'Document removed',
  },
});
