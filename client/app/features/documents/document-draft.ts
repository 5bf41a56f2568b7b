import {
  DOCUMENT_LIMITS,
  documentUpdateSchema,
  schoolYearOf,
  type DocumentCategory,
  type DocumentRecord,
  type DocumentUpdate,
} from '#shared/schemas/document.ts';
import { fieldErrorsFromIssues } from '../../../lib/field-errors.ts';

/** The description editor's fields as typed. */
export interface DocumentDraft {
  title: string;
  category: DocumentCategory;
  /** YYYY-MM-DD or ''. */
  documentDate: string;
  /** "2025-2026" or ''. */
  schoolYear: string;
  /** True once the parent typed a school year: the date no longer sets it. */
  schoolYearTouched: boolean;
  /** Comma-separated. */
  tags: string;
  note: string;
  goalIds: number[];
}

export function draftFromDocument(document: DocumentRecord): DocumentDraft {
  const derived = document.documentDate ? schoolYearOf(document.documentDate) : '';
  return {
    title: document.title,
    category: document.category,
    documentDate: document.documentDate ?? '',
    schoolYear: document.schoolYear ?? '',
    // A school year that is not the date's was chosen by the parent: keep it when the date changes.
    schoolYearTouched: (document.schoolYear ?? '') !== derived,
    tags: document.tags.join(', '),
    note: document.note ?? '',
    goalIds: document.goalIds,
  };
}

/** A new document date: the school year follows it until the parent sets one themselves. */
export function withDocumentDate(draft: DocumentDraft, documentDate: string): DocumentDraft {
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(documentDate);
  return {
    ...draft,
    documentDate,
    schoolYear: draft.schoolYearTouched ? draft.schoolYear : valid ? schoolYearOf(documentDate) : '',
  };
}

/** "IEP, reading , , math" -> ["IEP", "reading", "math"]: trimmed, empty ones dropped, each once. */
export function splitTags(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => {
      const key = tag.toLowerCase();
      if (tag === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

export type DraftCheck = { ok: true; data: DocumentUpdate } | { ok: false; errors: Record<string, string> };

/** The draft against the shared update schema: the data to send, or each field's first message. */
export function checkDraft(draft: DocumentDraft): DraftCheck {
  const parsed = documentUpdateSchema.safeParse({
    title: draft.title,
    category: draft.category,
    documentDate: draft.documentDate === '' ? null : draft.documentDate,
    schoolYear: draft.schoolYear.trim() === '' ? null : draft.schoolYear.trim(),
    tags: splitTags(draft.tags),
    note: draft.note.trim() === '' ? null : draft.note,
    goalIds: draft.goalIds,
  });
  if (parsed.success) return { ok: true, data: parsed.data };
  return {
    ok: false,
    errors: fieldErrorsFromIssues(parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }))),
  };
}

/** The fields in the order the editor shows them (for focusing the first error). */
export const DRAFT_FIELDS = ['title', 'category', 'documentDate', 'schoolYear', 'tags', 'note', 'goalIds'] as const;

export const TAGS_HINT = `Separate tags with commas, up to ${DOCUMENT_LIMITS.tags}.`;
