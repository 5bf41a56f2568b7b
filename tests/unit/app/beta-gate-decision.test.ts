import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decideBetaAccess, type BetaGateDeps, type BetaGateUser } from '../../../client/app/guards/beta-gate-decision.ts';
import { sleep } from '../../../client/lib/sleep.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

function newUser(overrides: Partial<BetaGateUser> = {}): BetaGateUser {
  // Signed up 5 seconds ago.
  return { createdAt: new Date(NOW - 5_000), publicMetadata: {}, unsafeMetadata: {}, ...overrides };
}

function deps(overrides: Partial<BetaGateDeps> = {}) {
  const fetchChildren = vi.fn<() => Promise<unknown>>(async () => []);
  return { now: () => NOW, sleep, hasBetaAccessFlag: () => false, fetchChildren, ...overrides };
}

function start(user: BetaGateUser, d: BetaGateDeps) {
  const state: { result?: string } = {};
  void decideBetaAccess(user, d).then((value) => {
    state.result = value;
  });
  return state;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('beta gate (SPEC §4, §9)', () => {
  it('grants at once when session storage beta-access is "granted"', async () => {
    const d = deps({ hasBetaAccessFlag: () => true });
    const state = start(newUser(), d);
    await vi.advanceTimersByTimeAsync(0);
    expect(state.result).toBe('granted');
    expect(d.fetchChildren).not.toHaveBeenCalled();
  });

  it('grants at once when unsafeMetadata or publicMetadata has hasUsedApp', async () => {
    for (const user of [newUser({ unsafeMetadata: { hasUsedApp: true } }), newUser({ publicMetadata: { hasUsedApp: true } })]) {
      const d = deps();
      const state = start(user, d);
      await vi.advanceTimersByTimeAsync(0);
      expect(state.result).toBe('granted');
      expect(d.fetchChildren).not.toHaveBeenCalled();
    }
  });

  it('grants at once to an account older than 60 seconds, not to one exactly 60 seconds old', async () => {
    const old = deps();
    const oldState = start(newUser({ createdAt: new Date(NOW - 60_001) }), old);
    await vi.advanceTimersByTimeAsync(0);
    expect(oldState.result).toBe('granted');
    expect(old.fetchChildren).not.toHaveBeenCalled();

    const edge = deps();
    const edgeState = start(newUser({ createdAt: new Date(NOW - 60_000) }), edge);
    await vi.advanceTimersByTimeAsync(0);
    expect(edgeState.result).toBeUndefined();
  });

  it('asks for the children only after the 200 ms initial delay and the 500 ms wait; children grant access', async () => {
    const d = deps({ fetchChildren: vi.fn<() => Promise<unknown>>(async () => [{ id: 7 }]) });
    const state = start(newUser(), d);
    await vi.advanceTimersByTimeAsync(699);
    expect(d.fetchChildren).not.toHaveBeenCalled();
    expect(state.result).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(d.fetchChildren).toHaveBeenCalledTimes(1);
    expect(state.result).toBe('granted');
  });

  it('a new account without children is a new user', async () => {
    const state = start(newUser(), deps());
    await vi.advanceTimersByTimeAsync(700);
    expect(state.result).toBe('new-user');
  });

  it('an API error is treated as a new user', async () => {
    const state = start(
      newUser(),
      deps({ fetchChildren: vi.fn<() => Promise<unknown>>(async () => Promise.reject(new Error('500: boom'))) }),
    );
    await vi.advanceTimersByTimeAsync(700);
    expect(state.result).toBe('new-user');
  });

  it('an account without a creation date is checked by its children', async () => {
    const d = deps({ fetchChildren: vi.fn<() => Promise<unknown>>(async () => [{ id: 1 }]) });
    const state = start(newUser({ createdAt: null }), d);
    await vi.advanceTimersByTimeAsync(700);
    expect(d.fetchChildren).toHaveBeenCalled();
    expect(state.result).toBe('granted');
  });
});
