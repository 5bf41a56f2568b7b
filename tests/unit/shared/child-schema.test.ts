import { describe, expect, it } from 'vitest';
import { toIssues } from '#shared/api-error.ts';
import { childCreateSchema, childUpdateSchema, oldestDateOfBirth, pathIdSchema } from '#shared/schemas/child.ts';
import { isCalendarDate, todayIso } from '#shared/schemas/dates.ts';

function issuesOf(result: ReturnType<typeof childCreateSchema.safeParse>) {
  return result.success ? [] : toIssues(result.error);
}

describe('child schema', () => {
  it('accepts a minimal child and trims names', () => {
    const parsed = childCreateSchema.parse({ firstName: '  Maya ', dateOfBirth: '2016-05-02' });
    expect(parsed.firstName).toBe('Maya');
  });

  it('names each field that needs attention', () => {
    const result = childCreateSchema.safeParse({
      firstName: '',
      dateOfBirth: '2016-02-30',
      grade: '13',
      avatarColor: 'teal',
      diagnoses: Array.from({ length: 21 }, (_, i) => `d${i}`),
      strengths: ['x'.repeat(81)],
      nickname: 'M',
    });
    const paths = issuesOf(result).map((issue) => issue.path);
    expect(paths).toEqual(
      expect.arrayContaining(['firstName', 'dateOfBirth', 'grade', 'avatarColor', 'diagnoses', 'strengths.0', 'nickname']),
    );
  });

  it('rejects a birth date in the future or 26 or more years ago', () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(childCreateSchema.safeParse({ firstName: 'A', dateOfBirth: tomorrow }).success).toBe(false);
    expect(childCreateSchema.safeParse({ firstName: 'A', dateOfBirth: oldestDateOfBirth() }).success).toBe(false);
    expect(childCreateSchema.safeParse({ firstName: 'A', dateOfBirth: todayIso() }).success).toBe(true);
  });

  it('update takes any subset, but at least one known field', () => {
    expect(childUpdateSchema.safeParse({ grade: '4' }).success).toBe(true);
    expect(childUpdateSchema.safeParse({ lastName: null }).success).toBe(true);
    expect(childUpdateSchema.safeParse({}).success).toBe(false);
    expect(childUpdateSchema.safeParse({ ownerId: 'someone-else' }).success).toBe(false);
  });

  it('reads ids from paths strictly', () => {
    expect(pathIdSchema.parse('12')).toBe(12);
    for (const bad of ['0', '-1', '1.5', 'abc', '99999999999', '1e3', '']) expect(pathIdSchema.safeParse(bad).success).toBe(false);
  });

  it('knows real calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-04-31')).toBe(false);
  });
});
