import type { MilestoneRow } from '../../db/schema.ts';
import type { MilestoneDraft } from './roadmap-rules.ts';

/*
 * Milestones another feature keeps for itself (decision 0106): reimbursements keep one per funding
 * source, due on its next deadline. The feature says what its milestones should be now; this plans the
 * change. Pure, so the rules are tested without a database.
 */

export type OwnedRow = Pick<
  MilestoneRow,
  'id' | 'ruleKey' | 'status' | 'editedByParent' | 'dueDate' | 'title' | 'whyItMatters' | 'whatToDo' | 'category'
>;

export interface OwnedPlan {
  /** Rows to delete first: gone from the feature's list, or due on another day (see below). */
  remove: number[];
  /** Rows the parent worked on whose day has passed: kept under a key of their own, as history. */
  rekey: { id: number; ruleKey: string }[];
  /** Same day, new words: updated in place. */
  refresh: { id: number; draft: MilestoneDraft }[];
  insert: MilestoneDraft[];
}

/** Upcoming and unchanged by the parent: the feature may rewrite or remove it. */
const untouched = (row: OwnedRow) => row.status === 'upcoming' && !row.editedByParent;

const sameWords = (row: OwnedRow, draft: MilestoneDraft) =>
  row.title === draft.title &&
  row.whyItMatters === draft.whyItMatters &&
  row.whatToDo === draft.whatToDo &&
  row.category === draft.category;

/** A rule key kept as history carries the row's id after `@`: never one a feature asks for. */
export const HISTORY_MARK = '@';

/**
 * What to change so the feature's milestones are `drafts`, the parent's work kept:
 * - a new key is inserted, unless the parent deleted that key's milestone before (`dismissed`);
 * - an untouched row due on another day is replaced by a new row, not moved: the reminder mail counts
 *   a milestone's reminders by its row, so the new day gets its own 30, 7 and 1-day mails;
 * - an untouched row with new words is refreshed;
 * - a row the parent moved (in progress, done, skipped) or edited stays as they left it while its day
 *   is still the one asked for; once the feature asks for another day (the deadline passed and the
 *   next one comes, or the next one moved earlier), it is kept as history under `<key>@<id>` and a
 *   new row takes the key;
 * - an untouched row the feature no longer asks for is removed; one the parent worked on stays.
 */
export function planOwnedMilestones(
  existing: readonly OwnedRow[],
  drafts: readonly MilestoneDraft[],
  dismissed: ReadonlySet<string>,
): OwnedPlan {
  const plan: OwnedPlan = { remove: [], rekey: [], refresh: [], insert: [] };
  const live = existing.filter((row) => row.ruleKey !== null && !row.ruleKey.includes(HISTORY_MARK));
  const byKey = new Map(live.map((row) => [row.ruleKey as string, row]));
  const wanted = drafts.filter((draft) => !dismissed.has(draft.ruleKey));
  for (const draft of wanted) {
    const row = byKey.get(draft.ruleKey);
    if (!row) {
      plan.insert.push(draft);
    } else if (untouched(row)) {
      if (row.dueDate !== draft.dueDate) {
        plan.remove.push(row.id);
        plan.insert.push(draft);
      } else if (!sameWords(row, draft)) {
        plan.refresh.push({ id: row.id, draft });
      }
    } else if (row.dueDate !== draft.dueDate) {
      plan.rekey.push({ id: row.id, ruleKey: `${draft.ruleKey}${HISTORY_MARK}${row.id}` });
      plan.insert.push(draft);
    }
  }
  const wantedKeys = new Set(wanted.map((draft) => draft.ruleKey));
  for (const row of live) {
    if (!wantedKeys.has(row.ruleKey as string) && untouched(row)) plan.remove.push(row.id);
  }
  return plan;
}
