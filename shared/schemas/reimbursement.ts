import { z } from 'zod';
import { isKnownCurrency } from '../money.ts';
import { authorSchema } from './author.ts';
import { idSchema } from './child.ts';
import { patchOf, text } from './common.ts';
import {
  dateWithin,
  earliestPastDay,
  isoDate,
  latestPlanDate,
  storedDate,
  storedTimestamp,
  TOO_FAR_AHEAD_MESSAGE,
  TOO_LONG_AGO_MESSAGE,
} from './dates.ts';
import { defineChildActions } from './roles.ts';
import { defineActivityVocabulary } from './activity-vocabulary.ts';

/*
 * Reimbursements (issue 26, decision 0103): funding sources, the expenses a family paid, the claims
 * each funder is asked, their status moves and payments. Money is integer minor units (`...Cents`)
 * in the funding source's or the expense's currency (shared/money.ts), never a float.
 */

export const FUNDING_SOURCE_KINDS = ['esa', 'hsa', 'fsa', 'insurance', 'school-district', 'grant', 'other'] as const;
export type FundingSourceKind = (typeof FUNDING_SOURCE_KINDS)[number];

/** How a funder's deadlines repeat: the last day of each month or quarter, or a number of days after each service. */
export const DEADLINE_RULES = ['monthly', 'quarterly', 'days-after-service'] as const;
export type DeadlineRuleKind = (typeof DEADLINE_RULES)[number];

export const EXPENSE_CATEGORIES = [
  'evaluation',
  'tutoring',
  'therapy',
  'assistive-technology',
  'curriculum',
  'equipment',
  'transport',
  'other',
] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

export const CLAIM_STATUSES = ['draft', 'submitted', 'approved', 'denied', 'appealed', 'partially-paid', 'paid', 'withdrawn'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/**
 * The moves a parent makes (POST /api/claims/{id}/status). `partially-paid` and `paid` are not here:
 * payments make them. `withdrawn` is possible from any status until a payment is recorded.
 */
export const CLAIM_MOVES: Readonly<Record<ClaimStatus, readonly ClaimStatus[]>> = {
  draft: ['submitted', 'withdrawn'],
  submitted: ['approved', 'denied', 'withdrawn'],
  approved: ['withdrawn'],
  denied: ['appealed', 'withdrawn'],
  appealed: ['approved', 'denied', 'withdrawn'],
  'partially-paid': [],
  paid: [],
  withdrawn: [],
};

/** Waiting for the funder's answer (the summary's "pending"). */
export const PENDING_CLAIM_STATUSES = ['submitted', 'appealed'] as const satisfies readonly ClaimStatus[];
/** Decided in the family's favour: the approved amount counts. */
export const APPROVED_CLAIM_STATUSES = ['approved', 'partially-paid', 'paid'] as const satisfies readonly ClaimStatus[];

/** A submitted claim with no answer this many days later is flagged. */
export const CLAIM_NO_ANSWER_DAYS = 45;
/** The dashboard warns this many days before a deadline with expenses still to submit. */
export const DEADLINE_WARNING_DAYS = [14, 3] as const;

/** What a funder of each kind asks a receipt to show; the parent ticks what this expense's documents show. */
export const RECEIPT_CHECKLIST_ITEMS = [
  'student-name',
  'provider',
  'service-date',
  'itemised-cost',
  'amount-paid',
  'proof-of-payment',
] as const;
export type ReceiptChecklistItem = (typeof RECEIPT_CHECKLIST_ITEMS)[number];
export const RECEIPT_CHECKLIST_BY_KIND: Readonly<Record<FundingSourceKind, readonly ReceiptChecklistItem[]>> = {
  esa: ['student-name', 'provider', 'service-date', 'itemised-cost', 'amount-paid', 'proof-of-payment'],
  hsa: ['provider', 'service-date', 'itemised-cost', 'amount-paid', 'proof-of-payment'],
  fsa: ['provider', 'service-date', 'itemised-cost', 'amount-paid', 'proof-of-payment'],
  insurance: ['student-name', 'provider', 'service-date', 'itemised-cost', 'amount-paid'],
  'school-district': ['student-name', 'provider', 'service-date', 'itemised-cost', 'amount-paid', 'proof-of-payment'],
  grant: ['student-name', 'provider', 'service-date', 'itemised-cost', 'amount-paid', 'proof-of-payment'],
  other: ['provider', 'service-date', 'amount-paid'],
};

/** Every limit of reimbursements (decision 0103). */
export const REIMBURSEMENT_LIMITS = {
  name: 120,
  notes: 2000,
  provider: 160,
  paidBy: 120,
  reference: 120,
  note: 1000,
  /** Listed deadlines of one funding source. */
  deadlines: 60,
  /** For the days-after-service rule. */
  deadlineDays: 730,
  /** Vault documents linked to one expense. */
  documents: 20,
  /** The largest amount, in minor units: ten million dollars, far past any receipt. */
  amountCents: 1_000_000_000,
  pageSize: 100,
  defaultPageSize: 50,
  /** Funding sources of one child. */
  fundingSources: 50,
} as const;

const limitText = (max: number, empty?: string) => {
  const base = text().trim();
  return (empty ? base.min(1, empty) : base).max(max, `At most ${max} characters`);
};
const optionalText = (max: number) => limitText(max).nullable().optional();

/** An amount in minor units: a whole, positive number. */
export const amountCents = z
  .number({ error: 'Enter an amount' })
  .int('Use whole cents (minor units)')
  .min(1, 'The amount must be more than zero')
  .max(REIMBURSEMENT_LIMITS.amountCents, 'This amount is too large. Is it right?');

/** ISO 4217, upper case. */
export const currencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isKnownCurrency, 'Use a three-letter ISO 4217 currency code, like USD or EUR');

