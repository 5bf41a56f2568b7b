/**
 * Every date and timestamp a client sends has a window (decisions 0026 and 0033), each side with
 * one message, edges included; and the JSON Schema the API document is built from says which
 * strings are dates (`format: date`) and which are moments (`format: date-time`).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documentCreateSchema, documentSchema, documentUpdateSchema } from '#shared/schemas/document.ts';
import { toIssues } from '#shared/api-error.ts';
import { childCreateSchema, childSchema, childUpdateSchema } from '#shared/schemas/child.ts';
import {
  goalCreateSchema,
  goalDetailSchema,
  goalUpdateSchema,
  progressEntryCreateSchema,
  progressEntryUpdateSchema,
} from '#shared/schemas/goal.ts';
import { milestoneCreateSchema, milestoneRangeSchema, milestoneSchema, milestoneUpdateSchema } from '#shared/schemas/milestone.ts';
import {
  observationCreateSchema,
  observationFilterSchema,
  observationSchema,
  observationUpdateSchema,
  weeklyTrendSchema,
} from '#shared/schemas/observation.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** YYYY-MM-DD of UTC's today shifted by whole days. */
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);
/** YYYY-MM-DD of UTC's today shifted by whole years (Feb 29 read as Feb 28 in other years), then by days. */
function yearsFromToday(years: number, thenDays = 0): string {
  const today = new Date();
  const [year, month, date] = [today.getUTCFullYear() + years, today.getUTCMonth(), today.getUTCDate()];
  const lastOfMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(date, lastOfMonth)) + thenDays * DAY_MS).toISOString().slice(0, 10);
}

/** The issues of one field, as a client receives them. */
function issues(schema: z.ZodType, input: unknown): { path: string; message: string }[] {
  const result = schema.safeParse(input);
  return result.success ? [] : toIssues(result.error);
}

const MESSAGES = {
  dobFuture: 'Date of birth cannot be in the future',
  dobOld: 'Date of birth must be less than 26 years ago',
  reviewAgo: 'This is more than 2 years ago. Use the date of the last review or the next one.',
  reviewAway: 'This is more than 2 years away. Use the date of the last review or the next one.',
  inFuture: 'This is in the future. When did it happen?',
  tooLongAgo: 'This is more than 26 years ago. Is the year right?',
  planAgo: 'This date is more than a year ago. Is the year right?',
  planAway: 'This date is more than 10 years away. Is the year right?',
  offset: 'Use a time zone offset from -12:00 to +14:00',
  timestamp: 'Use a date and time',
  format: 'Use the format YYYY-MM-DD',
  noSuchDate: 'This date does not exist',
};

