/*
 * How a letter is set, shared by its preview in the app and its PDF (server/core/pdf.ts), so the
 * letter a school receives looks like the one the parent read (decision 0076).
 */
export const LETTER_LAYOUT = {
  /** Liberation Sans is embedded in the PDF; Arial and Helvetica have the same metrics. */
  fontFamily: '"Liberation Sans", Arial, Helvetica, sans-serif',
  /** Body text in the PDF, in points. */
  fontSizePt: 11,
  /** Baseline to baseline, as a multiple of the font size. */
  lineHeight: 1.5,
  /** Between paragraphs: one blank line. */
  paragraphGapLines: 1,
} as const;