/** A money date (a service, a payment, a deadline): any day from 26 years ago to ten years ahead. */
export const moneyDate = dateWithin({
  earliest: { day: earliestPastDay, message: TOO_LONG_AGO_MESSAGE },
  latest: { day: latestPlanDate, message: TOO_FAR_AHEAD_MESSAGE },
});

export const deadlineRuleSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('monthly') }),
  z.strictObject({ kind: z.literal('quarterly') }),
  z.strictObject({
    kind: z.literal('days-after-service'),
    days: z
      .number()
      .int()
      .min(1, 'At least one day')
      .max(REIMBURSEMENT_LIMITS.deadlineDays, `At most ${REIMBURSEMENT_LIMITS.deadlineDays} days`),
  }),
]);
export type DeadlineRule = z.infer<typeof deadlineRuleSchema>;

const fundingSourceFields = {
  kind: z.enum(FUNDING_SOURCE_KINDS),
  name: limitText(REIMBURSEMENT_LIMITS.name, 'Name the funding source'),
  currency: currencySchema,
  /** The award or limit for the period; none for an HSA. */
  awardCents: amountCents.nullable().optional(),
  periodStart: moneyDate.nullable().optional(),
  periodEnd: moneyDate.nullable().optional(),
  deadlines: z.array(moneyDate).max(REIMBURSEMENT_LIMITS.deadlines, `At most ${REIMBURSEMENT_LIMITS.deadlines} deadlines`),
  deadlineRule: deadlineRuleSchema.nullable().optional(),
  notes: optionalText(REIMBURSEMENT_LIMITS.notes),
};

const periodInOrder = (value: { periodStart?: string | null; periodEnd?: string | null }) =>
  !value.periodStart || !value.periodEnd || value.periodStart <= value.periodEnd;
const PERIOD_ORDER = { message: 'The period ends before it starts', path: ['periodEnd'] };

export const fundingSourceCreateSchema = z
  .strictObject({
    ...fundingSourceFields,
    currency: fundingSourceFields.currency.default('USD'),
    deadlines: fundingSourceFields.deadlines.default([]),
  })
  .refine(periodInOrder, PERIOD_ORDER);
/** A change: any subset of the fields, at least one (the service checks the period against the stored other end). */
export const fundingSourceUpdateSchema = patchOf(fundingSourceFields).refine(periodInOrder, PERIOD_ORDER);

