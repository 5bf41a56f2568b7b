import type { ClaimStatus, DeadlineRule, ExpenseCategory, FundingSourceKind, ReceiptChecklistItem } from '#shared/schemas/reimbursement.ts';

export const KIND_LABELS: Record<FundingSourceKind, string> = {
  esa: 'Education savings account (ESA)',
  hsa: 'Health savings account (HSA)',
  fsa: 'Flexible spending account (FSA)',
  insurance: 'Insurance',
  'school-district': 'School district',
  grant: 'Grant',
  other: 'Other',
};

export const CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  evaluation: 'Evaluation',
  tutoring: 'Tutoring',
  therapy: 'Therapy',
  'assistive-technology': 'Assistive technology',
  curriculum: 'Curriculum',
  equipment: 'Equipment',
  transport: 'Transportation',
  other: 'Other',
};

export const STATUS_LABELS: Record<ClaimStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  approved: 'Approved',
  denied: 'Denied',
  appealed: 'Appealed',
  'partially-paid': 'Partly paid',
  paid: 'Paid',
  withdrawn: 'Withdrawn',
};

/** The button that makes a move, by the status it moves to. */
export const MOVE_LABELS: Record<ClaimStatus, string> = {
  draft: 'Back to draft',
  submitted: 'Mark submitted',
  approved: 'Mark approved',
  denied: 'Mark denied',
  appealed: 'Mark appealed',
  'partially-paid': 'Mark partly paid',
  paid: 'Mark paid',
  withdrawn: 'Withdraw',
};

export const CHECKLIST_LABELS: Record<ReceiptChecklistItem, string> = {
  'student-name': 'Student’s name',
  provider: 'Provider’s name',
  'service-date': 'Date of service',
  'itemised-cost': 'Itemized cost',
  'amount-paid': 'Amount paid',
  'proof-of-payment': 'Proof of payment',
};

export const DEADLINE_RULE_LABELS: Record<DeadlineRule['kind'] | 'none', string> = {
  none: 'No repeating deadline',
  monthly: 'Monthly (last day of each month)',
  quarterly: 'Quarterly (end of each quarter)',
  'days-after-service': 'A number of days after each service',
};

export function describeRule(rule: DeadlineRule | null): string | null {
  if (!rule) return null;
  if (rule.kind === 'days-after-service') return `${rule.days} days after each service`;
  return rule.kind === 'monthly' ? 'Monthly' : 'Quarterly';
}

export const CONNECTION_HINT = 'Please check your connection and try again.';
export const PHOTO_NO_PROPOSAL = 'We can read text from PDFs only: fill in the details from the photo.';
export const PROPOSED_NOTE = 'Proposed from the receipt — check it';
export const EXPENSE_DELETE_NOTE = 'Its claims and payments go too; its documents stay in the vault.';
