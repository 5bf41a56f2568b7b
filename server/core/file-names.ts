import { DOCUMENT_EXTENSIONS, type DocumentMediaType } from '#shared/schemas/document.ts';

/** Names Windows refuses for a file or folder, whatever the extension. */
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
/** Characters Windows or macOS refuse in a name, and control characters. */
const REFUSED = /[<>:"/\\|?*\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;
/** Long enough for a date and a title, short enough that a path stays under Windows' 260 characters. */
const MAX_NAME_CHARS = 100;

/**
 * One path segment that every common file system accepts: refused characters become spaces, runs of
 * spaces shrink, no leading or trailing dots or spaces, not a reserved device name, at most 100
 * characters (the extension kept). `fallback` when nothing is left.
 */
export function safeSegment(raw: string, fallback: string): string {
  let name = raw
    .normalize('NFC')
    .replace(REFUSED, ' ')
    .replace(/[\uD800-\uDFFF]/g, (char, index: number, all: string) => (isPaired(all, index) ? char : ''))
    .replace(/\s+/g, ' ')
    // "annual .pdf" (a refused character replaced before the extension) reads "annual.pdf".
    .replace(/\s+(\.[^.\s]{1,8})$/, '$1')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (name === '') name = fallback;
  if (RESERVED.test(name)) name = `_${name}`;
  const chars = [...name];
  if (chars.length > MAX_NAME_CHARS) {
    const extension = /\.[^.\s]{1,8}$/.exec(name)?.[0] ?? '';
    const keep = MAX_NAME_CHARS - [...extension].length;
    name = `${chars
      .slice(0, keep)
      .join('')
      .replace(/[\s.]+$/, '')}${extension}`;
  }
  return name;
}

function isPaired(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code <= 0xdbff) return (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00;
  return (text.charCodeAt(index - 1) & 0xfc00) === 0xd800;
}

/**
 * Hands out names that are unique within one folder as Windows and macOS compare them (case and
 * Unicode form ignored): the second `Notes.pdf` becomes `Notes (2).pdf`.
 */
export function uniqueNames() {
  const taken = new Set<string>();
  const key = (name: string) => name.normalize('NFC').toLowerCase();
  return (name: string): string => {
    if (!taken.has(key(name))) {
      taken.add(key(name));
      return name;
    }
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let n = 2; ; n += 1) {
      const candidate = `${stem} (${n})${extension}`;
      if (!taken.has(key(candidate))) {
        taken.add(key(candidate));
        return candidate;
      }
    }
  };
}

/**
 * The extension a stored file is exported under: the one its name has when it fits the media type
 * (`.jpeg` for a JPEG too), else the type's own, so a PDF named `x.exe` leaves as `.pdf`.
 */
export function extensionFor(fileName: string, mediaType: string): string {
  const own = DOCUMENT_EXTENSIONS[mediaType as DocumentMediaType] ?? 'bin';
  const named = /\.([a-z0-9]{1,5})$/i.exec(fileName)?.[1]?.toLowerCase();
  const same = own === 'jpg' ? ['jpg', 'jpeg'] : [own];
  return named && same.includes(named) ? named : own;
}
