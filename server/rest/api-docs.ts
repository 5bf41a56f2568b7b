/**
 * GET /api/docs: the API reference, Redoc's standalone bundle rendering the live /api/openapi.json.
 * Everything comes from this origin (decision 0035): the page under its own CSP with no other host,
 * the bundle out of node_modules under a versioned, immutable URL.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Express } from 'express';
import { publicRoute } from './route-kit.ts';

const require = createRequire(import.meta.url);
const REDOC_VERSION = (require('redoc/package.json') as { version: string }).version;

export const API_DOCS_PATH = '/api/docs';
const OPENAPI_PATH = '/api/openapi.json';

/**
 * The bundle as served. Its sidebar footer always draws Redocly's logo from their CDN, with no option to
 * turn it off: an empty src makes the browser fail the image without a request, and the component then
 * drops it. The source map is not shipped, so its comment goes too.
 */
function loadRedocBundle(): { script: string; path: string } {
  const script = readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8')
    .replaceAll('https://cdn.redoc.ly/redoc/logo-mini.svg', '')
    .replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
  // The URL names the content, so browsers keep it for good and a changed bundle is a new URL.
  return { script, path: `${API_DOCS_PATH}/redoc-${REDOC_VERSION}-${sha256(script, 'hex').slice(0, 12)}.js` };
}

/** Read once per process (every app a test builds shares it). */
let redocBundle: { script: string; path: string } | undefined;

function sha256(content: string, encoding: 'base64' | 'hex'): string {
  return createHash('sha256').update(content, 'utf8').digest(encoding);
}

/** Redoc reads its options from the <redoc> element's attributes (kebab-case; `theme` as JSON). */
const REDOC_OPTIONS: Record<string, string> = {
  'spec-url': OPENAPI_PATH,
  // Native scrolling instead of perfect-scrollbar: keyboard and screen-reader friendly, no extra styles.
  'native-scrollbars': 'true',
  'path-in-middle-panel': 'true',
  'required-props-first': 'true',
  // Markdown from the document goes through DOMPurify too (it is ours, but costs nothing to clean).
  sanitize: 'true',
  theme: JSON.stringify({
    // Contrast of at least 4.5:1 for text on every background Redoc draws with these colours.
    colors: {
      primary: { main: '#2f5d57' },
      http: { get: '#1f6f3f', post: '#1d4f91', put: '#7a4a00', patch: '#7a4a00', delete: '#a31d1d' },
    },
    typography: { fontFamily: 'system-ui, sans-serif', headings: { fontFamily: 'system-ui, sans-serif' } },
    sidebar: { backgroundColor: '#f4f8f7', textColor: '#1f2a29' },
  }),
};

const PAGE_STYLE = `
body { margin: 0; font-family: system-ui, sans-serif; color: #1f2a29; }
.docs-header { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: center; padding: 0.75rem 1.25rem; background: #b5d5d0; }
.docs-header a { color: #12312d; font-weight: 600; }
.docs-header p { margin: 0; }
.docs-fallback { max-width: 40rem; padding: 1.5rem 1.25rem; line-height: 1.5; }
.skip { position: absolute; left: -10000px; }
.skip:focus { position: static; }
`;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

const redocAttributes = Object.entries(REDOC_OPTIONS)
  .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
  .join(' ');

// The fallback sits inside <redoc>: Redoc replaces it once it renders, so it stays only if the script
// never ran (blocked, failed to load) or the document could not be read.
function pageHtml(scriptPath: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference · Trelli</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<meta name="description" content="Trelli's REST API: every operation, its parameters, answers and errors, from the live OpenAPI document.">
<style>${PAGE_STYLE}</style>
</head>
<body>
<a class="skip" href="#reference">Skip to the API reference</a>
<header class="docs-header">
<nav aria-label="Trelli"><a href="/">← Trelli home</a></nav>
<p>API reference · <a href="${OPENAPI_PATH}">OpenAPI document (JSON)</a></p>
</header>
<main id="reference">
<redoc ${redocAttributes}>
<div class="docs-fallback">
<h1>Trelli API reference</h1>
<noscript><p>The interactive reference needs JavaScript.</p></noscript>
<p>If the reference does not appear, read the OpenAPI document itself: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>. Any OpenAPI 3.1 tool can open it.</p>
</div>
</redoc>
</main>
<script src="${scriptPath}"></script>
</body>
</html>
`;
}

const cspHash = (content: string) => `'sha256-${sha256(content, 'base64')}'`;

/**
 * Only this origin. What Redoc itself needs beyond 'self', and nothing more:
 * - style-src: styled-components starts from an empty <style> and fills it through the CSSOM (the empty
 *   string's hash), and the bundle injects perfect-scrollbar's fixed stylesheet once (its hash, for this
 *   Redoc version). Our own <style> by its hash. No 'unsafe-inline'.
 * - img-src data: the link icon beside each heading is a data: SVG in Redoc's CSS.
 * - worker-src blob: the search index runs in a worker started from a blob: URL.
 */
const PERFECT_SCROLLBAR_CSS_HASH = "'sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc='";
const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'self' ${cspHash(PAGE_STYLE)} ${cspHash('')} ${PERFECT_SCROLLBAR_CSS_HASH}`,
  "img-src 'self' data:",
  "connect-src 'self'",
  'worker-src blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function registerApiDocs(app: Express): void {
  redocBundle ??= loadRedocBundle();
  const bundle = redocBundle;
  const html = pageHtml(bundle.path);
  app.get(
    API_DOCS_PATH,
    publicRoute((_req, res) => {
      // Cache-Control stays no-store from the /api middleware: the page is small and names the bundle.
      res.setHeader('Content-Security-Policy', PAGE_CSP);
      res.type('html').send(html);
    }),
  );
  app.get(
    bundle.path,
    publicRoute((_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.type('text/javascript').send(bundle.script);
    }),
  );
}
