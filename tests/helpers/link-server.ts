import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/*
 * The server as a link page (client/link-pages/) meets it in unit tests: each request answered in
 * turn, by path; a path with nothing left (or 'network-error') fails as fetch does offline. The page
 * opens at `location` (its path and the token after `#`), online unless a test says otherwise.
 */

export type LinkAnswer = Response | 'network-error';

export interface LinkServer {
  answers: Record<string, LinkAnswer[]>;
  requests: { url: string; body: unknown }[];
  online: boolean;
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export const linkError = (status: number, code: string, message: string) => json(status, { error: { code, message } });

/** Sets up (before each test) and takes down (after each) the fake server, and the robots meta the page adds. */
export function linkServer(location: string): LinkServer {
  const server: LinkServer = { answers: {}, requests: [], online: true };
  beforeEach(() => {
    server.answers = {};
    server.requests.length = 0;
    server.online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => server.online);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        server.requests.push({ url, body: JSON.parse(String(init.body)) });
        const next = server.answers[url]?.shift();
        if (!next || next === 'network-error') throw new TypeError('Failed to fetch');
        return next;
      }),
    );
    window.history.replaceState(null, '', location);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    document.head.querySelectorAll('meta[name="robots"]').forEach((meta) => meta.remove());
  });
  return server;
}
