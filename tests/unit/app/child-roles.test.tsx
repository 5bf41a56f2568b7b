// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DashboardStats } from '#shared/schemas/dashboard.ts';
import type { DocumentListItem } from '#shared/schemas/document.ts';
import type { Goal, GoalDetail as GoalDetailData } from '#shared/schemas/goal.ts';
import type { Milestone } from '#shared/schemas/milestone.ts';
import type { Observation } from '#shared/schemas/observation.ts';
import { defineChildActions, type ChildRole } from '#shared/schemas/roles.ts';
import type { Strategy } from '#shared/schemas/strategy.ts';
import { RoleGate, viewOnlyText } from '../../../client/app/components/child-role.tsx';
import { ChildSwitcher } from '../../../client/app/components/child-switcher.tsx';
import { GoalDetail } from '../../../client/app/features/progress-planner/goal-detail.tsx';
import DashboardPage from '../../../client/app/pages/dashboard-page.tsx';
import ObservationsPage from '../../../client/app/pages/observations-page.tsx';
import ProgressPlannerPage from '../../../client/app/pages/progress-planner-page.tsx';
import RoadmapPage from '../../../client/app/pages/roadmap-page.tsx';
import VaultPage from '../../../client/app/pages/vault-page.tsx';
import { formatDate, localToday } from '../../../client/lib/dates.ts';
import { setSelectedChildId } from '../../../client/lib/session-storage.ts';
import { fakeTrpc, serverError, type FakeOp } from '../../helpers/fake-trpc.tsx';

const STAMP = '2026-01-01T00:00:00.000Z';
const daysFromToday = (days: number) => localToday(new Date(Date.now() + days * 86_400_000));
const ENTRY_DAY = daysFromToday(-2);

const goal: Goal = {
  id: 3,
  childId: 1,
  area: 'reading',
  title: 'Read a page aloud',
  description: null,
  baseline: 60,
  target: 90,
  unit: 'words per minute',
  targetDate: null,
  status: 'in-progress',
  source: 'iep',
  latestProgress: { id: 7, goalId: 3, recordedOn: ENTRY_DAY, value: 72, note: null, source: null, addedBy: null, createdAt: STAMP },
  isStale: false,
  addedBy: null,
  createdAt: STAMP,
  updatedAt: STAMP,
};

const strategy: Strategy = {
  id: 5,
  childId: 1,
  title: 'Use a timer',
  description: null,
  whereUsed: 'home',
  kind: 'routine',
  goalIds: [],
  effectiveness: 4,
  active: true,
  addedBy: null,
  createdAt: STAMP,
  updatedAt: STAMP,
};

const observation: Observation = {
  id: 11,
  childId: 1,
  what: 'Read the whole menu out loud',
  occurredAt: new Date(Date.now() - 3_600_000).toISOString(),
  setting: 'community',
  antecedent: null,
  behaviour: null,
  consequence: null,
  mood: null,
  tags: [],
  isWin: true,
  goalId: null,
  source: null,
  addedBy: null,
  createdAt: STAMP,
  updatedAt: STAMP,
};

const milestone = (id: number, title: string, days: number, source: Milestone['source']): Milestone => ({
  id,
  childId: 1,
  title,
  whyItMatters: null,
  whatToDo: null,
  category: 'plan-review',
  dueDate: daysFromToday(days),
  status: 'upcoming',
  source,
  ruleKey: source === 'generated' ? 'annual-review' : null,
  editedByParent: false,
  addedBy: null,
  createdAt: STAMP,
  updatedAt: STAMP,
});

const document: DocumentListItem = {
  id: 21,
  childId: 1,
  title: 'Report card',
  category: 'report-card',
  documentDate: null,
  schoolYear: null,
  tags: [],
  note: null,
  fileName: 'report.pdf',
  mediaType: 'application/pdf',
  sizeBytes: 2048,
  pageCount: 1,
  processing: 'done',
  hasThumbnail: false,
  goalIds: [],
  addedBy: null,
  fileAddedAt: STAMP,
  fileAddedBy: null,
  earlierVersions: 0,
  createdAt: STAMP,
  updatedAt: STAMP,
  matches: [],
};

const stats: DashboardStats = {
  observations: { thisWeek: 0, lastWeek: 0 },
  winsThisMonth: 0,
  activeGoals: [],
  strategiesInUse: 0,
  nextMilestones: [],
  reimbursementWarnings: [],
};

const detail: GoalDetailData = { goal, progress: [goal.latestProgress!], evidence: [], documents: [] };

