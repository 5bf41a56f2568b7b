import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  decidePostAuth,
  isProviderDomainError,
  type PostAuthDeps,
  type PostAuthPhase,
  type PostAuthSnapshot,
} from '../../../client/app/guards/post-auth-decision.ts';
import { HttpError } from '../../../client/lib/api-request.ts';
import { sleep } from '../../../client/lib/sleep.ts';

const CUSTOM_HOST = { host: 'family.example.org', hostname: 'family.example.org' };

function snapshot(overrides: Partial<PostAuthSnapshot> = {}): PostAuthSnapshot {
  return { status: 'signed-in', publicMetadata: {}, location: CUSTOM_HOST, ...overrides };
}

function deps(overrides: Partial<PostAuthDeps> = {}) {
  const fetchChildren = vi.fn<() => Promise<unknown>>(async () => []);
  const getProductionHost = vi.fn<() => Promise<string | null>>(async () => 'trelli.example.com');
  const onPhase = vi.fn<(phase: PostAuthPhase) => void>();
  return { sleep, fetchChildren, getProductionHost, onPhase, ...overrides };
}

/** Runs the decision and reports whether it has settled after each advance of the fake clock. */
function start(snap: PostAuthSnapshot, d: PostAuthDeps) {
  let settled = false;
  let result: string | null | undefined;
  const promise = decidePostAuth(snap, d).then((value) => {
    settled = true;
    result = value;
    return value;
  });
  return {
    promise,
    get settled() {
      return settled;
    },
    get result() {
      return result;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('post-auth routing decision (SPEC §4)', () => {
  it('1. waits while auth is loading: no destination and no calls', async () => {
    const d = deps();
    await expect(decidePostAuth(snapshot({ status: 'loading', publicMetadata: null }), d)).resolves.toBeNull();
    expect(d.fetchChildren).not.toHaveBeenCalled();
    expect(d.getProductionHost).not.toHaveBeenCalled();
  });

  it('2. signed out: goes to /sign-in, but only after 100 ms', async () => {
    const d = deps();
    const run = start(snapshot({ status: 'signed-out', publicMetadata: null }), d);
    await vi.advanceTimersByTimeAsync(99);
    expect(run.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.result).toBe('/sign-in');
    expect(d.fetchChildren).not.toHaveBeenCalled();
  });

  it('3. metadata says onboarding is complete: /app at once', async () => {
    const d = deps();
    await expect(decidePostAuth(snapshot({ publicMetadata: { hasCompletedOnboarding: true } }), d)).resolves.toBe('/app');
    expect(d.fetchChildren).not.toHaveBeenCalled();
  });

  it('3. metadata childCount above 0: /app; a childCount of 0 does not count', async () => {
    await expect(decidePostAuth(snapshot({ publicMetadata: { childCount: 2 } }), deps())).resolves.toBe('/app');
    const d = deps();
    const run = start(snapshot({ publicMetadata: { childCount: 0, hasCompletedOnboarding: false } }), d);
    await vi.advanceTimersByTimeAsync(200);
    expect(d.fetchChildren).toHaveBeenCalledTimes(1);
    expect(run.result).toBe('/onboarding');
  });

  it.each([
    'localhost',
    '127.0.0.1',
    '[::1]',
    '0.0.0.0',
    'trelli.localhost',
    'my-app-abc123.replit.dev',
    'codespace-1-3000.app.github.dev',
    '3000-ws.ws-eu1.gitpod.io',
    'proj--3000.local.stackblitz.io',
    'abc123-3000.csb.app',
  ])('4. development host %s: /app without asking for children', async (hostname) => {
    const d = deps();
    await expect(decidePostAuth(snapshot({ location: { host: `${hostname}:3000`, hostname } }), d)).resolves.toBe('/app');
    expect(d.fetchChildren).not.toHaveBeenCalled();
    expect(d.getProductionHost).not.toHaveBeenCalled();
  });

  // Decision 0016: hosting services that also serve production sites are not development hosts.
  it.each([
    'trelli.vercel.app',
    'trelli-git-main-family.vercel.app',
    'trelli.netlify.app',
    'deploy-preview-12--trelli.netlify.app',
    'trelli.replit.app',
    'trelli.user.repl.co',
    '192.168.1.20',
    'localhost.example.com',
  ])('4. %s is not a development host: a new parent there gets the children check and onboarding', async (hostname) => {
    const d = deps();
    const run = start(snapshot({ location: { host: hostname, hostname } }), d);
    await vi.advanceTimersByTimeAsync(200);
    expect(d.fetchChildren).toHaveBeenCalledTimes(1);
    expect(run.result).toBe('/onboarding');
  });

  it('5. a Vercel host that is the production host goes to /app by step 5', async () => {
    const d = deps({ getProductionHost: vi.fn<() => Promise<string | null>>(async () => 'trelli.vercel.app') });
    await expect(decidePostAuth(snapshot({ location: { host: 'trelli.vercel.app', hostname: 'trelli.vercel.app' } }), d)).resolves.toBe(
      '/app',
    );
    expect(d.fetchChildren).not.toHaveBeenCalled();
  });

  it('5. the production host (config.auth productionHost): /app', async () => {
    const d = deps({ getProductionHost: vi.fn<() => Promise<string | null>>(async () => 'family.example.org') });
    await expect(decidePostAuth(snapshot(), d)).resolves.toBe('/app');
    expect(d.fetchChildren).not.toHaveBeenCalled();
  });

  it('5. a production host with a port matches the page host', async () => {
    const d = deps({ getProductionHost: vi.fn<() => Promise<string | null>>(async () => 'family.example.org:8443') });
    const location = { host: 'family.example.org:8443', hostname: 'family.example.org' };
    await expect(decidePostAuth(snapshot({ location }), d)).resolves.toBe('/app');
  });

  it('6. otherwise: "setting up", waits 200 ms, then one or more children -> /app', async () => {
    const d = deps({ fetchChildren: vi.fn<() => Promise<unknown>>(async () => [{ id: 1 }]) });
    const run = start(snapshot(), d);
    await vi.advanceTimersByTimeAsync(0);
    expect(d.onPhase).toHaveBeenCalledWith('setting-up');
    await vi.advanceTimersByTimeAsync(199);
    expect(d.fetchChildren).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(d.fetchChildren).toHaveBeenCalledTimes(1);
    expect(run.result).toBe('/app');
  });

  it('6. no children -> /onboarding', async () => {
    const run = start(snapshot(), deps());
    await vi.advanceTimersByTimeAsync(200);
    expect(run.result).toBe('/onboarding');
  });

  it('6. a failed production-host lookup falls through to the children check', async () => {
    const d = deps({ getProductionHost: vi.fn<() => Promise<string | null>>(async () => Promise.reject(new Error('offline'))) });
    const run = start(snapshot(), d);
    await vi.advanceTimersByTimeAsync(200);
    expect(d.fetchChildren).toHaveBeenCalled();
    expect(run.result).toBe('/onboarding');
  });

  it('errors: 401 and 403 -> /sign-in', async () => {
    for (const status of [401, 403]) {
      const run = start(
        snapshot(),
        deps({ fetchChildren: vi.fn<() => Promise<unknown>>(async () => Promise.reject(new HttpError(status, 'Unauthorized', ''))) }),
      );
      await vi.advanceTimersByTimeAsync(200);
      expect(run.result).toBe('/sign-in');
    }
  });

  it('errors: a provider domain or origin error -> /app', async () => {
    const error = new Error('Clerk: Production Keys are only allowed for domain "trelli.app".');
    const run = start(snapshot(), deps({ fetchChildren: vi.fn<() => Promise<unknown>>(async () => Promise.reject(error)) }));
    await vi.advanceTimersByTimeAsync(200);
    expect(run.result).toBe('/app');
  });

  it('errors: anything else -> /onboarding', async () => {
    for (const error of [new HttpError(500, 'Internal Server Error', 'boom'), new TypeError('Failed to fetch')]) {
      const run = start(snapshot(), deps({ fetchChildren: vi.fn<() => Promise<unknown>>(async () => Promise.reject(error)) }));
      await vi.advanceTimersByTimeAsync(200);
      expect(run.result).toBe('/onboarding');
    }
  });

  it('tells a provider domain error from an HTTP error that mentions an origin', () => {
    expect(isProviderDomainError(new Error('The request origin is not allowed'))).toBe(true);
    expect(isProviderDomainError(new HttpError(400, 'Bad Request', 'invalid origin'))).toBe(false);
    expect(isProviderDomainError(new Error('Network down'))).toBe(false);
  });
});
