// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_KEYS,
  clearUserSession,
  getSelectedChildId,
  readSession,
  setSelectedChildId,
  subscribeSession,
  syncSessionUser,
  writeSession,
} from '../../../client/lib/session-storage.ts';

function fillEveryKey() {
  writeSession('selectedChildId', 4);
  writeSession('lastUserId', 'user_a');
  writeSession('pendingMilestones', [{ title: 'Reads a chapter book' }]);
  writeSession('showRoadmapBanner', true);
  writeSession('newMilestonesGenerated', true);
  writeSession('roadmapGenerationComplete', false);
  writeSession('roadmapGenerationError', 'Timed out');
  writeSession('showSuccessToast', 'Saved');
  writeSession('betaAccess', 'granted');
  writeSession('pendingInvite', 'A'.repeat(43));
}

beforeEach(() => {
  sessionStorage.clear();
});

describe('session storage keys (SPEC §3)', () => {
  it('stores under the SPEC names, beta-access as "granted"', () => {
    fillEveryKey();
    expect(sessionStorage.getItem('beta-access')).toBe('granted');
    expect(sessionStorage.getItem('selectedChildId')).toBe('4');
    expect(Object.values(SESSION_KEYS).every((name) => sessionStorage.getItem(name) !== null)).toBe(true);
    expect(readSession('pendingMilestones')).toEqual([{ title: 'Reads a chapter book' }]);
    expect(readSession('showRoadmapBanner')).toBe(true);
  });

  it('reads a value of the wrong shape as missing', () => {
    sessionStorage.setItem('selectedChildId', 'abc');
    sessionStorage.setItem('beta-access', 'yes');
    expect(getSelectedChildId()).toBeNull();
    expect(readSession('betaAccess')).toBeNull();
  });

  it('clearUserSession removes every key of the user; an invitation opened before signing in stays for the way back', () => {
    fillEveryKey();
    sessionStorage.setItem('unrelated', 'kept');
    clearUserSession();
    const userKeys = Object.values(SESSION_KEYS).filter((name) => name !== SESSION_KEYS.pendingInvite);
    for (const name of userKeys) expect(sessionStorage.getItem(name)).toBeNull();
    expect(sessionStorage.getItem('unrelated')).toBe('kept');
    expect(readSession('pendingInvite')).toBe('A'.repeat(43));
  });
});

describe('a different user signing in (SPEC §4)', () => {
  it('clears every session key and records the new user', () => {
    fillEveryKey();
    expect(syncSessionUser('user_b')).toBe(true);
    expect(readSession('lastUserId')).toBe('user_b');
    expect(getSelectedChildId()).toBeNull();
    expect(readSession('betaAccess')).toBeNull();
    expect(readSession('pendingMilestones')).toBeNull();
  });

  it('keeps everything for the same user', () => {
    fillEveryKey();
    expect(syncSessionUser('user_a')).toBe(false);
    expect(getSelectedChildId()).toBe(4);
    expect(readSession('betaAccess')).toBe('granted');
  });

  it('with no stored user, records the user and keeps the beta flag set before sign-in', () => {
    writeSession('betaAccess', 'granted');
    expect(syncSessionUser('user_a')).toBe(false);
    expect(readSession('lastUserId')).toBe('user_a');
    expect(readSession('betaAccess')).toBe('granted');
  });

  it('notifies subscribers when the selection changes, and not when it stays', () => {
    const listener = vi.fn<() => void>();
    const off = subscribeSession(listener);
    setSelectedChildId(5);
    setSelectedChildId(5);
    expect(listener).toHaveBeenCalledTimes(1);
    setSelectedChildId(null);
    expect(getSelectedChildId()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    off();
  });
});
