// The guide's content, read at build time (decision 0064): Markdown files with YAML front matter in
// client/app/features/guide/content/, rendered to sanitised HTML here and handed to the client as two
// virtual modules, so no Markdown parser ships to the browser:
//   virtual:guide-index    titles, summaries, themes, minutes (the guide chunk)
//   virtual:guide-content  every article's HTML and plain text (loaded after the index, for reading and search)
// The tests read the same files through loadGuide, so what they check is what the build ships.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Marked, type Token, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { Plugin } from 'vite';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import {
  GUIDE_THEMES,
  TEMPLATE_OFFERS,
  TEMPLATE_SOURCES,
  type GuideArticleBody,
  type GuideArticleSummary,
  type GuideTemplate,
} from '../shared/guide.ts';

export const GUIDE_DIR = fileURLToPath(new URL('../client/app/features/guide/content', import.meta.url));
const WORDS_PER_MINUTE = 200;

/** What every article meets (issue 13): read at grade 8 or below, in about five minutes, ending with what to do. */
export const GUIDE_LIMITS = {
  maxReadingGrade: 8,
  minutes: { min: 2, max: 7 },
  closingSection: /<h2>(Checklist|Next steps)[^<]*<\/h2>/,
} as const;

const sourceSchema = z.strictObject({ name: z.string().min(3), url: z.url({ protocol: /^https$/ }) });

const articleMetaSchema = z.strictObject({
  title: z.string().min(3).max(90),
  summary: z.string().min(20).max(200),
  theme: z.enum(GUIDE_THEMES),
  /** Extra words a parent might search by ("504", "meeting"); the title and text are searched anyway. */
  // YAML reads `[504]` as a number: a keyword is whatever the writer typed.
  keywords: z.array(z.union([z.string(), z.number()]).transform(String)).default([]),
  sources: z.array(sourceSchema).min(1, 'Name at least one public source'),
});

const templateFieldSchema = z.strictObject({
  key: z.string().regex(/^[a-z][A-Za-z]*$/),
  label: z.string().min(2),
  /** Where the value starts from in the record; the parent can change it. */
  from: z.enum(TEMPLATE_SOURCES).optional(),
  /** Names from the record offered for the field (the child's teachers for "To"). */
  offer: z.enum(TEMPLATE_OFFERS).optional(),
  multiline: z.boolean().default(false),
  hint: z.string().optional(),
});

const templateMetaSchema = z.strictObject({
  title: z.string().min(3).max(90),
  summary: z.string().min(20).max(200),
  /** The article that explains when and how to send it. */
  article: z.string(),
  fields: z.array(templateFieldSchema).min(1),
});

export type GuideArticleMeta = z.output<typeof articleMetaSchema> & { slug: string; minutes: number; words: number };
export type GuideArticle = GuideArticleMeta & {
  html: string;
  /** The words a reader sees, one block per line: searched, and measured for reading grade. */
  text: string;
  /** Paths of the links inside the body that stay in Trelli. */
  internalLinks: string[];
};

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/;

function splitFrontMatter(file: string, source: string): { meta: unknown; body: string } {
  const match = FRONT_MATTER.exec(source.replaceAll('\r\n', '\n'));
  if (!match) throw new Error(`${file}: starts with no front matter (--- ... ---)`);
  return { meta: parseYaml(match[1] ?? ''), body: match[2] ?? '' };
}