/** The child's record as the server holds it, whoever asks. */
function record(op: FakeOp): unknown {
  switch (op.path) {
    case 'dashboard.stats':
      return stats;
    case 'observations.list':
      return [observation];
    case 'goals.list':
      return [goal];
    case 'goals.detail':
      return detail;
    case 'strategies.list':
      return [strategy];
    case 'milestones.list':
      return [milestone(31, 'Annual IEP review', 3, 'generated'), milestone(32, 'Team meeting', 40, 'parent')];
    case 'documents.list':
      return { items: [document], total: 1 };
    case 'documents.facets':
      return { categories: [], schoolYears: [], tags: [] };
    case 'documents.usage':
      return { usedBytes: 2048, quotaBytes: 1_000_000, maxFileBytes: 100_000, documentCount: 1 };
    default:
      return [];
  }
}

type Control = readonly ['button' | 'link' | 'heading' | 'combobox' | 'switch' | 'radio', string | RegExp];

interface Screen {
  name: string;
  element: ReactElement;
  /** Shown once the screen's data is on it. */
  loaded: readonly (string | RegExp)[];
  /** Every control that adds or changes something: an updater and an owner see them, a viewer does not. */
  update: readonly Control[];
  /** Every delete: only an owner sees them. */
  own: readonly Control[];
  /** Whether the screen carries the viewer's note (a goal's view sits under the planner's). */
  note: boolean;
}

const SCREENS: readonly Screen[] = [
  {
    name: 'dashboard',
    element: <DashboardPage />,
    loaded: ['Active goals', /^Nothing here yet\./],
    update: [
      ['button', 'Log an observation'],
      ['button', 'Add progress'],
      ['button', 'Log one thing you noticed today'],
      ['button', 'Log a first observation'],
      ['link', 'Set a first goal in the progress planner'],
      ['link', 'Add a strategy that helps'],
      ['link', 'Plan the months ahead on the roadmap'],
    ],
    own: [
      ['link', 'Edit profile'],
      ['link', 'Add what Sam is good at'],
    ],
    note: true,
  },
  {
    name: 'observations',
    element: <ObservationsPage />,
    loaded: [observation.what],
    update: [
      ['heading', 'Note something'],
      ['button', /^Edit the note from/],
    ],
    own: [['button', /^Delete the note from/]],
    note: true,
  },
  {
    name: 'progress planner',
    element: <ProgressPlannerPage />,
    loaded: [goal.title, strategy.title],
    update: [
      ['button', 'Add a goal'],
      ['combobox', 'Status'],
      ['button', 'Add progress'],
      ['button', `Edit goal: ${goal.title}`],
      ['button', 'Add a strategy'],
      ['radio', 'Works well (4 of 5)'],
      ['switch', 'In use'],
      ['button', `Edit strategy: ${strategy.title}`],
    ],
    own: [
      ['button', `Delete goal: ${goal.title}`],
      ['button', `Delete strategy: ${strategy.title}`],
    ],
    note: true,
  },
  {
    name: "a goal's view",
    element: <GoalDetail goalId={goal.id} />,
    loaded: ['Progress over time'],
    update: [
      ['button', 'Edit goal'],
      ['heading', 'Add progress'],
      ['button', `Edit the ${formatDate(ENTRY_DAY)} entry`],
      ['link', 'Log an observation'],
    ],
    own: [['button', `Delete entry: ${formatDate(ENTRY_DAY)}`]],
    note: false,
  },
  {
    name: 'roadmap',
    element: <RoadmapPage />,
    loaded: ['Timeline'],
    update: [
      ['button', 'Add a milestone'],
      ['button', 'Refresh my roadmap'],
      ['button', 'Mark done: Annual IEP review'],
      ['button', 'Start: Team meeting'],
      ['button', 'Skip: Team meeting'],
      ['button', 'Reschedule: Team meeting'],
      ['button', 'Edit: Team meeting'],
    ],
    own: [['button', 'Delete: Team meeting']],
    note: true,
  },
  {
    name: 'vault',
    element: <VaultPage />,
    loaded: [document.title],
    update: [
      ['heading', 'Add documents'],
      ['button', 'Add documents'],
      ['button', `Edit ${document.title}`],
      ['button', `Replace file ${document.title}`],
    ],
    own: [['button', `Delete ${document.title}`]],
    note: true,
  },
];

function present([role, name]: Control): boolean {
  return screen.queryAllByRole(role, { name }).length > 0;
}

