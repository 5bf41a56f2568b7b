// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EntrySource } from '#shared/schemas/entry-source.ts';
import type { Goal, GoalDetail as GoalDetailData, ProgressEntry } from '#shared/schemas/goal.ts';
import type { Observation } from '#shared/schemas/observation.ts';
import type { ChildRole } from '#shared/schemas/roles.ts';
import { ObservationItem } from '../../../client/app/features/observations/observation-item.tsx';
import { GoalCard } from '../../../client/app/features/progress-planner/goal-card.tsx';
import { GoalDetail } from '../../../client/app/features/progress-planner/goal-detail.tsx';
import { ANSWERED_LEGEND, ProgressChart } from '../../../client/app/features/progress-planner/progress-chart.tsx';
import { describeProgressChart } from '../../../client/app/features/progress-planner/progress-chart-geometry.ts';
import { formatDate } from '../../../client/lib/dates.ts';
import { setSelectedChildId } from '../../../client/lib/session-storage.ts';
import { fakeTrpc } from '../../helpers/fake-trpc.tsx';

/*
 * Records from an approved form answer (issue 28, decision 0109): every list says who answered and
 * when, none offers Edit (Delete stays, per role), and the goal's chart draws their points apart.
 */

const STAMP = '2026-11-04T09:00:00.000Z';
const SOURCE: EntrySource = {
  kind: 'form',
  formId: 3,
  responseId: 7,
  name: 'Ms Lee',
  role: 'teacher',
  answeredAt: '2026-11-03T15:00:00.000Z',
};
const LINE = 'from Ms Lee (teacher), answered Nov 3';

function entry(id: number, recordedOn: string, value: number, source: EntrySource | null = null): ProgressEntry {
  return { id, goalId: 3, recordedOn, value, note: null, source, addedBy: { name: 'Ana', isYou: true }, createdAt: STAMP };
}

const typed = entry(1, '2026-10-20', 2);
const answered = entry(2, '2026-11-03', 4, SOURCE);

const goal: Goal = {
  id: 3,
  childId: 1,
  area: 'attention-executive-function',
  title: 'Start work on his own',
  description: null,
  baseline: 1,
  target: 5,
  unit: 'times',
  targetDate: null,
  status: 'in-progress',
  source: 'iep',
  latestProgress: answered,
  isStale: false,
  addedBy: null,
  createdAt: STAMP,
  updatedAt: STAMP,
};

function observation(source: EntrySource | null): Observation {
  return {
    id: 11,
    childId: 1,
    what: 'He helped a classmate with reading.',
    occurredAt: SOURCE.answeredAt,
    setting: 'school',
    antecedent: null,
    behaviour: null,
    consequence: null,
    mood: null,
    tags: [],
    isWin: false,
    goalId: 3,
    source,
    addedBy: { name: 'Ana', isYou: true },
    createdAt: STAMP,
    updatedAt: STAMP,
  };
}

beforeEach(() => {
  sessionStorage.clear();
  setSelectedChildId(1);
});
afterEach(() => cleanup());

function renderAs(role: ChildRole, ui: React.ReactElement, detail?: GoalDetailData) {
  const api = fakeTrpc((op) => (op.path === 'goals.detail' ? detail : []), { role });
  render(ui, { wrapper: api.wrapper });
}

