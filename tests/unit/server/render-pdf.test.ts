import { describe, expect, it } from 'vitest';
import { renderPdf } from '../../../server/core/pdf.ts';

/** The letter issue 24 found holding up every request: 20,000 characters without a space (the most a letter may hold). */
const unbroken = { title: 'Notes', paragraphs: Array.from({ length: 5 }, (_, index) => String(index).repeat(4000)) };

/** How many times the event loop came round (setImmediate callbacks) while `work` was under way. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const turn = () => {
    if (!running) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    return { result: await work(), turns };
  } finally {
    running = false;
  }
}

describe('renderPdf', () => {
  it('lays a long unbroken letter out off the event loop: other work goes on meanwhile', async () => {
    // The worker's start (loading pdfkit and the font) is not what is measured.
    await renderPdf({ title: 'Warm up', paragraphs: ['Hello'] });
    const { result, turns } = await turnsDuring(() => renderPdf(unbroken));
    expect(result.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // On the event loop, the loop came round a handful of times (while the bytes were read); off it, hundreds at least.
    expect(turns).toBeGreaterThan(200);
  }, 30_000);

  it('makes several PDFs asked for at once, each its own', async () => {
    const titles = ['First letter', 'Second letter', 'Third letter'];
    const pdfs = await Promise.all(titles.map((title) => renderPdf({ title, paragraphs: [title] })));
    for (const [index, pdf] of pdfs.entries()) expect(pdf.toString('latin1')).toContain(`(${titles[index]})`);
  }, 30_000);
});
