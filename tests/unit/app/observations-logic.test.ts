import { describe, expect, it } from 'vitest';
import { OBSERVATION_IN_FUTURE_MESSAGE, OBSERVATION_LIMITS, type Observation } from '#shared/schemas/observation.ts';
import {
  addTags,
  checkEditedDraft,
  checkNewDraft,
  draftFromObservation,
  draftToCreateInput,
  draftToUpdateInput,
  emptyDraft,
  hasMoreDetails,
  observationFieldErrors,
  splitTags,
  type ObservationDraft,
} from '../../../client/app/features/observations/observation-draft.ts';
import { formatShortDate, fromDateTimeLocal, toDateTimeLocal } from '../../../client/lib/dates.ts';
import {
  EMPTY_FILTERS,
  dateRangeError,
  hasActiveFilters,
  mergeTags,
  toListFilter,
} from '../../../client/app/features/observations/observation-filter.ts';
import { countLabel } from '../../../client/app/features/observations/observation-format.ts';
import {
  axisTicks,
  isTrendEmpty,
  layoutBars,
  niceMax,
  trendSummary,
  CHART_BOX,
} from '../../../client/app/features/observations/trend-chart.ts';
import { flattenPages, nextCursor, withoutObservation } from '../../../client/app/features/observations/use-observations.ts';

function observation(id: number, overrides: Partial<Observation> = {}): Observation {
  return {
    id,
    childId: 1,
    what: `Note ${id}`,
    occurredAt: '2026-03-04T16:05:00.000Z',
    setting: 'home',
    antecedent: null,
    behaviour: null,
    consequence: null,
    mood: null,
    tags: [],
    isWin: false,
    goalId: null,
    source: null,
    addedBy: null,
    createdAt: '2026-03-04T16:05:00.000Z',
    updatedAt: '2026-03-04T16:05:00.000Z',
    ...overrides,
  };
}

describe('the "when" field', () => {
  it('round-trips a local date and time through the datetime-local value', () => {
    const at = new Date(2026, 2, 4, 9, 7);
    expect(toDateTimeLocal(at)).toBe('2026-03-04T09:07');
    expect(fromDateTimeLocal('2026-03-04T09:07')).toBe(at.toISOString());
  });

  it('gives null for an empty or broken value instead of a wrong date', () => {
    expect(fromDateTimeLocal('')).toBeNull();
    expect(fromDateTimeLocal('2026-03-04')).toBeNull();
    expect(fromDateTimeLocal('yesterday')).toBeNull();
  });
});

describe('tags', () => {
  it('splits on commas, trims, and drops empty pieces', () => {
    expect(splitTags(' sleep,  reading aloud ,,')).toEqual(['sleep', 'reading aloud']);
  });

  it('adds new tags once, whatever their case, and stops at the limit', () => {
    expect(addTags(['Sleep'], 'sleep, homework')).toEqual(['Sleep', 'homework']);
    const full = Array.from({ length: OBSERVATION_LIMITS.tags }, (_, index) => `t${index}`);
    expect(addTags(full, 'one more')).toEqual(full);
  });
});

describe('draft to API input', () => {
  it('sends only what the quick capture needs, leaving "when" to the server while it is untouched', () => {
    const draft = { ...emptyDraft(new Date(2026, 2, 4, 9, 0)), what: 'Read a page aloud' };
    expect(draftToCreateInput(draft)).toEqual({ what: 'Read a page aloud', setting: 'home', isWin: false });
  });

  it('sends a changed "when", the win, the details, and a tag still being typed', () => {
    const draft = {
      ...emptyDraft(),
      what: 'Calm at drop-off',
      when: '2026-03-04T08:30',
      whenTouched: true,
      setting: 'school' as const,
      isWin: true,
      antecedent: '  ',
      behaviour: 'Waved goodbye',
      mood: 4,
      tags: ['mornings'],
      tagText: 'transitions',
      goalId: 7,
    };
    expect(draftToCreateInput(draft)).toEqual({
      what: 'Calm at drop-off',
      occurredAt: new Date(2026, 2, 4, 8, 30).toISOString(),
      setting: 'school',
      isWin: true,
      behaviour: 'Waved goodbye',
      mood: 4,
      tags: ['mornings', 'transitions'],
      goalId: 7,
    });
  });

  it('clears emptied fields with null when editing', () => {
    const draft = {
      ...draftFromObservation(observation(3, { antecedent: 'Tired', mood: 2, tags: ['sleep'], goalId: 4 })),
      antecedent: '',
      mood: null,
      tags: [],
      goalId: null,
    };
    expect(draftToUpdateInput(draft)).toMatchObject({ antecedent: null, mood: null, tags: [], goalId: null, behaviour: null });
  });

  it('opens "More details" for an edit only when the note has some', () => {
    expect(hasMoreDetails(draftFromObservation(observation(1)))).toBe(false);
    expect(hasMoreDetails(draftFromObservation(observation(1, { tags: ['sleep'] })))).toBe(true);
  });
});

