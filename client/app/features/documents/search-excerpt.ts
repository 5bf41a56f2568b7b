import type { SearchMatch } from '#shared/schemas/document.ts';

export interface ExcerptPart {
  text: string;
  marked: boolean;
}

/**
 * An excerpt cut into plain and marked parts at the server's `highlights` (offsets in UTF-16 code
 * units, as JavaScript strings count). Overlapping or out-of-range highlights are clipped, so a bad
 * offset never hides or repeats text: joining the parts always gives the excerpt back.
 */
export function excerptParts(excerpt: string, highlights: SearchMatch['highlights']): ExcerptPart[] {
  const ranges = highlights
    .map(({ start, length }) => [Math.max(0, start), Math.min(excerpt.length, start + length)] as const)
    .filter(([start, end]) => end > start)
    .toSorted((a, b) => a[0] - b[0]);
  const parts: ExcerptPart[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    const from = Math.max(start, at);
    if (end <= from) continue;
    if (from > at) parts.push({ text: excerpt.slice(at, from), marked: false });
    parts.push({ text: excerpt.slice(from, end), marked: true });
    at = end;
  }
  if (at < excerpt.length) parts.push({ text: excerpt.slice(at), marked: false });
  return parts;
}

/** Where a search found its words, said to a parent. */
export const MATCH_FIELD_LABELS: Record<SearchMatch['field'], string> = {
  title: 'In the title',
  tags: 'In the tags',
  note: 'In the note',
  text: 'Inside the document',
};