export const fundingSourceSchema = z.object({
  id: z.number().int(),
  childId: z.number().int(),
  kind: z.enum(FUNDING_SOURCE_KINDS),
  name: z.string(),
  currency: z.string(),
  awardCents: z.number().int().nullable(),
  periodStart: storedDate.nullable(),
  periodEnd: storedDate.nullable(),
  deadlines: z.array(storedDate),
  deadlineRule: deadlineRuleSchema.nullable(),
  notes: z.string().nullable(),
  addedBy: authorSchema,
  createdAt: storedTimestamp,
  updatedAt: storedTimestamp,
});

const expenseFields = {
  provider: limitText(REIMBURSEMENT_LIMITS.provider, 'Who provided the service or sold the item?'),
  category: z.enum(EXPENSE_CATEGORIES),
  serviceDate: moneyDate,
  serviceEndDate: moneyDate.nullable().optional(),
  amountCents,
  /** The expense's currency: its claims go to funding sources of the same one. */
  currency: currencySchema,
  paidOn: moneyDate.nullable().optional(),
  /** Free text: "Mum's card", "HSA debit card". */
  paidBy: optionalText(REIMBURSEMENT_LIMITS.paidBy),
  /** A funding source that paid the provider directly: the family paid nothing. */
  paidDirectlyBy: idSchema.nullable().optional(),
  notes: optionalText(REIMBURSEMENT_LIMITS.notes),
  /** The vault documents that prove it (receipt, superbill, invoice, EOB, letter of medical necessity). */
  documentIds: z.array(idSchema).max(REIMBURSEMENT_LIMITS.documents, `At most ${REIMBURSEMENT_LIMITS.documents} documents`),
  /** What this expense's documents show, ticked by the parent against the funder's receipt checklist. */
  checklist: z.array(z.enum(RECEIPT_CHECKLIST_ITEMS)),
};

const serviceInOrder = (value: { serviceDate?: string; serviceEndDate?: string | null }) =>
  !value.serviceDate || !value.serviceEndDate || value.serviceDate <= value.serviceEndDate;
const SERVICE_ORDER = { message: 'The service ends before it starts', path: ['serviceEndDate'] };

export const expenseCreateSchema = z
  .strictObject({
    ...expenseFields,
    category: expenseFields.category.default('other'),
    currency: expenseFields.currency.default('USD'),
    documentIds: expenseFields.documentIds.default([]),
    checklist: expenseFields.checklist.default([]),
  })
  .refine(serviceInOrder, SERVICE_ORDER);
export const expenseUpdateSchema = patchOf(expenseFields).refine(serviceInOrder, SERVICE_ORDER);

export const expenseFilterSchema = z.strictObject({
  /** Service date on or after. */
  from: isoDate.optional(),
  /** Service date on or before. */
  to: isoDate.optional(),
  category: z.enum(EXPENSE_CATEGORIES).optional(),
  /** Expenses claimed from (or paid directly by) this funding source. */
  fundingSourceId: idSchema.optional(),
  /** Expenses with a claim in this status. */
  status: z.enum(CLAIM_STATUSES).optional(),
  limit: z.number().int().min(1).max(REIMBURSEMENT_LIMITS.pageSize).default(REIMBURSEMENT_LIMITS.defaultPageSize),
  offset: z.number().int().min(0).max(1_000_000).default(0),
});

export const claimCreateSchema = z.strictObject({ fundingSourceId: idSchema, amountCents });
/** Only a draft's asked amount or funder changes; everything later is a status move. */
export const claimUpdateSchema = patchOf({ fundingSourceId: idSchema, amountCents });

export const claimMoveSchema = z
  .strictObject({
    status: z.enum(CLAIM_STATUSES),
    /** Required when the move is to `approved`: at most the asked amount. */
    approvedCents: z.number().int().min(0, 'The approved amount cannot be negative').max(REIMBURSEMENT_LIMITS.amountCents).optional(),
    note: optionalText(REIMBURSEMENT_LIMITS.note),
    /** The funder's reference for the claim. */
    reference: optionalText(REIMBURSEMENT_LIMITS.reference),
    /** The day it happened (default: today). */
    on: moneyDate.optional(),
  })
  .refine((value) => value.status !== 'approved' || value.approvedCents !== undefined, {
    message: 'Say how much was approved',
    path: ['approvedCents'],
  });

