import { parseMoney } from '#shared/money.ts';
import {
  RECEIPT_CHECKLIST_BY_KIND,
  RECEIPT_CHECKLIST_ITEMS,
  type ExpenseProposal,
  type FundingSource,
  type FundingSourceKind,
  type ProviderDefaults,
  type ReceiptChecklistItem,
} from '#shared/schemas/reimbursement.ts';

/* The reimbursements screen's pure rules: periods, money typed by a parent, proposals, exports. */

export interface Period {
  from: string;
  to: string;
}

/** 1 January to 31 December of `year`. */
export function yearPeriod(year: number): Period {
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

/** The years a picker offers: this one and the five before it, newest first. */
export function pickableYears(today: string, count = 6): number[] {
  const year = Number(today.slice(0, 4));
  return Array.from({ length: count }, (_, index) => year - index);
}

/** What a parent typed as an amount: the minor units, or the sentence to show under the field. */
export function readAmount(typed: string, currency: string, { required = true } = {}): { cents: number | null; error: string | null } {
  const trimmed = typed.trim();
  if (trimmed === '') return { cents: null, error: required ? 'Enter an amount' : null };
  const cents = parseMoney(trimmed, currency);
  if (cents === null) return { cents: null, error: 'Enter an amount like 150 or 150.00' };
  return { cents, error: null };
}

/** The currency a form's typed code stands for: the code in capitals once it is three letters, USD until then. */
export function currencyCodeOf(typed: string): string {
  return /^[A-Za-z]{3}$/.test(typed.trim()) ? typed.trim().toUpperCase() : 'USD';
}

/** The funding sources a claim of an expense in `currency` may go to (decision 0103: one currency). */
export function sourcesForCurrency(sources: readonly FundingSource[], currency: string): FundingSource[] {
  return sources.filter((source) => source.currency === currency);
}

/** What a funder of this kind asks a receipt to show; every item when no funder is chosen. */
export function checklistFor(kind: FundingSourceKind | null | undefined): readonly ReceiptChecklistItem[] {
  return kind ? RECEIPT_CHECKLIST_BY_KIND[kind] : RECEIPT_CHECKLIST_ITEMS;
}

/** The remembered choices for the provider typed, matched without case or surrounding spaces. */
export function defaultsForProvider(defaults: readonly ProviderDefaults[], provider: string): ProviderDefaults | null {
  const wanted = provider.trim().toLowerCase();
  if (wanted === '') return null;
  return defaults.find((each) => each.provider.trim().toLowerCase() === wanted) ?? null;
}

export type ProposedField = 'provider' | 'serviceDate' | 'amount';

export interface ProposalDraft {
  provider: string;
  serviceDate: string;
  amount: string;
}

/**
 * The form after a receipt's proposal: each field the receipt suggests is filled when the parent has
 * not typed it (empty, or still as an earlier proposal left it), and named as proposed.
 */
export function applyProposal<T extends ProposalDraft>(
  draft: T,
  proposed: readonly ProposedField[],
  proposal: Pick<ExpenseProposal, 'provider' | 'serviceDate' | 'amountCents'>,
  amountText: (cents: number) => string,
): { draft: T; proposed: ProposedField[] } {
  const next = { ...draft };
  const marked: ProposedField[] = [];
  const mayFill = (field: ProposedField, current: string) => current.trim() === '' || proposed.includes(field);
  if (proposal.provider && mayFill('provider', draft.provider)) {
    next.provider = proposal.provider;
    marked.push('provider');
  }
  if (proposal.serviceDate && mayFill('serviceDate', draft.serviceDate)) {
    next.serviceDate = proposal.serviceDate;
    marked.push('serviceDate');
  }
  if (proposal.amountCents !== null && mayFill('amount', draft.amount)) {
    next.amount = amountText(proposal.amountCents);
    marked.push('amount');
  }
  return { draft: next, proposed: marked };
}

/** How long to wait before asking again for a proposal while the vault still reads the PDF (about 17 s in all): attempt 0, 1, 2... */
export const PROPOSAL_WAITS_MS = [500, 1000, 1500, 2000, 3000, 4000, 5000] as const;

/**
 * The wait before the next ask, or null to stop: the text is there, the file is a photo, the vault
 * has finished reading it (a scan with no text stays without), or enough asks.
 */
export function nextProposalWait(
  proposal: Pick<ExpenseProposal, 'hasText'>,
  isPdf: boolean,
  attempt: number,
  stillReading = true,
): number | null {
  if (proposal.hasText || !isPdf || !stillReading) return null;
  return PROPOSAL_WAITS_MS[attempt] ?? null;
}

/** The export's address: `/api/reimbursements/export.csv?childId=3&fundingSourceId=5&from=...&to=...`. */
export function exportUrl(format: 'csv' | 'zip', childId: number, fundingSourceId: number, period: Partial<Period>): string {
  const params = new URLSearchParams({ childId: String(childId), fundingSourceId: String(fundingSourceId) });
  if (period.from) params.set('from', period.from);
  if (period.to) params.set('to', period.to);
  return `/api/reimbursements/export.${format}?${params.toString()}`;
}

/** The downloaded file's name: `reimbursements_my-esa_2026-01-01_2026-12-31.zip`. */
export function exportFileName(format: 'csv' | 'zip', sourceName: string, period: Partial<Period>): string {
  const slug =
    sourceName
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'funding-source';
  const span = [period.from, period.to].filter(Boolean).join('_');
  return `reimbursements_${slug}${span ? `_${span}` : ''}.${format === 'zip' ? 'zip' : 'csv'}`;
}

/** Listed deadlines kept sorted and each once, blanks dropped. */
export function tidyDeadlines(dates: readonly string[]): string[] {
  return [...new Set(dates.filter((date) => /^\d{4}-\d{2}-\d{2}$/.test(date)))].sort();
}

/**
 * An offset past the end of the list (its last page emptied by a delete) moved back to the last
 * page; null when `offset` still shows something.
 */
export function clampedOffset(offset: number, total: number, pageSize: number): number | null {
  if (offset === 0 || offset < total) return null;
  return total === 0 ? 0 : Math.floor((total - 1) / pageSize) * pageSize;
}