function parseMeta<T>(schema: z.ZodType<T>, meta: unknown, file: string): T {
  const parsed = schema.safeParse(meta);
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** Block-level text, one line per paragraph, heading or list item, so each counts as a sentence. */
function plainText(tokens: Token[]): string[] {
  const lines: string[] = [];
  for (const token of tokens) {
    if (token.type === 'list') {
      for (const item of (token as Tokens.List).items) lines.push(...plainText(item.tokens));
    } else if (token.type === 'blockquote') {
      lines.push(...plainText((token as Tokens.Blockquote).tokens));
    } else if (token.type === 'paragraph' || token.type === 'heading' || token.type === 'text') {
      lines.push(inlineText(token));
    }
  }
  return lines.filter((line) => line.length > 0);
}

/** The entities marked leaves in a text token, as the reader sees them (an apostrophe as the typographic one). */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': '’' };

function inlineText(token: Token): string {
  const children = 'tokens' in token && Array.isArray(token.tokens) ? token.tokens : undefined;
  if (children && children.length > 0) return children.map(inlineText).join('');
  if (token.type === 'br') return ' ';
  return 'text' in token && typeof token.text === 'string'
    ? token.text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    : '';
}

function collectLinks(tokens: Token[], into: string[] = []): string[] {
  for (const token of tokens) {
    if (token.type === 'link') into.push((token as Tokens.Link).href);
    if ('tokens' in token && Array.isArray(token.tokens)) collectLinks(token.tokens, into);
    if (token.type === 'list') for (const item of (token as Tokens.List).items) collectLinks(item.tokens, into);
  }
  return into;
}

const markdown = new Marked({
  gfm: true,
  renderer: {
    // A checklist item is for paper and for reading aloud in a meeting: a box drawn by CSS, no form control.
    checkbox: () => '',
    listitem(item) {
      const body = this.parser.parse(item.tokens);
      return item.task ? `<li class="guide-task">${body}</li>\n` : `<li>${body}</li>\n`;
    },
    link({ href, tokens }) {
      const label = this.parser.parseInline(tokens);
      return href.startsWith('/')
        ? `<a href="${href}">${label}</a>`
        : `<a href="${href}" rel="noreferrer" target="_blank">${label}<span class="sr-only"> (opens in a new tab)</span></a>`;
    },
  },
});

/** What article HTML may hold: text structure and links. No scripts, styles, images, forms or h1. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['h2', 'h3', 'p', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'blockquote', 'br', 'span'],
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    allowedClasses: { li: ['guide-task'], span: ['sr-only'] },
    allowedSchemes: ['https'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
  });
}

function renderArticle(slug: string, meta: z.output<typeof articleMetaSchema>, body: string): GuideArticle {
  const tokens = markdown.lexer(body);
  const text = plainText(tokens).join('\n');
  const words = text.split(/\s+/).filter(Boolean).length;
  return {
    ...meta,
    slug,
    words,
    minutes: Math.max(1, Math.round(words / WORDS_PER_MINUTE)),
    html: sanitizeArticleHtml(markdown.parser(tokens)),
    text,
    internalLinks: collectLinks(tokens).filter((href) => href.startsWith('/')),
  };
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort();
}

export function loadGuide(dir = GUIDE_DIR): { articles: GuideArticle[]; templates: GuideTemplate[] } {
  const articles = markdownFiles(path.join(dir, 'articles')).map((name) => {
    const file = path.join('articles', name);
    const { meta, body } = splitFrontMatter(file, readFileSync(path.join(dir, file), 'utf8'));
    return renderArticle(name.slice(0, -3), parseMeta(articleMetaSchema, meta, file), body);
  });
  const templates = markdownFiles(path.join(dir, 'templates')).map((name): GuideTemplate => {
    const file = path.join('templates', name);
    const { meta, body } = splitFrontMatter(file, readFileSync(path.join(dir, file), 'utf8'));
    return { ...parseMeta(templateMetaSchema, meta, file), id: name.slice(0, -3), body: body.trim() };
  });
  return { articles, templates };
}

const INDEX_ID = 'virtual:guide-index';
const CONTENT_ID = 'virtual:guide-content';

/** Serves the two virtual modules, and reloads them when a writer saves a file under `npm run dev`. */
export function guideContent(): Plugin {
  const resolved = (id: string) => `\0${id}`;
  let guide: ReturnType<typeof loadGuide> | undefined;
  return {
    name: 'trelli-guide-content',
    resolveId(id) {
      return id === INDEX_ID || id === CONTENT_ID ? resolved(id) : undefined;
    },
    // Both modules come from one read of the files per build, read again when a writer saves one.
    buildStart() {
      guide = undefined;
    },
    watchChange() {
      guide = undefined;
    },
    load(id) {
      if (id !== resolved(INDEX_ID) && id !== resolved(CONTENT_ID)) return undefined;
      guide ??= loadGuide();
      const { articles, templates } = guide;
      for (const file of [...articles.map((a) => `articles/${a.slug}.md`), ...templates.map((t) => `templates/${t.id}.md`)]) {
        this.addWatchFile(path.join(GUIDE_DIR, file));
      }
      if (id === resolved(INDEX_ID)) {
        const index = articles.map(({ slug, title, summary, theme, keywords, minutes }): GuideArticleSummary => ({
          slug,
          title,
          summary,
          theme,
          keywords,
          minutes,
        }));
        return `export const articles = ${JSON.stringify(index)};\nexport const templates = ${JSON.stringify(templates)};\n`;
      }
      const content = Object.fromEntries(
        articles.map(({ slug, html, text, sources }): [string, GuideArticleBody] => [slug, { html, text, sources }]),
      );
      return `export default ${JSON.stringify(content)};\n`;
    },
  };
}