export const paymentCreateSchema = z.strictObject({
  amountCents,
  paidOn: moneyDate,
  reference: optionalText(REIMBURSEMENT_LIMITS.reference),
});

export const claimStatusChangeSchema = z.object({
  id: z.number().int(),
  fromStatus: z.enum(CLAIM_STATUSES).nullable(),
  toStatus: z.enum(CLAIM_STATUSES),
  approvedCents: z.number().int().nullable(),
  note: z.string().nullable(),
  reference: z.string().nullable(),
  on: storedDate,
  by: authorSchema,
  createdAt: storedTimestamp,
});

export const paymentSchema = z.object({
  id: z.number().int(),
  claimId: z.number().int(),
  amountCents: z.number().int(),
  paidOn: storedDate,
  reference: z.string().nullable(),
  addedBy: authorSchema,
  createdAt: storedTimestamp,
});

export const claimSchema = z.object({
  id: z.number().int(),
  childId: z.number().int(),
  expenseId: z.number().int(),
  fundingSourceId: z.number().int(),
  amountCents: z.number().int(),
  status: z.enum(CLAIM_STATUSES),
  approvedCents: z.number().int().nullable(),
  paidCents: z.number().int(),
  /** The funder's reference, from the latest move that gave one. */
  reference: z.string().nullable(),
  submittedOn: storedDate.nullable(),
  /** Submitted (or appealed) more than CLAIM_NO_ANSWER_DAYS ago with no answer. */
  noAnswerFlag: z.boolean(),
  /** The moves this claim can make now (the status endpoint's choices). */
  nextStatuses: z.array(z.enum(CLAIM_STATUSES)),
  history: z.array(claimStatusChangeSchema),
  payments: z.array(paymentSchema),
  addedBy: authorSchema,
  createdAt: storedTimestamp,
  updatedAt: storedTimestamp,
});

export const expenseSchema = z.object({
  id: z.number().int(),
  childId: z.number().int(),
  provider: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  serviceDate: storedDate,
  serviceEndDate: storedDate.nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  paidOn: storedDate.nullable(),
  paidBy: z.string().nullable(),
  paidDirectlyBy: z.number().int().nullable(),
  notes: z.string().nullable(),
  documentIds: z.array(z.number().int()),
  checklist: z.array(z.enum(RECEIPT_CHECKLIST_ITEMS)),
  /** What a new claim may still ask: the amount less the other claims' share (approved once decided, asked while pending). */
  claimableCents: z.number().int(),
  /** Paid by the family less what the funders paid back (0 for an expense paid directly by a funder). */
  outOfPocketCents: z.number().int(),
  claims: z.array(claimSchema),
  addedBy: authorSchema,
  createdAt: storedTimestamp,
  updatedAt: storedTimestamp,
});

export const expenseListSchema = z.object({ items: z.array(expenseSchema), total: z.number().int() });

/** What a receipt's text suggests, for the parent to confirm or change: each field null when nothing was found. */
export const expenseProposalSchema = z.object({
  documentId: z.number().int(),
  /** False while the vault is still reading the file (ask again), or for a photo (no text to read). */
  hasText: z.boolean(),
  provider: z.string().nullable(),
  serviceDate: storedDate.nullable(),
  amountCents: z.number().int().nullable(),
});

/** What the family last chose for a provider: the add form prefills them. */
export const providerDefaultsSchema = z.object({
  provider: z.string(),
  category: z.enum(EXPENSE_CATEGORIES),
  fundingSourceId: z.number().int().nullable(),
});

export const reimbursementPeriodSchema = z.strictObject({
  /** Default: 1 January of this year. */
  from: isoDate.optional(),
  /** Default: 31 December of this year. */
  to: isoDate.optional(),
});

export const reimbursementExportSchema = z.strictObject({
  fundingSourceId: idSchema,
  from: isoDate.optional(),
  to: isoDate.optional(),
});

export const nextDeadlineSchema = z
  .object({
    date: storedDate,
    /** The expenses with a draft claim to this funder, still to submit before the date. */
    expenseIds: z.array(z.number().int()),
    toSubmitCents: z.number().int(),
  })
  .nullable();

