import { fileTypeFromBuffer } from 'file-type';
import type { DocumentMediaType } from '#shared/schemas/document.ts';

/** How many first bytes of an upload decide its type (what file-type needs for every format it knows). */
export const SNIFF_BYTES = 4100;

export type SniffResult =
  | { ok: true; mediaType: DocumentMediaType }
  | { ok: false; detected: string | null; reason: 'script' | 'unsupported' | 'empty' };

/** What file-type reports, mapped to the vault's types (HEIF from Android phones is kept as HEIC). */
const ACCEPTED: Readonly<Record<string, DocumentMediaType>> = {
  'application/pdf': 'application/pdf',
  'image/jpeg': 'image/jpeg',
  'image/png': 'image/png',
  'image/webp': 'image/webp',
  'image/heic': 'image/heic',
  'image/heif': 'image/heic',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document':
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** Markup a browser could run script from, whatever the file is named. */
const SCRIPTABLE_TYPES = new Set(['application/xml', 'text/xml', 'image/svg+xml', 'text/html', 'application/xhtml+xml']);

/** Tags that make a text file a page or a drawing. Matched in the whole head, case-insensitively. */
const SCRIPTABLE_MARKUP = /<(?:script|svg|html|iframe|object|embed)[\s>/]|<!doctype\s+html|<\?xml[\s?]/i;

/** Markup from the first non-blank character: `<html`, `<svg`, `<!DOCTYPE`, `<?xml`, `<head>`... */
const STARTS_AS_MARKUP = /^\s*<(?:!doctype|\?xml|html|head|body|svg|script|xsl:|rdf:|math)[\s>:]/i;

/** Share of code points that may be control characters (outside tab, line feed, form feed, carriage return). */
const MAX_CONTROL_SHARE = 0.01;

/**
 * The type of a file judged by its first bytes (pass up to SNIFF_BYTES; more are ignored), never by
 * its name or the type the browser claimed.
 */
export async function sniffMediaType(head: Uint8Array): Promise<SniffResult> {
  if (head.byteLength === 0) return { ok: false, detected: null, reason: 'empty' };
  const bytes = head.byteLength > SNIFF_BYTES ? head.subarray(0, SNIFF_BYTES) : head;

  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    const mediaType = ACCEPTED[detected.mime];
    if (mediaType) return { ok: true, mediaType };
    if (SCRIPTABLE_TYPES.has(detected.mime)) return { ok: false, detected: detected.mime, reason: 'script' };
    return { ok: false, detected: detected.mime, reason: 'unsupported' };
  }

  const text = decodeTextHead(bytes);
  if (text === null) return { ok: false, detected: null, reason: 'unsupported' };
  if (STARTS_AS_MARKUP.test(text) || SCRIPTABLE_MARKUP.test(text)) return { ok: false, detected: markupTypeOf(text), reason: 'script' };
  if (!isMostlyPrintable(text)) return { ok: false, detected: null, reason: 'unsupported' };
  return { ok: true, mediaType: 'text/plain' };
}

/**
 * The head as text when it is UTF-8 without NUL bytes, else null. A character cut by the end of the
 * head (up to three bytes of an unfinished sequence) does not count against it.
 */
export function decodeTextHead(bytes: Uint8Array): string | null {
  if (bytes.includes(0)) return null;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    // stream: true keeps an unfinished sequence at the end instead of calling it invalid.
    return decoder.decode(bytes, { stream: true });
  } catch {
    return null;
  }
}

export function isMostlyPrintable(text: string): boolean {
  let characters = 0;
  let controls = 0;
  for (const char of text) {
    characters++;
    const code = char.codePointAt(0) as number;
    const allowed = code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;
    if (!allowed && (code < 0x20 || (code >= 0x7f && code <= 0x9f))) controls++;
  }
  return characters > 0 && controls / characters <= MAX_CONTROL_SHARE;
}

/** The kind of markup, so the refusal can name it. */
function markupTypeOf(text: string): string {
  if (/<svg[\s>/]/i.test(text)) return 'image/svg+xml';
  if (/<!doctype\s+html|<html[\s>/]/i.test(text)) return 'text/html';
  if (/^\s*<\?xml/i.test(text)) return 'application/xml';
  return 'text/html';
}