describe('validation', () => {
  const written = (patch: Partial<ObservationDraft>): ObservationDraft => ({ ...emptyDraft(), what: 'Calm at drop-off', ...patch });
  /** A datetime-local value `hours` from now, in the parent's time zone. */
  const hoursFromNow = (hours: number) => toDateTimeLocal(new Date(Date.now() + hours * 3_600_000));

  it('asks for what happened', () => {
    expect(checkNewDraft(written({ what: '   ' }))).toEqual({ ok: false, errors: { what: 'Say what happened' } });
  });

  it('refuses a cleared or future "when" with a message the parent understands, on a new note and an edit', () => {
    for (const check of [checkNewDraft, checkEditedDraft]) {
      expect(check(written({ when: '', whenTouched: true }))).toEqual({ ok: false, errors: { occurredAt: 'Use a date and time' } });
      expect(check(written({ when: hoursFromNow(24), whenTouched: true }))).toEqual({
        ok: false,
        errors: { occurredAt: OBSERVATION_IN_FUTURE_MESSAGE },
      });
      expect(check(written({ when: hoursFromNow(-1), whenTouched: true })).ok).toBe(true);
    }
  });

  it("gives the input to send once it passes: the shared schema's output", () => {
    expect(checkNewDraft(written({ what: '  Calm at drop-off ' }))).toEqual({
      ok: true,
      data: { what: 'Calm at drop-off', setting: 'home', isWin: false },
    });
  });

  it('holds a tag that is too long to the shared limit', () => {
    const long = 'x'.repeat(OBSERVATION_LIMITS.tagLength + 1);
    const result = checkNewDraft(written({ tagText: long }));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.tags).toBe(`Each tag is at most ${OBSERVATION_LIMITS.tagLength} characters`);
  });

  it('maps API issue paths (data.what) to the form fields', () => {
    expect(
      observationFieldErrors([
        { path: 'data.what', message: 'Say what happened' },
        { path: 'goalId', message: 'Not this child' },
      ]),
    ).toEqual({
      what: 'Say what happened',
      goalId: 'Not this child',
    });
  });
});

describe('list filters', () => {
  it('sends only the filters that are set, trimmed', () => {
    expect(toListFilter(EMPTY_FILTERS)).toEqual({});
    expect(
      toListFilter({ search: '  meltdown ', from: '2026-01-01', to: '2026-01-31', setting: 'school', tag: ' sleep ', winsOnly: true }),
    ).toEqual({
      search: 'meltdown',
      from: '2026-01-01',
      to: '2026-01-31',
      setting: 'school',
      tag: 'sleep',
      winsOnly: true,
    });
  });

  it('holds back a "to" date before the "from" date and says why', () => {
    const state = { ...EMPTY_FILTERS, from: '2026-02-01', to: '2026-01-01' };
    expect(dateRangeError(state)).toMatch(/on or after/);
    expect(toListFilter(state)).toEqual({ from: '2026-02-01' });
  });

  it('knows when the list is narrowed', () => {
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, winsOnly: true })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, search: '  ' })).toBe(false);
  });

  it('remembers every tag seen, sorted', () => {
    expect(mergeTags(['sleep'], [{ tags: ['reading', 'sleep'] }, { tags: ['anxiety'] }])).toEqual(['anxiety', 'reading', 'sleep']);
  });
});

