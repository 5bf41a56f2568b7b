/**
 * SPEC §3: the browser session-storage keys the app uses, in one typed module. Nothing else in the
 * app touches `sessionStorage` directly, so every key, its value shape and its clearing rule live here.
 */

export const SESSION_KEYS = {
  selectedChildId: 'selectedChildId',
  lastUserId: 'lastUserId',
  pendingMilestones: 'pendingMilestones',
  showRoadmapBanner: 'showRoadmapBanner',
  newMilestonesGenerated: 'newMilestonesGenerated',
  roadmapGenerationComplete: 'roadmapGenerationComplete',
  roadmapGenerationError: 'roadmapGenerationError',
  showSuccessToast: 'showSuccessToast',
  betaAccess: 'beta-access',
  pendingInvite: 'pendingInvite',
} as const;

export type SessionKey = keyof typeof SESSION_KEYS;

/** SPEC §3: the one value of `beta-access` that opens the beta gate. */
export const BETA_ACCESS_GRANTED = 'granted';

/** The value each key holds. SPEC §3 leaves the shapes open except beta-access; these are the app's. */
export interface SessionValues {
  selectedChildId: number;
  lastUserId: string;
  pendingMilestones: unknown;
  showRoadmapBanner: boolean;
  newMilestonesGenerated: boolean;
  roadmapGenerationComplete: boolean;
  roadmapGenerationError: string;
  /** The message of a success toast to show after the next page load. */
  showSuccessToast: string;
  betaAccess: typeof BETA_ACCESS_GRANTED;
  /**
   * An invitation link opened before signing in: its token, kept for the way back from sign-in or sign-up
   * (never put in a URL, which servers log). It belongs to the browser, not to a user, so a change of user keeps it.
   */
  pendingInvite: string;
}

interface Codec<T> {
  encode(value: T): string;
  decode(raw: string): T | null;
}

const text: Codec<string> = { encode: (value) => value, decode: (raw) => raw };
const flag: Codec<boolean> = {
  encode: (value) => String(value),
  decode: (raw) => (raw === 'true' ? true : raw === 'false' ? false : null),
};
const json: Codec<unknown> = {
  encode: (value) => JSON.stringify(value),
  decode: (raw) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return null;
    }
  },
};
const positiveInt: Codec<number> = {
  encode: (value) => String(value),
  decode: (raw) => (/^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null),
};
const granted: Codec<typeof BETA_ACCESS_GRANTED> = {
  encode: (value) => value,
  decode: (raw) => (raw === BETA_ACCESS_GRANTED ? BETA_ACCESS_GRANTED : null),
};

const codecs: { [K in SessionKey]: Codec<SessionValues[K]> } = {
  selectedChildId: positiveInt,
  lastUserId: text,
  pendingMilestones: json,
  showRoadmapBanner: flag,
  newMilestonesGenerated: flag,
  roadmapGenerationComplete: flag,
  roadmapGenerationError: text,
  showSuccessToast: text,
  betaAccess: granted,
  pendingInvite: text,
};

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Some privacy modes throw on access; the app then keeps no session state.
    return null;
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Called after any change made through this module (for `useSyncExternalStore`). */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The stored value, or null when it is missing or not of the key's shape. */
export function readSession<K extends SessionKey>(key: K): SessionValues[K] | null {
  try {
    const raw = storage()?.getItem(SESSION_KEYS[key]);
    return raw == null ? null : codecs[key].decode(raw);
  } catch {
    return null;
  }
}

export function writeSession<K extends SessionKey>(key: K, value: SessionValues[K]): void {
  try {
    storage()?.setItem(SESSION_KEYS[key], codecs[key].encode(value));
  } catch {
    // Quota or privacy errors: the value simply is not kept.
  }
  notify();
}

export function removeSession(key: SessionKey): void {
  try {
    storage()?.removeItem(SESSION_KEYS[key]);
  } catch {
    // ignore
  }
  notify();
}

/** SPEC §4: removes every key above (a different user signed in, or the user signed out). */
export function clearUserSession(): void {
  const store = storage();
  for (const name of Object.values(SESSION_KEYS)) {
    if (name === SESSION_KEYS.pendingInvite) continue;
    try {
      store?.removeItem(name);
    } catch {
      // ignore
    }
  }
  notify();
}

/**
 * SPEC §4: when the signed-in user differs from the stored lastUserId, every session key is cleared.
 * Records `userId` as the last user either way. Returns true when the session was cleared, so the
 * caller can empty its data cache too. With no stored user there is nothing to differ from.
 */
export function syncSessionUser(userId: string): boolean {
  const last = readSession('lastUserId');
  const changed = last !== null && last !== userId;
  if (changed) clearUserSession();
  if (changed || last === null) writeSession('lastUserId', userId);
  return changed;
}

/** The selected child (SPEC §4), read by the child context and by the tRPC childId link. */
export function getSelectedChildId(): number | null {
  return readSession('selectedChildId');
}

export function setSelectedChildId(childId: number | null): void {
  if (childId === getSelectedChildId()) return;
  if (childId === null) removeSession('selectedChildId');
  else writeSession('selectedChildId', childId);
}