export const fundingSourceSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(FUNDING_SOURCE_KINDS),
  currency: z.string(),
  awardCents: z.number().int().nullable(),
  claimedCents: z.number().int(),
  pendingCents: z.number().int(),
  approvedCents: z.number().int(),
  paidCents: z.number().int(),
  deniedCents: z.number().int(),
  /** The award less what is approved and pending; null without an award; below zero when over it. */
  remainingCents: z.number().int().nullable(),
  nextDeadline: nextDeadlineSchema,
  /** Claims submitted more than CLAIM_NO_ANSWER_DAYS ago with no answer. */
  noAnswerClaims: z.number().int(),
});

export const reimbursementSummarySchema = z.object({
  from: storedDate,
  to: storedDate,
  fundingSources: z.array(fundingSourceSummarySchema),
  outOfPocket: z.array(
    z.object({
      currency: z.string(),
      totalCents: z.number().int(),
      byCategory: z.array(z.object({ category: z.enum(EXPENSE_CATEGORIES), totalCents: z.number().int() })),
    }),
  ),
});

export type FundingSourceCreate = z.output<typeof fundingSourceCreateSchema>;
export type FundingSourceUpdate = z.output<typeof fundingSourceUpdateSchema>;
export type FundingSource = z.infer<typeof fundingSourceSchema>;
export type ExpenseCreate = z.output<typeof expenseCreateSchema>;
export type ExpenseUpdate = z.output<typeof expenseUpdateSchema>;
export type ExpenseFilter = z.output<typeof expenseFilterSchema>;
export type Expense = z.infer<typeof expenseSchema>;
export type ExpenseList = z.infer<typeof expenseListSchema>;
export type ExpenseProposal = z.infer<typeof expenseProposalSchema>;
export type ProviderDefaults = z.infer<typeof providerDefaultsSchema>;
export type ClaimCreate = z.output<typeof claimCreateSchema>;
export type ClaimUpdate = z.output<typeof claimUpdateSchema>;
export type ClaimMove = z.output<typeof claimMoveSchema>;
export type Claim = z.infer<typeof claimSchema>;
export type PaymentCreate = z.output<typeof paymentCreateSchema>;
export type ReimbursementPeriod = z.output<typeof reimbursementPeriodSchema>;
export type FundingSourceSummary = z.infer<typeof fundingSourceSummarySchema>;
export type ReimbursementSummary = z.infer<typeof reimbursementSummarySchema>;

/** Reimbursements: what a person does and the least role it needs (decision 0094): viewers read, updaters add and move, owners delete and manage funders. */
export const fundingSourceActions = defineChildActions('fundingSources', {
  list: 'viewer',
  create: 'owner',
  update: 'owner',
  delete: 'owner',
});
export const expenseActions = defineChildActions('expenses', {
  list: 'viewer',
  view: 'viewer',
  create: 'updater',
  update: 'updater',
  delete: 'owner',
});
export const claimActions = defineChildActions('claims', {
  create: 'updater',
  update: 'updater',
  move: 'updater',
  addPayment: 'updater',
  delete: 'owner',
  deletePayment: 'owner',
});
export const reimbursementActions = defineChildActions('reimbursements', {
  summary: 'viewer',
  export: 'viewer',
});

/** The audit log names the action, never an amount or a provider. */
export const fundingSourceActivity = defineActivityVocabulary({
  subject: 'funding-source',
  actions: {
    'funding-source.added': 'Funding source added',
    'funding-source.updated': 'Funding source updated',
    'funding-source.removed': 'Funding source removed',
  },
});
export const expenseActivity = defineActivityVocabulary({
  subject: 'expense',
  actions: {
    'expense.added': 'Expense added',
    'expense.updated': 'Expense updated',
    'expense.removed': 'Expense removed',
  },
});
export const claimActivity = defineActivityVocabulary({
  subject: 'claim',
  actions: {
    'claim.added': 'Claim added',
    'claim.updated': 'Claim changed',
    'claim.status-changed': 'Claim status changed',
    'claim.payment-recorded': 'Payment recorded',
    'claim.payment-removed': 'Payment removed',
    'claim.removed': 'Claim removed',
  },
});
