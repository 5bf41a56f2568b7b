import { afterEach, describe, expect, it, vi } from 'vitest';
import { ageInYears } from '#shared/age.ts';

const today = new Date('2026-11-22T12:00:00Z');

describe('ageInYears (SPEC §3 age helper)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('counts whole years, turning a year older on the birthday', () => {
    expect(ageInYears('2016-11-22', today)).toBe(10);
    expect(ageInYears('2016-11-23', today)).toBe(9);
    expect(ageInYears('2016-11-21', today)).toBe(10);
    expect(ageInYears('2016-12-01', today)).toBe(9);
  });

  it('accepts a time after a space', () => {
    expect(ageInYears('2016-05-02 08:30:00', today)).toBe(10);
  });

  it('reads a year below 100 as that year (a stored date of birth from before the date rules)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(ageInYears('0001-06-01', today)).toBe(2025);
    expect(ageInYears('0099-12-31', today)).toBe(1926);
    expect(warn).not.toHaveBeenCalled();
  });

  it('is never negative for a date in the future', () => {
    expect(ageInYears('2030-01-01', today)).toBe(0);
  });

  it('gives 0 when a part is not numeric, without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const value of ['20x6-01-01', '2016-ab-01', '2016-01-', '', 'yesterday', '2016/01/01']) {
      expect(ageInYears(value, today)).toBe(0);
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it('gives 0 and warns for a date that does not exist', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(ageInYears('2015-02-29', today)).toBe(0);
    expect(ageInYears('2016-13-01', today)).toBe(0);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('handles a leap-day birthday', () => {
    expect(ageInYears('2016-02-29', new Date('2026-02-28T12:00:00Z'))).toBe(9);
    expect(ageInYears('2016-02-29', new Date('2026-03-01T12:00:00Z'))).toBe(10);
  });
});
