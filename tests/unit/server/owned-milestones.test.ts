import { describe, expect, it } from 'vitest';
import { planOwnedMilestones, type OwnedRow } from '../../../server/features/milestones/owned-milestones.ts';
import type { MilestoneDraft } from '../../../server/features/milestones/roadmap-rules.ts';

const draft = (id: number, dueDate: string, whatToDo = 'Submit them.'): MilestoneDraft => ({
  ruleKey: `funding-deadline:${id}`,
  title: `Submit expenses to Source ${id}`,
  whyItMatters: 'Funders pay back only what reaches them by the deadline.',
  whatToDo,
  category: 'reimbursement',
  dueDate,
});

const row = (id: number, from: MilestoneDraft, changes: Partial<OwnedRow> = {}): OwnedRow => ({
  id,
  ruleKey: from.ruleKey,
  status: 'upcoming',
  editedByParent: false,
  dueDate: from.dueDate,
  title: from.title,
  whyItMatters: from.whyItMatters,
  whatToDo: from.whatToDo,
  category: from.category,
  ...changes,
});

const none = new Set<string>();

describe("a feature's own milestones", () => {
  it('adds a deadline it has no milestone for, and leaves one that is already right', () => {
    const esa = draft(1, '2026-12-31');
    expect(planOwnedMilestones([], [esa], none)).toEqual({ remove: [], rekey: [], refresh: [], insert: [esa] });
    expect(planOwnedMilestones([row(10, esa)], [esa], none)).toEqual({ remove: [], rekey: [], refresh: [], insert: [] });
  });

  it('replaces an untouched milestone whose deadline moved (a new row, so its reminders go again), and refreshes new words in place', () => {
    const before = draft(1, '2026-12-31');
    const next = draft(1, '2027-03-31');
    expect(planOwnedMilestones([row(10, before)], [next], none)).toEqual({ remove: [10], rekey: [], refresh: [], insert: [next] });
    const words = draft(1, '2026-12-31', '2 expenses wait to be submitted.');
    expect(planOwnedMilestones([row(10, before)], [words], none)).toEqual({
      remove: [],
      rekey: [],
      refresh: [{ id: 10, draft: words }],
      insert: [],
    });
  });

  it('keeps what the parent did: as they left it while its deadline is the next, as history once the next one comes', () => {
    const before = draft(1, '2026-12-31');
    const done = row(10, before, { status: 'done' });
    const edited = row(11, draft(2, '2026-12-31'), { editedByParent: true, title: 'Send the ESA receipts' });
    expect(planOwnedMilestones([done, edited], [draft(1, '2026-12-31', 'New words.'), draft(2, '2026-12-31')], none)).toEqual({
      remove: [],
      rekey: [],
      refresh: [],
      insert: [],
    });
    const next = draft(1, '2027-03-31');
    expect(planOwnedMilestones([done], [next], none)).toEqual({
      remove: [],
      rekey: [{ id: 10, ruleKey: 'funding-deadline:1@10' }],
      refresh: [],
      insert: [next],
    });
    // The next deadline can also move earlier (a source's deadlines changed): the earlier day needs its milestone too.
    const earlier = draft(1, '2026-10-31');
    expect(planOwnedMilestones([done], [earlier], none)).toEqual({
      remove: [],
      rekey: [{ id: 10, ruleKey: 'funding-deadline:1@10' }],
      refresh: [],
      insert: [earlier],
    });
  });

  it('removes an untouched milestone it no longer asks for, keeps a touched one and the history, and never brings back a deleted one', () => {
    const gone = row(10, draft(1, '2026-12-31'));
    const skipped = row(11, draft(2, '2026-12-31'), { status: 'skipped' });
    const history = row(12, draft(3, '2026-09-30'), { ruleKey: 'funding-deadline:3@12', status: 'done' });
    expect(planOwnedMilestones([gone, skipped, history], [], none)).toEqual({ remove: [10], rekey: [], refresh: [], insert: [] });
    const dismissed = new Set(['funding-deadline:4']);
    expect(planOwnedMilestones([], [draft(4, '2026-12-31')], dismissed).insert).toEqual([]);
  });
});
