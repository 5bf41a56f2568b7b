import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUIDE_LIMITS, loadGuide, sanitizeArticleHtml } from '../../../scripts/guide-content.ts';
import { isAppPath } from '../../../shared/app-paths.ts';
import { GUIDE_ARTICLE_TITLES, GUIDE_ARTICLES, GUIDE_THEMES } from '../../../shared/guide.ts';
import { readingGrade } from '../../../scripts/lib/reading-grade.ts';

const { articles, templates } = loadGuide();
const slugs = new Set(articles.map((article) => article.slug));
const templateIds = new Set(templates.map((template) => template.id));

const { maxReadingGrade, minutes } = GUIDE_LIMITS;

describe('the guide articles', () => {
  it('are at least 30, in every theme, with every topic the app links to', () => {
    expect(articles.length).toBeGreaterThanOrEqual(30);
    expect(new Set(articles.map((article) => article.theme))).toEqual(new Set(GUIDE_THEMES));
    expect(Object.values(GUIDE_ARTICLES).filter((slug) => !slugs.has(slug))).toEqual([]);
  });

  it('are named in suggestions as their files name them', () => {
    const titles = Object.fromEntries(articles.map((article) => [article.slug, article.title]));
    expect(GUIDE_ARTICLE_TITLES).toEqual(Object.fromEntries(Object.values(GUIDE_ARTICLES).map((slug) => [slug, titles[slug]])));
  });

  it.each(articles.map((article) => [article.slug, article] as const))('%s: summary, length, next steps and sources', (_slug, article) => {
    expect(article.summary.endsWith('.')).toBe(true);
    expect(article.minutes).toBeGreaterThanOrEqual(minutes.min);
    expect(article.minutes).toBeLessThanOrEqual(minutes.max);
    expect(article.html).toMatch(GUIDE_LIMITS.closingSection);
    expect(article.sources.length).toBeGreaterThan(0);
  });

  it.each(articles.map((article) => [article.slug, article] as const))(
    `%s: reads at grade ${maxReadingGrade} or below`,
    (_slug, article) => {
      expect(readingGrade(article.text).grade).toBeLessThanOrEqual(maxReadingGrade);
    },
  );

  it('link only to articles, templates and screens that exist', () => {
    const broken = articles.flatMap((article) =>
      article.internalLinks
        .filter((href) => {
          const [, guide, second, third] = href.split('/');
          if (guide !== 'guide') return !isAppPath(href);
          return second === 'templates' ? !templateIds.has(third ?? '') : !slugs.has(second ?? '');
        })
        .map((href) => `${article.slug} -> ${href}`),
    );
    expect(broken).toEqual([]);
  });

  it('hold no title of their own, and no raw markup', () => {
    for (const article of articles) {
      expect(article.html).not.toMatch(/<(h1|script|style|img|iframe|form|input)\b/i);
      expect(article.html).not.toMatch(/\son\w+=/i);
    }
  });
});

describe('the templates', () => {
  it('are the three letters a parent sends the school and the letter of medical necessity, each explained by an article', () => {
    expect([...templateIds].sort()).toEqual([
      'letter-of-medical-necessity',
      'parent-concerns-statement',
      'request-for-an-evaluation',
      'request-for-an-iep-meeting',
    ]);
    for (const template of templates) expect(slugs.has(template.article)).toBe(true);
  });

  it('use every field they declare, and only those', () => {
    for (const template of templates) {
      const used = new Set([...template.body.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]));
      expect(used).toEqual(new Set(template.fields.map((field) => field.key)));
    }
  });
});

describe('sanitising', () => {
  it('keeps text structure and links, and drops scripts, handlers, images and unsafe links', () => {
    const html = sanitizeArticleHtml(
      '<h1>Title</h1><p onclick="steal()">Hi <a href="javascript:alert(1)">x</a> <a href="https://www.cdc.gov/adhd/">CDC</a> <a href="/guide/sleep">sleep</a></p><script>alert(1)</script><img src=x onerror=alert(1)><ul><li class="guide-task">Bring it</li></ul>',
    );
    expect(html).toBe(
      'Title<p>Hi <a>x</a> <a href="https://www.cdc.gov/adhd/">CDC</a> <a href="/guide/sleep">sleep</a></p><ul><li class="guide-task">Bring it</li></ul>',
    );
  });

  it('refuses a file without front matter or sources, naming the file', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'guide-'));
    mkdirSync(path.join(dir, 'articles'));
    mkdirSync(path.join(dir, 'templates'));
    writeFileSync(
      path.join(dir, 'articles', 'bad.md'),
      '---\ntitle: A title\nsummary: A summary that is long enough.\ntheme: school\nsources: []\n---\nText.\n',
    );
    expect(() => loadGuide(dir)).toThrow(/articles\/bad\.md: .*at least one public source/s);
    writeFileSync(path.join(dir, 'articles', 'bad.md'), 'No front matter.\n');
    expect(() => loadGuide(dir)).toThrow('articles/bad.md: starts with no front matter');
  });
});
