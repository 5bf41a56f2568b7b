import { MOOD_MAX, MOOD_MIN } from '#shared/schemas/observation.ts';

/** What the parent reads for each setting (as the snapshots say it too) and mood. */
export { SETTING_LABELS } from '#shared/record-labels.ts';

/** The three optional details of a note, in the order they happened. */
export const DETAIL_LABELS = [
  ['antecedent', 'What came before'],
  ['behaviour', 'What your child did'],
  ['consequence', 'What happened after'],
] as const;

export const MOOD_LABELS: Record<number, string> = { 1: 'Very hard', 2: 'Hard', 3: 'Okay', 4: 'Good', 5: 'Great' };
export const MOODS: readonly number[] = Array.from({ length: MOOD_MAX - MOOD_MIN + 1 }, (_, index) => MOOD_MIN + index);
