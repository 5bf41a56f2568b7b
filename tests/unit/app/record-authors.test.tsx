// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Activity } from '#shared/schemas/activity.ts';
import type { DocumentListItem, DocumentVersion } from '#shared/schemas/document.ts';
import type { Goal } from '#shared/schemas/goal.ts';
import type { Milestone } from '#shared/schemas/milestone.ts';
import type { Observation } from '#shared/schemas/observation.ts';
import type { Strategy } from '#shared/schemas/strategy.ts';
import { addedByText } from '../../../client/app/components/added-by.tsx';
import { MedicationsList } from '../../../client/app/features/children/medications-list.tsx';
import { ActivityFeed } from '../../../client/app/features/dashboard/activity-feed.tsx';
import { DocumentItem } from '../../../client/app/features/documents/document-item.tsx';
import { ObservationItem } from '../../../client/app/features/observations/observation-item.tsx';
import { GoalCard } from '../../../client/app/features/progress-planner/goal-card.tsx';
import { GoalDetail } from '../../../client/app/features/progress-planner/goal-detail.tsx';
import { MilestoneItem } from '../../../client/app/features/roadmap/milestone-item.tsx';
import { StrategyCard } from '../../../client/app/features/progress-planner/strategy-card.tsx';
import { formatMomentDate } from '../../../client/lib/dates.ts';
import { setSelectedChildId } from '../../../client/lib/session-storage.ts';
import { fakeTrpc, type FakeOp } from '../../helpers/fake-trpc.tsx';
import { FIXTURE_STAMP, medicationFixture, milestoneFixture } from '../../helpers/record-fixtures.ts';

/** Who added what on a shared child (decision 0086): each list item names the person, or says "you". */

const STAMP = FIXTURE_STAMP;
const DAY = formatMomentDate(STAMP);
const SAM = { name: 'Sam', isYou: false };
const YOU = { name: 'Ana', isYou: true };

const observation = (id: number, addedBy: Observation['addedBy']): Observation => ({
  id,
  childId: 1,
  what: `Note ${id}`,
  occurredAt: STAMP,
  setting: 'home',
  antecedent: null,
  behaviour: null,
  consequence: null,
  mood: null,
  tags: [],
  isWin: false,
  goalId: null,
  source: null,
  addedBy,
  createdAt: STAMP,
  updatedAt: STAMP,
});

const goal: Goal = {
  id: 3,
  childId: 1,
  area: 'reading',
  title: 'Read a page aloud',
  description: null,
  baseline: null,
  target: null,
  unit: null,
  targetDate: null,
  status: 'in-progress',
  source: 'home',
  latestProgress: null,
  isStale: false,
  addedBy: SAM,
  createdAt: STAMP,
  updatedAt: STAMP,
};

const strategy: Strategy = {
  id: 5,
  childId: 1,
  title: 'Visual timer',
  description: null,
  whereUsed: 'home',
  kind: 'tool',
  goalIds: [],
  effectiveness: null,
  active: true,
  addedBy: SAM,
  createdAt: STAMP,
  updatedAt: STAMP,
};

const document: DocumentListItem = {
  id: 9,
  childId: 1,
  title: 'Letter to school',
  category: 'correspondence',
  documentDate: null,
  schoolYear: null,
  tags: [],
  note: null,
  fileName: 'letter-v3.txt',
  mediaType: 'text/plain',
  sizeBytes: 40,
  pageCount: null,
  processing: 'done',
  hasThumbnail: false,
  goalIds: [],
  addedBy: SAM,
  fileAddedAt: STAMP,
  fileAddedBy: YOU,
  earlierVersions: 1,
  createdAt: STAMP,
  updatedAt: STAMP,
  matches: [],
};

const version: DocumentVersion = {
  id: 21,
  documentId: 9,
  fileName: 'letter-v1.txt',
  mediaType: 'text/plain',
  sizeBytes: 36,
  pageCount: null,
  addedAt: STAMP,
  addedBy: SAM,
  replacedAt: STAMP,
  replacedBy: YOU,
};

const activity = (id: number, actor: Activity['actor']): Activity => ({
  id,
  childId: 1,
  action: 'observation.created',
  subjectType: 'observation',
  subjectId: id,
  createdAt: STAMP,
  actor,
  title: `Note ${id}`,
  occurredAt: STAMP,
  recordedOn: null,
});

const medication = medicationFixture({ addedBy: SAM });
const milestone = (addedBy: Milestone['addedBy']) => milestoneFixture({ addedBy });

