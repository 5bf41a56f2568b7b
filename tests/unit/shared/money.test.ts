import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, isKnownCurrency, minorDigits, moneyInputValue, parseMoney } from '#shared/money.ts';
import { expenseCreateSchema, fundingSourceCreateSchema } from '#shared/schemas/reimbursement.ts';

describe('money in minor units (decision 0103)', () => {
  it('knows each currency by its minor digits', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('BHD')).toBe(3);
  });

  it('shows an amount in the currency\u2019s own notation', () => {
    expect(formatMoney(15000, 'USD')).toBe('$150.00');
    expect(formatMoney(6001, 'USD')).toBe('$60.01');
    expect(formatMoney(-905, 'USD')).toBe('-$9.05');
    expect(formatMoney(150, 'JPY')).toBe('\u00a5150');
    expect(formatMoney(1234, 'BHD')).toContain('1.234');
    expect(formatMoney(123456789, 'EUR')).toBe('\u20ac1,234,567.89');
  });

  it('shows the largest amounts exactly, with no float rounding', () => {
    expect(formatMoney(900719925474099, 'USD')).toBe('$9,007,199,254,740.99');
  });

  it('reads what a parent types as minor units', () => {
    expect(parseMoney('150', 'USD')).toBe(15000);
    expect(parseMoney('150.5', 'USD')).toBe(15050);
    expect(parseMoney('$1,234.56', 'USD')).toBe(123456);
    expect(parseMoney(' 0.07 ', 'USD')).toBe(7);
    expect(parseMoney('150', 'JPY')).toBe(150);
  });

  it('refuses what is not an amount of the currency', () => {
    expect(parseMoney('150.001', 'USD')).toBeNull();
    expect(parseMoney('1.5', 'JPY')).toBeNull();
    expect(parseMoney('abc', 'USD')).toBeNull();
    expect(parseMoney('1.2.3', 'USD')).toBeNull();
    expect(parseMoney('', 'USD')).toBeNull();
  });

  it('gives back what it shows in a field: parse(inputValue(x)) is x', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.constantFrom('USD', 'JPY', 'BHD', 'EUR'), (minor, currency) => {
        expect(parseMoney(moneyInputValue(minor, currency), currency)).toBe(minor);
      }),
    );
  });

  it('accepts ISO 4217 codes only', () => {
    expect(isKnownCurrency('USD')).toBe(true);
    expect(isKnownCurrency('usd')).toBe(false);
    expect(isKnownCurrency('XYZ')).toBe(false);
  });
});

describe('reimbursement schemas', () => {
  it('refuses a float amount and a period that ends before it starts', () => {
    const expense = expenseCreateSchema.safeParse({ provider: 'Bright Minds', serviceDate: '2026-11-03', amountCents: 150.5 });
    expect(expense.success).toBe(false);
    const source = fundingSourceCreateSchema.safeParse({ kind: 'esa', name: 'ESA', periodStart: '2026-07-01', periodEnd: '2026-06-30' });
    expect(source.error?.issues.map((issue) => issue.message)).toEqual(['The period ends before it starts']);
  });

  it('defaults a new expense to USD, other, no documents', () => {
    const expense = expenseCreateSchema.parse({ provider: 'Bright Minds', serviceDate: '2026-11-03', amountCents: 15000 });
    expect(expense).toMatchObject({ currency: 'USD', category: 'other', documentIds: [], checklist: [] });
    expect(fundingSourceCreateSchema.parse({ kind: 'hsa', name: 'HSA', currency: 'eur' }).currency).toBe('EUR');
  });
});
