import { describe, expect, it } from 'vitest';
import { moneyInputValue } from '#shared/money.ts';
import { RECEIPT_CHECKLIST_ITEMS, type FundingSource } from '#shared/schemas/reimbursement.ts';
import {
  applyProposal,
  checklistFor,
  clampedOffset,
  defaultsForProvider,
  exportFileName,
  exportUrl,
  nextProposalWait,
  pickableYears,
  readAmount,
  sourcesForCurrency,
  tidyDeadlines,
  yearPeriod,
} from '../../../../client/app/features/reimbursements/reimbursement-logic.ts';

const source = (id: number, currency: string) => ({ id, currency, name: `Source ${id}` }) as FundingSource;

describe('the period', () => {
  it('is a calendar year, and the picker offers this year first', () => {
    expect(yearPeriod(2026)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(pickableYears('2026-11-27', 3)).toEqual([2026, 2025, 2024]);
  });
});

describe('an amount a parent types', () => {
  it('is read into minor units without a float', () => {
    expect(readAmount('150', 'USD')).toEqual({ cents: 15000, error: null });
    expect(readAmount(' $1,234.56 ', 'USD')).toEqual({ cents: 123456, error: null });
    expect(readAmount('0.29', 'USD')).toEqual({ cents: 29, error: null });
    expect(readAmount('1500', 'JPY')).toEqual({ cents: 1500, error: null });
  });

  it('says what is wrong when it is not an amount, or missing when required', () => {
    expect(readAmount('12.345', 'USD').error).toBe('Enter an amount like 150 or 150.00');
    expect(readAmount('ten', 'USD').cents).toBeNull();
    expect(readAmount('', 'USD').error).toBe('Enter an amount');
    expect(readAmount('  ', 'USD', { required: false })).toEqual({ cents: null, error: null });
  });
});

describe('claims and checklists', () => {
  it('offers only funding sources of the expense’s currency', () => {
    const sources = [source(1, 'USD'), source(2, 'EUR'), source(3, 'USD')];
    expect(sourcesForCurrency(sources, 'USD').map((each) => each.id)).toEqual([1, 3]);
    expect(sourcesForCurrency(sources, 'CAD')).toEqual([]);
  });

  it('asks what the funder’s kind asks, or every item with no funder chosen', () => {
    expect(checklistFor('other')).toEqual(['provider', 'service-date', 'amount-paid']);
    expect(checklistFor('esa')).toContain('student-name');
    expect(checklistFor(null)).toEqual(RECEIPT_CHECKLIST_ITEMS);
  });

  it('remembers a provider whatever its case and spaces', () => {
    const defaults = [{ provider: 'Bright Minds Therapy', category: 'therapy' as const, fundingSourceId: 4 }];
    expect(defaultsForProvider(defaults, '  bright minds THERAPY ')?.fundingSourceId).toBe(4);
    expect(defaultsForProvider(defaults, 'Bright Minds')).toBeNull();
    expect(defaultsForProvider(defaults, '')).toBeNull();
  });
});

describe('a receipt’s proposal', () => {
  const text = (cents: number) => moneyInputValue(cents, 'USD');
  const empty = { provider: '', serviceDate: '', amount: '' };

  it('fills what the parent has not typed and marks it proposed', () => {
    const result = applyProposal(empty, [], { provider: 'Bright Minds', serviceDate: '2026-03-04', amountCents: 15000 }, text);
    expect(result.draft).toEqual({ provider: 'Bright Minds', serviceDate: '2026-03-04', amount: '150.00' });
    expect(result.proposed).toEqual(['provider', 'serviceDate', 'amount']);
  });

  it('keeps what the parent typed, and replaces only an earlier proposal', () => {
    const typed = { provider: 'Dr. Lee', serviceDate: '2026-03-01', amount: '90' };
    const result = applyProposal(typed, ['serviceDate'], { provider: 'Lee Clinic', serviceDate: '2026-03-04', amountCents: 15000 }, text);
    expect(result.draft).toEqual({ provider: 'Dr. Lee', serviceDate: '2026-03-04', amount: '90' });
    expect(result.proposed).toEqual(['serviceDate']);
  });

  it('leaves a field alone when the receipt says nothing of it', () => {
    const result = applyProposal(empty, [], { provider: null, serviceDate: null, amountCents: 4250 }, text);
    expect(result.draft).toEqual({ provider: '', serviceDate: '', amount: '42.50' });
    expect(result.proposed).toEqual(['amount']);
  });

  it('is asked again only while a PDF is still being read, a few times', () => {
    expect(nextProposalWait({ hasText: false }, true, 0)).toBe(500);
    expect(nextProposalWait({ hasText: false }, true, 99)).toBeNull();
    expect(nextProposalWait({ hasText: true }, true, 0)).toBeNull();
    expect(nextProposalWait({ hasText: false }, false, 0)).toBeNull();
    // The vault has read the file and found no text (a scan): asking again cannot help.
    expect(nextProposalWait({ hasText: false }, true, 0, false)).toBeNull();
  });
});

describe('exports and deadlines', () => {
  it('asks for one funder and period, with the child', () => {
    expect(exportUrl('zip', 3, 5, { from: '2026-01-01', to: '2026-12-31' })).toBe(
      '/api/reimbursements/export.zip?childId=3&fundingSourceId=5&from=2026-01-01&to=2026-12-31',
    );
    expect(exportUrl('csv', 3, 5, {})).toBe('/api/reimbursements/export.csv?childId=3&fundingSourceId=5');
  });

  it('names the file after the funder, safely', () => {
    expect(exportFileName('zip', 'Arizona ESA', { from: '2026-01-01', to: '2026-12-31' })).toBe(
      'reimbursements_arizona-esa_2026-01-01_2026-12-31.zip',
    );
    expect(exportFileName('csv', '../../x', {})).toBe('reimbursements_x.csv');
    expect(exportFileName('csv', '★', {})).toBe('reimbursements_funding-source.csv');
  });

  it('moves an offset left past the end of the expenses back to the last page', () => {
    expect(clampedOffset(20, 20, 20)).toBe(0);
    expect(clampedOffset(40, 35, 20)).toBe(20);
    expect(clampedOffset(20, 0, 20)).toBe(0);
    expect(clampedOffset(20, 21, 20)).toBeNull();
    expect(clampedOffset(0, 0, 20)).toBeNull();
  });

  it('keeps listed deadlines sorted, each once, without blanks', () => {
    expect(tidyDeadlines(['2026-06-30', '', '2026-03-31', '2026-06-30'])).toEqual(['2026-03-31', '2026-06-30']);
  });
});