describe('an observation from a form answer', () => {
  const item = (source: EntrySource | null) => (
    <ul>
      <ObservationItem observation={observation(source)} goalTitle={undefined} onTagSelect={() => undefined} onDeleted={() => undefined} />
    </ul>
  );

  it('says who answered and when, and offers Delete but no Edit', () => {
    renderAs('owner', item(SOURCE));
    expect(screen.getByText(LINE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(screen.getByRole('button', { name: /^Delete/ })).toBeTruthy();
  });

  it('a typed one has no source line and keeps Edit', () => {
    renderAs('owner', item(null));
    expect(screen.queryByText(/answered Nov/)).toBeNull();
    expect(screen.getByRole('button', { name: /^Edit/ })).toBeTruthy();
  });
});

describe('progress entries from a form answer', () => {
  const detail: GoalDetailData = { goal, progress: [typed, answered], evidence: [observation(SOURCE)], documents: [] };

  it('on the goal, the entry says who answered, with Delete and no Edit; a typed one keeps Edit; the evidence says so too', async () => {
    renderAs('owner', <GoalDetail goalId={3} />, detail);
    const entries = await screen.findByRole('region', { name: 'Entries' });
    const [newest, older] = within(entries).getAllByRole('listitem');
    expect(within(newest as HTMLElement).getByText(LINE)).toBeTruthy();
    expect(within(newest as HTMLElement).queryByRole('button', { name: `Edit the ${formatDate('2026-11-03')} entry` })).toBeNull();
    expect(within(newest as HTMLElement).getByRole('button', { name: `Delete entry: ${formatDate('2026-11-03')}` })).toBeTruthy();
    expect(within(older as HTMLElement).getByRole('button', { name: `Edit the ${formatDate('2026-10-20')} entry` })).toBeTruthy();
    expect(within(older as HTMLElement).queryByText(/answered/)).toBeNull();
    const evidence = screen.getByRole('region', { name: "What you've noticed" });
    expect(within(evidence).getByText(LINE)).toBeTruthy();
  });

  it('the page’s forms slot is shown on the loaded goal', async () => {
    renderAs('owner', <GoalDetail goalId={3} forms={(shown) => <p>Forms about {shown.title}</p>} />, detail);
    expect(await screen.findByText('Forms about Start work on his own')).toBeTruthy();
  });

  it('the goal card’s latest value says who answered', () => {
    renderAs('viewer', <GoalCard goal={goal} />);
    expect(screen.getByText(LINE)).toBeTruthy();
  });
});

describe('the goal’s chart', () => {
  it('draws a point from a form answer as a diamond with who answered in its title, and adds the legend', () => {
    const { container } = render(<ProgressChart goal={goal} entries={[typed, answered]} />);
    const diamonds = container.querySelectorAll('path[data-source="form"]');
    expect(diamonds).toHaveLength(1);
    expect(diamonds[0]?.querySelector('title')?.textContent).toBe(`4 on ${formatDate('2026-11-03')} (${LINE})`);
    expect(container.querySelectorAll('circle')).toHaveLength(1);
    expect(container.querySelector('circle title')?.textContent).toBe(`2 on ${formatDate('2026-10-20')}`);
    expect(container.querySelector('figcaption')?.textContent).toContain(ANSWERED_LEGEND);
    expect(container.querySelector('svg[role="img"]')?.getAttribute('aria-label')).toContain(`4 on ${formatDate('2026-11-03')} (${LINE})`);
    expect(screen.getByRole('columnheader', { name: 'Answered by', hidden: true })).toBeTruthy();
  });

  it('has no legend entry and no diamond when no point came from a form', () => {
    const { container } = render(<ProgressChart goal={goal} entries={[typed]} />);
    // The typed point is drawn and the caption is there: it is the legend entry that is missing.
    expect(container.querySelectorAll('circle')).toHaveLength(1);
    expect(container.querySelectorAll('path[data-source="form"]')).toHaveLength(0);
    const caption = container.querySelector('figcaption');
    expect(caption).not.toBeNull();
    expect(caption?.textContent).not.toContain(ANSWERED_LEGEND);
  });

  it('counts the answered points when there are too many to read out one by one', () => {
    const many = Array.from({ length: 10 }, (_, index) =>
      entry(index + 1, `2026-10-${String(index + 10)}`, index, index % 2 === 0 ? SOURCE : null),
    );
    expect(describeProgressChart(goal, many)).toContain('5 answered by a teacher or therapist');
  });
});
