import { useState } from 'react';

/** From this share of the limit on, a field shows how many characters it holds. */
const NEAR_LIMIT_SHARE = 0.8;

const number = new Intl.NumberFormat('en-US');

type LimitLevel = 'under' | 'near' | 'over';

export interface CharacterLimit {
  /** False for a field without a limit: nothing is counted or shown. */
  limited: boolean;
  /** Characters as the server counts them (the shared schemas trim before checking the length). */
  count: number;
  level: LimitLevel;
  /** "1,850 / 2,000" from NEAR_LIMIT_SHARE of the limit on; null below it. */
  counter: string | null;
  /** "312 characters over the 2,000 limit: shorten it to save." (or the caller's consequence) when over; null otherwise. */
  overMessage: string | null;
  /**
   * What a polite live region says: it changes only when the text crosses into or out of "near" or
   * "over", so a screen reader is not told the count on every keystroke.
   */
  announcement: string;
}

function levelOf(count: number, limit: number | undefined): LimitLevel {
  if (limit === undefined) return 'under';
  if (count > limit) return 'over';
  return count >= Math.ceil(limit * NEAR_LIMIT_SHARE) ? 'near' : 'under';
}

const SHORTEN_TO_SAVE = 'shorten it to save';

function overLimitMessage(count: number, limit: number, consequence: string): string {
  const over = count - limit;
  return `${number.format(over)} ${over === 1 ? 'character' : 'characters'} over the ${number.format(limit)} limit: ${consequence}.`;
}

function announcementFor(level: LimitLevel, from: LimitLevel, count: number, limit: number, consequence: string): string {
  if (level === 'over') return overLimitMessage(count, limit, consequence);
  if (level === 'near') {
    const used = `${number.format(count)} of ${number.format(limit)} characters used.`;
    return from === 'over' ? `Within the limit again: ${used}` : used;
  }
  return from === 'over' ? 'Within the limit again.' : '';
}

/**
 * A text field's limit, told instead of enforced: the browser's maxLength would silently cut a
 * pasted text, so the text is kept and the field says how far it is from (or over) the limit. The
 * form's own check (the shared schema) refuses to save an over-long text.
 */
export function useCharacterLimit(value: string, limit: number | undefined, consequence = SHORTEN_TO_SAVE): CharacterLimit {
  const count = value.trim().length;
  const level = levelOf(count, limit);
  // What to announce is set while rendering when the level changes (React re-renders at once),
  // with the count of that moment: later keystrokes at the same level leave it as it is.
  const [announced, setAnnounced] = useState({ level, text: '' });
  if (announced.level !== level) setAnnounced({ level, text: announcementFor(level, announced.level, count, limit ?? 0, consequence) });
  return {
    limited: limit !== undefined,
    count,
    level,
    counter: limit === undefined || level === 'under' ? null : `${number.format(count)} / ${number.format(limit)}`,
    overMessage: limit !== undefined && level === 'over' ? overLimitMessage(count, limit, consequence) : null,
    announcement: announced.text,
  };
}
