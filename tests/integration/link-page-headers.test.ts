/**
 * Pages a shared link opens (issue 27: `/snapshots/view#<token>`) are never indexed and never leak
 * their address: X-Robots-Tag noindex and Referrer-Policy no-referrer, from the real server.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountBuiltClient } from '../../server/web.ts';
import { ENGINES } from '../helpers/test-database.ts';
import { api, startTestServer, type TestServer } from '../helpers/test-server.ts';

describe.each(ENGINES)('link pages on %s', (engine) => {
  let server: TestServer;
  let distDir: string;

  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'trelli-dist-'));
    mkdirSync(join(distDir, 'assets'));
    mkdirSync(join(distDir, 'site'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Trelli</title><div id="root"></div>');
    writeFileSync(join(distDir, 'site', 'index.html'), '<!doctype html><title>Trelli</title><h1>Home</h1>');
    server = await startTestServer({ engine, mountClient: (app) => mountBuiltClient(app, distDir) });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('/snapshots/view is the app shell, not indexed, and sends no referrer', async () => {
    const page = await api(server, 'GET', '/snapshots/view');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it('a form to fill by link is not indexed either; the app and the public site are', async () => {
    expect((await api(server, 'GET', '/forms/12/fill')).headers.get('x-robots-tag')).toBe('noindex, nofollow');
    for (const path of ['/', '/snapshots', '/snapshots/view/other', '/app']) {
      const page = await api(server, 'GET', path);
      expect([path, page.status, page.headers.get('x-robots-tag')]).toEqual([path, 200, null]);
    }
  });
});
