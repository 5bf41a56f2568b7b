import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePlainText, joinPages, PAGE_BREAK, searchableText, storableText } from '../../../server/features/documents/document-text.ts';

/** What PostgreSQL refuses in a text column. */
// oxlint-disable-next-line no-control-regex -- NUL is exactly what PostgreSQL refuses
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('storableText', () => {
  it('removes NUL characters and lone surrogates, keeps emoji', () => {
    expect(storableText('IEP\u0000 review \uD83C\uDF89 \uD800 done \uDC00!')).toBe('IEP review \uD83C\uDF89  done !');
  });

  it('leaves nothing PostgreSQL refuses, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(UNSTORABLE.test(storableText(text))).toBe(false);
      }),
    );
  });
});

describe('searchableText', () => {
  it('puts one space between words, trims lines and keeps at most one blank line', () => {
    expect(searchableText('  Present\t levels \u00a0of\r\nperformance  \n\n\n\n\nGoals ', 1000)).toBe(
      'Present levels of\nperformance\n\nGoals',
    );
  });

  it('is null when nothing but space is left', () => {
    expect(searchableText(' \n\t\u0000 \n', 1000)).toBeNull();
  });

  it('cuts at the limit without leaving half an emoji', () => {
    expect(searchableText('ab🎉cd', 3)).toBe('ab');
    expect(searchableText('ab🎉cd', 4)).toBe('ab🎉');
  });

  it('never exceeds the limit and stays storable', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), fc.integer({ min: 1, max: 200 }), (text, limit) => {
        const result = searchableText(text, limit);
        expect((result ?? '').length).toBeLessThanOrEqual(limit);
        expect(UNSTORABLE.test(result ?? '')).toBe(false);
      }),
    );
  });
});

describe('decodePlainText', () => {
  it('drops the byte order mark and decodes UTF-8', () => {
    expect(decodePlainText(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Réunion 🎉')]))).toBe('Réunion 🎉');
  });

  it('replaces invalid bytes instead of failing', () => {
    expect(decodePlainText(new Uint8Array([0x61, 0xff, 0x62]))).toBe('a\uFFFDb');
  });
});

describe('joinPages', () => {
  it('separates pages with a page break, keeps empty pages in the count, and cuts at the limit', () => {
    expect(joinPages(['First page', '', 'Third page'], 1000)).toBe(`First page${PAGE_BREAK}${PAGE_BREAK}Third page`);
    // The page a word is on is one more than the breaks before it.
    const text = joinPages(['Intro', 'Scores', 'Dysgraphia noted'], 1000) ?? '';
    expect(text.slice(0, text.indexOf('Dysgraphia')).split('\f').length).toBe(3);
    expect(joinPages(['', ''], 1000)).toBeNull();
    expect(joinPages(['abc', 'def'], 4)).toBe('abc');
    expect(joinPages(['', 'Second'], 1000)).toBe(`${PAGE_BREAK}Second`);
  });
});