describe('paging', () => {
  it('pages on after the last id of a full page and stops after a short one', () => {
    const full = Array.from({ length: 50 }, (_, index) => observation(100 - index));
    expect(nextCursor(full)).toBe(51);
    expect(nextCursor(full.slice(0, 49))).toBeUndefined();
  });

  it('shows each observation once when pages overlap after a change', () => {
    expect(
      flattenPages([
        [observation(5), observation(4)],
        [observation(4), observation(3)],
      ]).map((item) => item.id),
    ).toEqual([5, 4, 3]);
  });

  it('removes a deleted observation from paged and plain cached lists', () => {
    expect(withoutObservation([observation(2), observation(1)], 2)).toEqual([observation(1)]);
    expect(withoutObservation({ pages: [[observation(2)], [observation(1)]], pageParams: [undefined, 2] }, 1)).toEqual({
      pages: [[observation(2)], []],
      pageParams: [undefined, 2],
    });
  });
});

describe('formatting', () => {
  it('counts notes in words', () => {
    expect(countLabel(1)).toBe('1 observation');
    expect(countLabel(12)).toBe('12 observations');
  });
});

describe('weekly chart', () => {
  const weeks = Array.from({ length: 12 }, (_, index) => ({
    weekStart: new Date(Date.UTC(2026, 0, 5 + 7 * index)).toISOString().slice(0, 10),
    wins: index === 11 ? 7 : index % 3,
    concerns: index === 10 ? 3 : 1,
  }));

  it('rounds the axis up to a whole, readable step', () => {
    expect(niceMax(0)).toBe(4);
    expect(niceMax(3)).toBe(4);
    expect(niceMax(7)).toBe(8);
    expect(niceMax(13)).toBe(15);
    expect(axisTicks(15)).toEqual([0, 5, 10, 15]);
    expect(niceMax(37)).toBe(40);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(0)).toEqual([0, 1, 2, 3, 4]);
  });

  it('draws two bars per week inside the plot, the tallest reaching the axis top in proportion', () => {
    const { bars, top } = layoutBars(weeks);
    expect(bars).toHaveLength(24);
    expect(top).toBe(8);
    const plotHeight = CHART_BOX.height - CHART_BOX.top - CHART_BOX.bottom;
    const tallest = bars.find((bar) => bar.weekStart === weeks[11]?.weekStart && bar.kind === 'wins');
    expect(tallest?.height).toBeCloseTo((7 / 8) * plotHeight);
    for (const bar of bars) {
      expect(bar.x).toBeGreaterThanOrEqual(CHART_BOX.left);
      expect(bar.x + bar.width).toBeLessThanOrEqual(CHART_BOX.width - CHART_BOX.right);
      expect(bar.y + bar.height).toBeCloseTo(CHART_BOX.height - CHART_BOX.bottom);
    }
    // Wins sit left of concerns in each week.
    const [win, concern] = bars;
    expect(win?.kind).toBe('wins');
    expect((win?.x ?? 0) < (concern?.x ?? 0)).toBe(true);
  });

  it('summarises the twelve weeks in one sentence for screen readers', () => {
    const summary = trendSummary(weeks);
    expect(summary).toContain('last 12 weeks');
    expect(summary).toContain(`${weeks.reduce((sum, week) => sum + week.wins, 0)} wins`);
    expect(summary).toContain('14 concerns in total');
    expect(summary).toContain('This week: 7 wins and 1 concern.');
    // The weeks are named as the chart's axis names them.
    expect(summary).toContain(`weeks of ${formatShortDate('2026-01-05')} to ${formatShortDate('2026-03-23')}`);
  });

  it('knows an empty trend', () => {
    expect(isTrendEmpty(weeks.map((week) => ({ ...week, wins: 0, concerns: 0 })))).toBe(true);
    expect(isTrendEmpty(weeks)).toBe(false);
  });
});
