import { useSearchParams } from 'react-router-dom';
import type { FeatureFlagName } from '#shared/feature-flags.ts';
import { useChildContext } from '../child-context.tsx';
import { useFeatureFlag } from '../feature-flags.tsx';

/** The flags that each keep one screen to the selected child while on (the default, but for snapshots). */
export type ScopedFlag = Extract<
  FeatureFlagName,
  'FLAG_SCOPED_OBSERVATIONS' | 'FLAG_SCOPED_PROGRESS_PLANNER' | 'FLAG_SCOPED_PROGRESS' | 'FLAG_SCOPED_SNAPSHOTS'
>;

/** `?view=one-child`: on a screen that shows every child's records, the person chose one child. */
export const ONE_CHILD_VIEW = { param: 'view', value: 'one-child' } as const;

/**
 * True when a screen gathers every child's records (decision 0098): its FLAG_SCOPED_* flag is off and
 * the person sees two children or more (with one, the one-child screen already shows everything).
 */
export function useEveryChildOffered(flag: ScopedFlag): boolean {
  const scoped = useFeatureFlag(flag);
  const { children } = useChildContext();
  return !scoped && children.length > 1;
}

export interface EveryChildView {
  /** The screen offers every child's records and the one-child view (EveryChildSwitch). */
  offered: boolean;
  /** Every child's records are shown now: offered, and no child was chosen. */
  everyChild: boolean;
  showEveryChild(): void;
  /** Selects `childId` and shows the screen for that child alone, where its records are changed. */
  showChild(childId: number): void;
}

/** A screen that opens on every child's records when its flag is off, with a way to one child's (the URL keeps the choice). */
export function useEveryChildView(flag: ScopedFlag): EveryChildView {
  const offered = useEveryChildOffered(flag);
  const { selectChild } = useChildContext();
  const [params, setParams] = useSearchParams();
  const chosenOne = params.get(ONE_CHILD_VIEW.param) === ONE_CHILD_VIEW.value;
  return {
    offered,
    everyChild: offered && !chosenOne,
    // A new entry in the history each time, so Back returns to the view before.
    showEveryChild: () => setParams({}),
    showChild: (childId) => {
      selectChild(childId);
      setParams({ [ONE_CHILD_VIEW.param]: ONE_CHILD_VIEW.value });
    },
  };
}
