import { formatMoney } from '#shared/money.ts';
import {
  APPROVED_CLAIM_STATUSES,
  CLAIM_MOVES,
  CLAIM_NO_ANSWER_DAYS,
  PENDING_CLAIM_STATUSES,
  type ClaimStatus,
} from '#shared/schemas/reimbursement.ts';
import { AppError } from '../../lib/errors.ts';

/*
 * The claim rules of decision 0103, pure: what a claim takes of its expense, the moves it can make,
 * and the sentences a 409 answers with.
 */

type ClaimAmounts = { status: ClaimStatus; amountCents: number; approvedCents: number | null };

const isApproved = (status: ClaimStatus) => (APPROVED_CLAIM_STATUSES as readonly ClaimStatus[]).includes(status);
export const isPending = (status: ClaimStatus) => (PENDING_CLAIM_STATUSES as readonly ClaimStatus[]).includes(status);

/** What a claim takes of its expense: the approved amount once decided, the asked one while open, nothing once denied or withdrawn. */
export function claimTakes(claim: ClaimAmounts): number {
  if (isApproved(claim.status)) return claim.approvedCents ?? 0;
  if (claim.status === 'draft' || isPending(claim.status)) return claim.amountCents;
  return 0;
}

export function takenBy(claims: readonly ClaimAmounts[]): number {
  return claims.reduce((sum, claim) => sum + claimTakes(claim), 0);
}

/** The moves a claim can make now: CLAIM_MOVES, without withdrawing once a payment exists. */
export function nextStatuses(claim: { status: ClaimStatus; paidCents: number }): ClaimStatus[] {
  return CLAIM_MOVES[claim.status].filter((status) => status !== 'withdrawn' || claim.paidCents === 0);
}

const DAY_MS = 86_400_000;

/** Submitted or appealed more than CLAIM_NO_ANSWER_DAYS days before `today` with no answer. */
export function hasNoAnswer(claim: { status: ClaimStatus; submittedOn: string | null }, today: string): boolean {
  if (!isPending(claim.status) || claim.submittedOn === null) return false;
  return Date.parse(`${today}T00:00:00Z`) - Date.parse(`${claim.submittedOn}T00:00:00Z`) > CLAIM_NO_ANSWER_DAYS * DAY_MS;
}

const statusWords = (status: ClaimStatus) => status.replace('-', ' ');
const withArticle = (words: string) => `${/^[aeiou]/.test(words) ? 'An' : 'A'} ${words}`;

function sayList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** The 409 for a move the claim cannot make, naming the ones it can. */
export function illegalMove(claim: { status: ClaimStatus; paidCents: number }, to: ClaimStatus): AppError {
  const subject = `${withArticle(statusWords(claim.status))} claim`;
  if (to === 'withdrawn' && claim.paidCents > 0)
    return new AppError('CONFLICT', 'A claim with a payment cannot be withdrawn: delete its payments first.');
  if (to === 'partially-paid' || to === 'paid')
    return new AppError('CONFLICT', 'A claim becomes partially paid or paid by recording its payments, not by a move.');
  const moves = nextStatuses(claim);
  if (moves.length === 0) {
    const why = claim.status === 'withdrawn' ? 'it is closed' : 'its payments move it (delete a payment to move it back)';
    return new AppError('CONFLICT', `${subject} can make no move: ${why}.`);
  }
  return new AppError('CONFLICT', `${subject} can move to ${sayList(moves.map(statusWords))}.`);
}

/** The 409 for claims that would take more than their expense. */
export function overClaimed(wouldTake: number, expense: { amountCents: number; currency: string }, othersTake: number): AppError {
  const left = Math.max(expense.amountCents - othersTake, 0);
  const money = (cents: number) => formatMoney(cents, expense.currency);
  return new AppError(
    'CONFLICT',
    `The claims on this expense would ask ${money(wouldTake)} of ${money(expense.amountCents)}: at most ${money(left)} is left to claim.`,
  );
}

/** How many of a thing, in words: "1 claim", "2 claims". */
export const countOf = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