describe('the window of each date a client sends', () => {
  const child = (fields: Record<string, unknown>) => issues(childCreateSchema, { firstName: 'Maya', dateOfBirth: '2016-05-02', ...fields });
  const progress = (recordedOn: string) => issues(progressEntryCreateSchema, { goalId: 1, recordedOn, value: 1 });

  it.each([
    ['date of birth: today', { dateOfBirth: day(0) }, []],
    ['date of birth: tomorrow (UTC)', { dateOfBirth: day(1) }, [{ path: 'dateOfBirth', message: MESSAGES.dobFuture }]],
    ['date of birth: a day under 26 years ago', { dateOfBirth: yearsFromToday(-26, 1) }, []],
    ['date of birth: 26 years ago to the day', { dateOfBirth: yearsFromToday(-26) }, [{ path: 'dateOfBirth', message: MESSAGES.dobOld }]],
    ['date of birth: 1900', { dateOfBirth: '1900-01-01' }, [{ path: 'dateOfBirth', message: MESSAGES.dobOld }]],
    ['date of birth: empty', { dateOfBirth: '' }, [{ path: 'dateOfBirth', message: 'Enter a date of birth' }]],
    ['date of birth: 2023-02-29', { dateOfBirth: '2023-02-29' }, [{ path: 'dateOfBirth', message: MESSAGES.noSuchDate }]],
    ['date of birth: 0000-01-01', { dateOfBirth: '0000-01-01' }, [{ path: 'dateOfBirth', message: MESSAGES.noSuchDate }]],
    ['date of birth: 2 May 2016', { dateOfBirth: '02/05/2016' }, [{ path: 'dateOfBirth', message: MESSAGES.format }]],
    ['plan review: 2 years ago to the day', { planReviewDate: yearsFromToday(-2) }, []],
    [
      'plan review: a day before that',
      { planReviewDate: yearsFromToday(-2, -1) },
      [{ path: 'planReviewDate', message: MESSAGES.reviewAgo }],
    ],
    ['plan review: 2 years ahead to the day', { planReviewDate: yearsFromToday(2) }, []],
    ['plan review: a day after that', { planReviewDate: yearsFromToday(2, 1) }, [{ path: 'planReviewDate', message: MESSAGES.reviewAway }]],
    ['plan review: 9999-12-31', { planReviewDate: '9999-12-31' }, [{ path: 'planReviewDate', message: MESSAGES.reviewAway }]],
    ['plan review: none', { planReviewDate: null }, []],
    ['last evaluation: today', { lastEvaluationDate: day(0) }, []],
    [
      'last evaluation: two days ahead (begun nowhere)',
      { lastEvaluationDate: day(2) },
      [{ path: 'lastEvaluationDate', message: MESSAGES.inFuture }],
    ],
    ['last evaluation: 26 years ago to the day', { lastEvaluationDate: yearsFromToday(-26) }, []],
    [
      'last evaluation: a day before that',
      { lastEvaluationDate: yearsFromToday(-26, -1) },
      [{ path: 'lastEvaluationDate', message: MESSAGES.tooLongAgo }],
    ],
    ['last evaluation: 9999-12-31', { lastEvaluationDate: '9999-12-31' }, [{ path: 'lastEvaluationDate', message: MESSAGES.inFuture }]],
  ])('%s', (_name, fields, expected) => {
    expect(child(fields)).toEqual(expected);
  });

  it('a child update judges the dates it names by the same windows', () => {
    expect(issues(childUpdateSchema, { lastEvaluationDate: '9999-12-31' })).toEqual([
      { path: 'lastEvaluationDate', message: MESSAGES.inFuture },
    ]);
    expect(issues(childUpdateSchema, { planReviewDate: yearsFromToday(1) })).toEqual([]);
  });

  it.each([
    ['today', day(0), []],
    ['26 years ago to the day', yearsFromToday(-26), []],
    ['a day before that', yearsFromToday(-26, -1), [{ path: 'recordedOn', message: MESSAGES.tooLongAgo }]],
    ['two days ahead', day(2), [{ path: 'recordedOn', message: MESSAGES.inFuture }]],
    ['0001-01-01', '0001-01-01', [{ path: 'recordedOn', message: MESSAGES.tooLongAgo }]],
  ])('progress day: %s', (_name, recordedOn, expected) => {
    expect(progress(recordedOn)).toEqual(expected);
    expect(issues(progressEntryUpdateSchema, { recordedOn })).toEqual(expected);
  });

  it.each([
    ['a year ago to the day', day(-365), []],
    ['a day before that', day(-366), [MESSAGES.planAgo]],
    ['10 years ahead to the day', yearsFromToday(10), []],
    ['a day after that', yearsFromToday(10, 1), [MESSAGES.planAway]],
    ['9999-12-31', '9999-12-31', [MESSAGES.planAway]],
  ])('plan date (goal target, milestone due): %s', (_name, date, expected) => {
    const messages = (result: { message: string }[]) => result.map((issue) => issue.message);
    expect(messages(issues(goalCreateSchema, { area: 'reading', title: 'x', targetDate: date }))).toEqual(expected);
    expect(messages(issues(goalUpdateSchema, { targetDate: date }))).toEqual(expected);
    expect(messages(issues(milestoneCreateSchema, { title: 'x', dueDate: date }))).toEqual(expected);
    expect(messages(issues(milestoneUpdateSchema, { dueDate: date }))).toEqual(expected);
  });

  it.each([
    ['0001-01-01 (the start of the calendar)', '0001-01-01', []],
    ['9999-12-31 (its end)', '9999-12-31', []],
    ['0000-01-01', '0000-01-01', [MESSAGES.noSuchDate]],
    ['2026-02-30', '2026-02-30', [MESSAGES.noSuchDate]],
    ['20260101', '20260101', [MESSAGES.format]],
  ])('list filters (observations from/to, milestones from/to): %s', (_name, date, expected) => {
    const messages = (result: { message: string }[]) => result.map((issue) => issue.message);
    for (const field of ['from', 'to']) {
      expect(messages(issues(observationFilterSchema, { [field]: date }))).toEqual(expected);
      expect(messages(issues(milestoneRangeSchema, { [field]: date }))).toEqual(expected);
    }
  });

  describe('an observation moment', () => {
    const occurred = (occurredAt: string) => issues(observationCreateSchema, { what: 'x', occurredAt });
    const now = Date.now();
    const at = (ms: number) => new Date(ms).toISOString();

    it.each([
      ['now', at(now), []],
      ['4 minutes ahead (a phone clock running fast)', at(now + 4 * 60_000), []],
      ['an hour ahead', at(now + HOUR_MS), [MESSAGES.inFuture]],
      ['offset -12:00', '2020-02-06T20:22:15-12:00', []],
      ['offset +14:00', '2020-02-06T20:22:15+14:00', []],
      ['offset +05:45 (Nepal)', '2020-02-06T20:22:15+05:45', []],
      ['offset -12:01', '2020-02-06T20:22:15-12:01', [MESSAGES.offset]],
      ['offset +14:01', '2020-02-06T20:22:15+14:01', [MESSAGES.offset]],
      ['offset +23:00 (the issue)', '2020-02-06T20:22:15+23:00', [MESSAGES.offset]],
      ['year 0 (the issue)', '0000-01-01T00:00:00Z', [MESSAGES.tooLongAgo]],
      ['26 years ago, in UTC', `${yearsFromToday(-26)}T00:00:00Z`, []],
      ['a day before that', `${yearsFromToday(-26, -2)}T00:00:00Z`, [MESSAGES.tooLongAgo]],
      ['nanoseconds (Go)', '2020-02-06T20:22:15.123456789Z', []],
      ['ten digits of a second', '2020-02-06T20:22:15.1234567890Z', [MESSAGES.timestamp]],
      ['no offset', '2020-02-06T20:22:15', [MESSAGES.timestamp]],
      ['Feb 30', '2020-02-30T20:22:15Z', [MESSAGES.timestamp]],
    ])('%s', (_name, occurredAt, expected) => {
      const result = occurred(occurredAt);
      expect(result.map((issue) => issue.message)).toEqual(expected);
      expect(result.every((issue) => issue.path === 'occurredAt')).toBe(true);
      expect(issues(observationUpdateSchema, { occurredAt }).map((issue) => issue.message)).toEqual(expected);
    });
  });
});

