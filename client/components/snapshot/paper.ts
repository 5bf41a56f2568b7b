import type { SnapshotPaper } from '#shared/schemas/snapshot.ts';

/*
 * The paper a snapshot or meeting pack PDF is made on, and the file it is saved as: the same words and
 * default in the app and on the shared page.
 */

export const PAPER_LABELS: Record<SnapshotPaper, string> = { letter: 'US Letter', a4: 'A4' };
export const PAPERS = Object.keys(PAPER_LABELS) as SnapshotPaper[];

/** Countries whose schools print on US Letter; everywhere else A4. */
const LETTER_REGIONS = new Set(['US', 'CA', 'MX', 'PH', 'CL', 'CO', 'VE', 'GT', 'CR', 'PR']);

/** The paper a reader most likely prints on, from the browser's language ("en-US": Letter, "en-GB": A4). */
export function paperForLocale(locale: string | undefined): SnapshotPaper {
  const region = locale ? /[-_]([A-Za-z]{2})\b/.exec(locale)?.[1]?.toUpperCase() : undefined;
  if (!region) return locale?.toLowerCase().startsWith('en') || !locale ? 'letter' : 'a4';
  return LETTER_REGIONS.has(region) ? 'letter' : 'a4';
}

/** The browser's likely paper, as a select's first choice. */
export function browserPaper(): SnapshotPaper {
  return paperForLocale(typeof navigator === 'undefined' ? undefined : navigator.language);
}

/** A snapshot's PDF file: "Sam snapshot.pdf". */
export function snapshotPdfFileName(firstName: string): string {
  return `${firstName} snapshot.pdf`;
}