async function renderAs(role: ChildRole, view: Screen) {
  const api = fakeTrpc(record, { role });
  render(view.element, { wrapper: api.wrapper });
  for (const text of view.loaded) await screen.findAllByText(text);
  return api;
}

beforeEach(() => {
  sessionStorage.clear();
  setSelectedChildId(1);
});
afterEach(() => cleanup());

describe.each(SCREENS)('the $name screen by role', (view) => {
  it('a viewer reads it with no way to add, change or delete, and is told why', async () => {
    await renderAs('viewer', view);
    expect([...view.update, ...view.own].filter(present)).toEqual([]);
    expect(screen.queryAllByText(viewOnlyText('Sam'))).toHaveLength(view.note ? 1 : 0);
  });

  it('an updater adds and changes, and deletes nothing', async () => {
    await renderAs('updater', view);
    expect(view.update.filter((control) => !present(control))).toEqual([]);
    expect(view.own.filter(present)).toEqual([]);
    expect(screen.queryByText(viewOnlyText('Sam'))).toBeNull();
  });

  it('an owner has every control', async () => {
    await renderAs('owner', view);
    expect([...view.update, ...view.own].filter((control) => !present(control))).toEqual([]);
    expect(screen.queryByText(viewOnlyText('Sam'))).toBeNull();
  });
});

describe('what a viewer reads instead', () => {
  it('a strategy says how well it works in words', async () => {
    await renderAs('viewer', SCREENS[2]!);
    const card = screen.getByRole('article', { name: strategy.title });
    expect(card.textContent).toContain('How well it works: Works well');
  });

  it('a vault document can still be previewed and downloaded', async () => {
    await renderAs('viewer', SCREENS[5]!);
    expect(screen.getByRole('button', { name: `Preview ${document.title}` })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Download ${document.title}` })).toBeTruthy();
  });
});

describe('a refusal while the screen is open', () => {
  const REFUSED = 'Only an owner of this child’s record can do this.';

  it("says the server's words, then the screen follows the new role", async () => {
    const api = fakeTrpc((op) => (op.path === 'goals.delete' ? serverError(403, 'FORBIDDEN', REFUSED) : record(op)), { role: 'owner' });
    render(<ProgressPlannerPage />, { wrapper: api.wrapper });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: `Delete goal: ${goal.title}` }));
    // Made a viewer by an owner elsewhere, after the screen opened.
    api.setRole('viewer');
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    const toast = await screen.findByText('We could not delete this goal');
    expect(toast.parentElement?.textContent).toContain(REFUSED);
    await waitFor(() => expect(screen.queryByRole('button', { name: `Edit goal: ${goal.title}` })).toBeNull());
    expect(screen.getByText(viewOnlyText('Sam'))).toBeTruthy();
    expect(api.calls('goals.delete')).toHaveLength(1);
  });
});

describe('the child switcher', () => {
  it('says when the only child is shared with you', async () => {
    const { wrapper } = fakeTrpc(record, { role: 'viewer', child: { sharedWithYou: true } });
    const view = render(<ChildSwitcher />, { wrapper }).container;
    await waitFor(() => expect(within(view).getByText('Shared with you')).toBeTruthy());
    expect(view.textContent).toContain('Sam');
  });

  it('says nothing about a single child of your own', () => {
    const { wrapper } = fakeTrpc(record, { role: 'owner' });
    const view = render(<ChildSwitcher />, { wrapper }).container;
    expect(view.textContent).toBe('');
  });
});

describe('RoleGate reads the role from the action (decision 0094)', () => {
  const probeActions = defineChildActions('probe', { change: 'updater', remove: 'owner' });
  const gated = (
    <>
      <RoleGate action={probeActions.change}>Change</RoleGate>
      <RoleGate action={probeActions.remove} otherwise="Only an owner removes">
        Remove
      </RoleGate>
      <RoleGate action={[probeActions.change, probeActions.remove]}>Change and remove</RoleGate>
    </>
  );
  const shownTo = async (role: ChildRole) => {
    const { wrapper } = fakeTrpc(record, { role });
    const view = render(gated, { wrapper }).container;
    await waitFor(() => expect(view.textContent).not.toBe(''));
    const text = view.textContent;
    cleanup();
    return text;
  };

  it('shows a control from its action’s role up, what it says otherwise below, and a block of several only when each is allowed', async () => {
    expect(await shownTo('viewer')).toBe('Only an owner removes');
    expect(await shownTo('updater')).toBe('ChangeOnly an owner removes');
    expect(await shownTo('owner')).toBe('ChangeRemoveChange and remove');
  });
});