function answer(op: FakeOp): unknown {
  if (op.path === 'medications.list') return [medication];
  if (op.path === 'activities.list') return [activity(1, SAM), activity(2, YOU)];
  if (op.path === 'documents.versions') return [version];
  if (op.path === 'goals.detail') return { goal, progress: [], evidence: [observation(8, SAM), observation(9, YOU)], documents: [] };
  return [];
}

const renderWith = (element: React.ReactElement) => render(element, { wrapper: fakeTrpc(answer, { role: 'updater' }).wrapper });

beforeEach(() => {
  sessionStorage.clear();
  setSelectedChildId(1);
});
afterEach(() => cleanup());

describe('who added a record', () => {
  it('says "you" for your own, the person\u2019s name for another\u2019s, and only the day once their account is gone', () => {
    expect(addedByText(YOU, STAMP)).toBe(`Added by you, ${DAY}`);
    expect(addedByText(SAM, STAMP)).toBe(`Added by Sam, ${DAY}`);
    expect(addedByText(null, STAMP)).toBe(`Added ${DAY}`);
    expect(addedByText(SAM, STAMP, 'Recorded')).toBe(`Recorded by Sam, ${DAY}`);
  });

  it('the observation list names the co-parent on their note and says "you" on yours', () => {
    renderWith(
      <ul>
        <ObservationItem observation={observation(1, SAM)} goalTitle={undefined} onTagSelect={() => {}} onDeleted={() => {}} />
        <ObservationItem observation={observation(2, YOU)} goalTitle={undefined} onTagSelect={() => {}} onDeleted={() => {}} />
      </ul>,
    );
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first as HTMLElement).getByText(`Added by Sam, ${DAY}`)).toBeTruthy();
    expect(within(second as HTMLElement).getByText(`Added by you, ${DAY}`)).toBeTruthy();
  });

  it('a goal\u2019s evidence names who noted each observation', async () => {
    renderWith(<GoalDetail goalId={goal.id} />);
    const evidence = await screen.findByRole('region', { name: "What you've noticed" });
    expect(within(evidence).getByText(`Added by Sam, ${DAY}`)).toBeTruthy();
    expect(within(evidence).getByText(`Added by you, ${DAY}`)).toBeTruthy();
  });

  it('goals and strategies name who added them', () => {
    renderWith(
      <>
        <GoalCard goal={goal} />
        <StrategyCard strategy={strategy} goals={[]} />
      </>,
    );
    expect(screen.getAllByText(`Added by Sam, ${DAY}`)).toHaveLength(2);
  });

  it('the child\u2019s medications name who added each', async () => {
    renderWith(<MedicationsList childId={1} childRole="updater" />);
    expect(await screen.findByText(`Added by Sam, ${DAY}`)).toBeTruthy();
  });

  it('a milestone a parent added says who: "Added by Sam" on a shared child, not "Added by you"', () => {
    const { unmount } = renderWith(<MilestoneItem milestone={milestone(SAM)} today="2026-11-27" variant="card" headingLevel={3} />);
    expect(screen.getByText('Added by Sam')).toBeTruthy();
    expect(screen.queryByText('Added by you')).toBeNull();
    unmount();
    renderWith(<MilestoneItem milestone={milestone(YOU)} today="2026-11-27" variant="card" headingLevel={3} />);
    expect(screen.getByText('Added by you')).toBeTruthy();
  });

  it('the dashboard\u2019s recent activity says who made each change', async () => {
    renderWith(<ActivityFeed onLogObservation={() => {}} />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('span')?.textContent)).toEqual([
      'Observation logged by Sam',
      'Observation logged by you',
    ]);
  });

  it('a document names who added it, asks before replacing its file, and lists the earlier file to download', async () => {
    const user = userEvent.setup();
    const replaced: File[] = [];
    renderWith(
      <ul>
        <DocumentItem
          document={document}
          goalTitles={new Map()}
          onPreview={() => {}}
          onDownload={() => {}}
          onEdit={() => {}}
          onReplace={(file) => replaced.push(file)}
          onTagSelect={() => {}}
          onDeleted={() => {}}
        />
      </ul>,
    );
    expect(screen.getByText(`Added by Sam, ${DAY}`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Replace file Letter to school' }));
    expect(screen.getByText(/The current file will be kept as an earlier version\./)).toBeTruthy();
    const choose = screen.getByRole('button', { name: 'Choose the new file' });
    expect(globalThis.document.activeElement).toBe(choose);
    expect(replaced).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Choose the new file' })).toBeNull();

    await user.click(screen.getByText('1 earlier version'));
    const list = await screen.findByRole('list', { name: 'Earlier versions of Letter to school' });
    expect(within(list).getByText(`Added by Sam, ${DAY} · Replaced by you, ${DAY}`)).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Download the earlier version letter-v1.txt' })).toBeTruthy();
  });
});
