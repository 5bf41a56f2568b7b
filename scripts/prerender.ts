/**
 * Prerenders every public page into the built index.html (after `vite build` and the SSR build of
 * client/site/prerender-entry.tsx). Writes dist/client/site/<name>.html per page, 404.html for the
 * not-found page, and dist/client/site/routes.json (path -> file) for the server. Leaves
 * dist/client/index.html untouched: the server sends it, unrendered, to app paths.
 *
 * Run: node scripts/prerender.ts   (npm run build does it)
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

interface SitePage {
  path: string;
  name: string;
  title: string;
  description: string;
  heading: string;
}

interface PrerenderEntry {
  PUBLIC_PAGES: readonly SitePage[];
  NOT_FOUND_PAGE: SitePage;
  pageFileName: (page: SitePage) => string;
  preloadAllPages: () => Promise<void>;
  renderPage: (page: SitePage) => string;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(root, 'dist/client');
const siteDir = path.join(clientDir, 'site');
const PLACEHOLDER = '<!--app-html-->';

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The JS files a chunk needs (itself and its static imports), in load order, without duplicates. */
export function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  const files = (chunk.imports ?? []).flatMap((imported) => chunkFiles(manifest, imported, seen));
  return [...files, chunk.file];
}

/** Puts a page's title, description, preload hints and markup into the built index.html. */
export function fillTemplate(template: string, page: SitePage, appHtml: string, preloads: readonly string[]): string {
  if (!template.includes(PLACEHOLDER)) throw new Error(`index.html has no ${PLACEHOLDER} placeholder`);
  const title = `<title>${escapeHtml(page.title)}</title>`;
  const description = `<meta name="description" content="${escapeHtml(page.description)}" />`;
  const hints = preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  let html = template;
  // Replace the template's title and description, or add them when it has none.
  html = /<title>[^<]*<\/title>/.test(html)
    ? html.replace(/<title>[^<]*<\/title>/, () => title)
    : html.replace('</head>', () => `${title}</head>`);
  html = /<meta name="description"[^>]*>/.test(html)
    ? html.replace(/<meta name="description"[^>]*>/, () => description)
    : html.replace('</head>', () => `${description}</head>`);
  return html.replace('</head>', () => `${hints}</head>`).replace(PLACEHOLDER, () => appHtml);
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** Gzipped size of built files (the JS a page downloads before it is interactive). */
async function gzipSize(files: readonly string[]): Promise<number> {
  let total = 0;
  for (const file of new Set(files)) total += gzipSync(await readFile(path.join(clientDir, file)), { level: 9 }).length;
  return total;
}

async function main(): Promise<void> {
  const entryPath = path.join(root, 'dist/prerender/prerender-entry.js');
  if (!existsSync(entryPath)) throw new Error(`${entryPath} is missing: run the SSR build first (npm run build)`);
  const template = await readFile(path.join(clientDir, 'index.html'), 'utf8');
  const manifestPath = path.join(clientDir, '.vite/manifest.json');
  const manifest: Manifest = existsSync(manifestPath) ? JSON.parse(await readFile(manifestPath, 'utf8')) : {};

  const entry = (await import(pathToFileURL(entryPath).href)) as PrerenderEntry;
  await entry.preloadAllPages();

  // Already in index.html: the entry and its static imports. Hint the site chunk and the page's chunk.
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? 'index.html';
  const entryFiles = chunkFiles(manifest, entryKey);
  const inHtml = new Set(entryFiles);
  const siteFiles = chunkFiles(manifest, 'client/site/site-client.tsx');

  await mkdir(siteDir, { recursive: true });
  const routes: Record<string, string> = {};
  const pages = [...entry.PUBLIC_PAGES, entry.NOT_FOUND_PAGE];
  for (const page of pages) {
    const pageModule = page.path === entry.NOT_FOUND_PAGE.path ? 'not-found' : page.name === 'index' ? 'home' : page.name;
    const pageFiles = chunkFiles(manifest, `client/site/pages/${pageModule}.tsx`);
    const preloads = [...new Set([...siteFiles, ...pageFiles])].filter((file) => !inHtml.has(file));
    const appHtml = entry.renderPage(page);
    if (!appHtml.includes('<h1')) throw new Error(`${page.path} rendered without an h1`);
    const file = entry.pageFileName(page);
    await writeFile(path.join(siteDir, file), fillTemplate(template, page, appHtml, preloads));
    routes[page.path] = file;
    const jsGzip = await gzipSize([...entryFiles, ...preloads]);
    console.log(
      `prerendered ${page.path.padEnd(14)} -> dist/client/site/${file.padEnd(17)} html ${kb(appHtml.length)}, first-load JS ${kb(jsGzip)} gzip`,
    );
  }
  await writeFile(path.join(siteDir, 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
