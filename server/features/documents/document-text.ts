/*
 * Text taken out of a file, made fit for search: PostgreSQL refuses NUL characters and lone
 * surrogates in text, and a tsvector holds at most 1 MB, so both are removed and the text is cut.
 */

// oxlint-disable-next-line no-control-regex -- NUL is exactly what PostgreSQL refuses
const NUL = /\u0000/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Whitespace inside a line (every Unicode space but the line breaks). */
const INLINE_SPACE = /[^\S\n]+/g;

/** Removes what PostgreSQL cannot store in a text column. */
export function storableText(text: string): string {
  return text.replace(NUL, '').replace(LONE_SURROGATE, '');
}

/**
 * One space between words, lines trimmed, no runs of blank lines, CR LF as LF, then cut at `limit`
 * characters (never between the halves of a surrogate pair). Null when nothing is left.
 */
export function searchableText(text: string, limit: number): string | null {
  const lines = storableText(text)
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(INLINE_SPACE, ' ').trim());
  const joined = lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const cut = joined.length > limit ? storableText(joined.slice(0, limit)).trimEnd() : joined;
  return cut.length > 0 ? cut : null;
}

/**
 * What separates a PDF's pages in its stored text: a form feed on a line of its own. Each page's text
 * (searchableText) holds none, so the page a word is on is one more than the breaks before it.
 */
export const PAGE_BREAK = '\n\f\n';

/**
 * A PDF's pages' texts (each already searchableText; '' for a page with none) as one text, pages
 * separated by PAGE_BREAK, cut at `limit` characters. Null when no page has text.
 */
export function joinPages(pages: readonly string[], limit: number): string | null {
  // Leading breaks stay (an empty first page is still page 1); trailing ones say nothing.
  const joined = pages.join(PAGE_BREAK).replace(/[\n\f]+$/, '');
  const cut = joined.length > limit ? storableText(joined.slice(0, limit)).replace(/[\n\f]+$/, '') : joined;
  return cut.replace(/\f/g, '').trim().length > 0 ? cut : null;
}

/** A plain-text file's bytes as text: UTF-8, the byte order mark dropped, invalid bytes as U+FFFD. */
export function decodePlainText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false, ignoreBOM: false }).decode(bytes);
}
