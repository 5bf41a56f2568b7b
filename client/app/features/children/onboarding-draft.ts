import { LAST_STEP, sanitizeValues, type WizardValues } from './onboarding-steps.ts';

/**
 * The onboarding wizard's draft, kept in session storage while FLAG_DEBOUNCED_AUTOSAVE is on so a
 * reload (or a wander to another tab) does not lose what the parent typed. One draft per signed-in
 * user; it is removed when the child is created. Not one of the SPEC §3 keys: this feature owns it.
 */
export interface OnboardingDraft {
  values: WizardValues;
  step: number;
  skipped: number[];
}

/** How long the wizard waits after the last change before saving the draft (ms). */
export const DRAFT_SAVE_DELAY_MS = 600;

export function draftKey(userId: string): string {
  return `onboardingDraft:${userId}`;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function validStep(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= LAST_STEP;
}

/** The stored draft, cleaned up; null when there is none or it cannot be read. */
export function loadDraft(userId: string): OnboardingDraft | null {
  try {
    const raw = storage()?.getItem(draftKey(userId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { values?: unknown; step?: unknown; skipped?: unknown };
    if (typeof parsed !== 'object' || parsed === null) return null;
    const skipped = Array.isArray(parsed.skipped) ? parsed.skipped.filter((step) => validStep(step) && step > 0) : [];
    return { values: sanitizeValues(parsed.values), step: validStep(parsed.step) ? parsed.step : 0, skipped };
  } catch {
    return null;
  }
}

/** Saves the draft; false when the browser would not keep it (quota, privacy mode). */
export function saveDraft(userId: string, draft: OnboardingDraft): boolean {
  const store = storage();
  if (!store) return false;
  try {
    store.setItem(draftKey(userId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(userId: string): void {
  try {
    storage()?.removeItem(draftKey(userId));
  } catch {
    // nothing to clear
  }
}
