import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Express, type Response } from 'express';
import { isAppPath } from '#shared/app-paths.ts';

export const ROOT_DIR = fileURLToPath(new URL('..', import.meta.url));
export const CLIENT_DIST = path.join(ROOT_DIR, 'dist', 'client');

const NO_CACHE = 'no-cache';

/** The public page file for a path: "/" -> index.html, "/about" -> about.html; null if the path cannot name one. */
export function sitePageFile(pathname: string): string | null {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  if (trimmed === '/') return 'index.html';
  const name = trimmed.slice(1);
  return /^[a-z0-9-]+$/.test(name) ? `${name}.html` : null;
}

/** Pages a shared link opens (a snapshot, a form to fill): never indexed, links on them never followed. */
export function isLinkPage(pathname: string): boolean {
  return pathname === '/snapshots/view' || /^\/forms\/[^/]+\/fill$/.test(pathname);
}

function markLinkPage(pathname: string, res: Response): void {
  if (isLinkPage(pathname)) res.setHeader('X-Robots-Tag', 'noindex, nofollow');
}

/**
 * Production: hashed assets cached a year, HTML never cached; prerendered public pages, the app shell
 * for app paths, the prerendered not-found page (404) for anything else.
 */
export function mountBuiltClient(app: Express, distDir: string = CLIENT_DIST): void {
  const siteDir = path.join(distDir, 'site');
  app.use('/assets', express.static(path.join(distDir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  app.use(
    express.static(distDir, {
      index: false,
      setHeaders(res, file) {
        res.setHeader('Cache-Control', file.endsWith('.html') ? NO_CACHE : 'public, max-age=3600');
      },
    }),
  );
  app.get('/{*splat}', (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.setHeader('Cache-Control', NO_CACHE);
    markLinkPage(req.path, res);
    if (isAppPath(req.path)) return res.sendFile(path.join(distDir, 'index.html'));
    const page = sitePageFile(req.path);
    if (page && page !== '404.html' && existsSync(path.join(siteDir, page))) return res.sendFile(path.join(siteDir, page));
    res.status(404).sendFile(path.join(siteDir, '404.html'), (error) => {
      if (error) res.status(404).type('text/plain').send('Not found');
    });
  });
}

/** Development: Vite middleware with hot reload; every page renders in the browser. */
export async function createViteDevClient(): Promise<{ mount(app: Express): void; close(): Promise<void> }> {
  const { createServer } = await import('vite');
  const vite = await createServer({ root: ROOT_DIR, server: { middlewareMode: true }, appType: 'custom' });
  return {
    mount(app) {
      app.use(vite.middlewares);
      app.get('/{*splat}', async (req, res, next) => {
        try {
          const template = await readFile(path.join(ROOT_DIR, 'index.html'), 'utf8');
          const html = await vite.transformIndexHtml(req.originalUrl, template);
          markLinkPage(req.path, res);
          res.status(200).setHeader('Cache-Control', NO_CACHE).type('html').send(html);
        } catch (error) {
          next(error);
        }
      });
    },
    close: () => vite.close(),
  };
}