/** Every property holding `format`, by path, in a JSON Schema (through anyOf, items and nested objects). */
function formats(schema: unknown, path = ''): Record<string, string> {
  if (typeof schema !== 'object' || schema === null) return {};
  const node = schema as Record<string, unknown>;
  const found: Record<string, string> = typeof node.format === 'string' ? { [path]: node.format } : {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && typeof value === 'object' && value !== null) {
      for (const [name, property] of Object.entries(value)) Object.assign(found, formats(property, path ? `${path}.${name}` : name));
    } else if (key === 'anyOf' && Array.isArray(value)) {
      for (const option of value) Object.assign(found, formats(option, path));
    } else if (key === 'items') {
      Object.assign(found, formats(value, `${path}[]`));
    }
  }
  return found;
}

describe('the JSON Schema of the shared schemas names dates and moments', () => {
  const DATE = 'date';
  const MOMENT = 'date-time';
  const timestamps = { createdAt: MOMENT, updatedAt: MOMENT };

  it.each([
    ['childCreateSchema', childCreateSchema, { dateOfBirth: DATE, planReviewDate: DATE, lastEvaluationDate: DATE }],
    ['childUpdateSchema', childUpdateSchema, { dateOfBirth: DATE, planReviewDate: DATE, lastEvaluationDate: DATE }],
    ['childSchema', childSchema, { dateOfBirth: DATE, planReviewDate: DATE, lastEvaluationDate: DATE, ...timestamps }],
    ['observationCreateSchema', observationCreateSchema, { occurredAt: MOMENT }],
    ['observationUpdateSchema', observationUpdateSchema, { occurredAt: MOMENT }],
    ['observationFilterSchema', observationFilterSchema, { from: DATE, to: DATE }],
    ['observationSchema', observationSchema, { occurredAt: MOMENT, 'source.answeredAt': MOMENT, ...timestamps }],
    ['weeklyTrendSchema', weeklyTrendSchema, { '[].weekStart': DATE }],
    ['goalCreateSchema', goalCreateSchema, { targetDate: DATE }],
    ['goalUpdateSchema', goalUpdateSchema, { targetDate: DATE }],
    ['progressEntryCreateSchema', progressEntryCreateSchema, { recordedOn: DATE }],
    ['progressEntryUpdateSchema', progressEntryUpdateSchema, { recordedOn: DATE }],
    [
      'goalDetailSchema',
      goalDetailSchema,
      {
        'goal.targetDate': DATE,
        'goal.latestProgress.recordedOn': DATE,
        'goal.latestProgress.createdAt': MOMENT,
        'goal.latestProgress.source.answeredAt': MOMENT,
        'goal.createdAt': MOMENT,
        'goal.updatedAt': MOMENT,
        'progress[].recordedOn': DATE,
        'progress[].createdAt': MOMENT,
        'progress[].source.answeredAt': MOMENT,
        'evidence[].occurredAt': MOMENT,
        'evidence[].createdAt': MOMENT,
        'evidence[].updatedAt': MOMENT,
        'evidence[].source.answeredAt': MOMENT,
        'documents[].documentDate': DATE,
      },
    ],
    ['documentCreateSchema', documentCreateSchema, { documentDate: DATE }],
    ['documentUpdateSchema', documentUpdateSchema, { documentDate: DATE }],
    ['documentSchema', documentSchema, { documentDate: DATE, fileAddedAt: MOMENT, ...timestamps }],
    ['milestoneCreateSchema', milestoneCreateSchema, { dueDate: DATE }],
    ['milestoneUpdateSchema', milestoneUpdateSchema, { dueDate: DATE }],
    ['milestoneRangeSchema', milestoneRangeSchema, { from: DATE, to: DATE }],
    ['milestoneSchema', milestoneSchema, { dueDate: DATE, ...timestamps }],
  ] as const)('%s, as input and as output', (_name, schema, expected) => {
    expect((['input', 'output'] as const).map((io) => formats(z.toJSONSchema(schema, { io })))).toEqual([expected, expected]);
  });
});
