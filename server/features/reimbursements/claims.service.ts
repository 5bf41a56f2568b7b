import { formatMoney } from '#shared/money.ts';
import { todayIso } from '#shared/schemas/dates.ts';
import type { Claim, ClaimCreate, ClaimMove, ClaimStatus, ClaimUpdate, PaymentCreate } from '#shared/schemas/reimbursement.ts';
import type { Db } from '../../db/database.ts';
import type { ClaimRow, ExpenseRow } from '../../db/schema.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import { recordChange } from '../../core/record-change.ts';
import { AppError } from '../../lib/errors.ts';
import { claimTakes, illegalMove, isPending, nextStatuses, overClaimed, takenBy } from './claims.rules.ts';
import * as claims from './claims.repository.ts';
import { answerExpense } from './expenses.answers.ts';
import * as expenses from './expenses.repository.ts';
import { syncDeadlines, type DeadlineSync } from './funding-sources.deadlines.ts';
import * as sources from './funding-sources.repository.ts';

/**
 * The claims on an expense (decision 0103): a status machine with a row per move, payments that move
 * an approved claim to partially paid and paid, and never more asked of an expense than it cost.
 */
export function createClaimsService(deps: { db: Db; now?: () => Date } & DeadlineSync) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const today = () => todayIso(now());

  /** The claim as answered: within its expense's answer, so its moves and payments are read the same way. */
  async function answer(scope: ChildScope, claim: Pick<ClaimRow, 'id' | 'expenseId'>): Promise<Claim> {
    const expense = await expenses.findExpense(db, scope.childId, claim.expenseId);
    if (!expense) throw AppError.notFound('Expense');
    const answered = (await answerExpense(db, scope, expense, today())).claims.find((one) => one.id === claim.id);
    if (!answered) throw AppError.notFound('Claim');
    return answered;
  }

  /** The expense, locked, then the claim, locked: every path takes the two locks in this order. */
  async function lockBoth(trx: Db, scope: ChildScope, id: number): Promise<{ expense: ExpenseRow; claim: ClaimRow }> {
    const found = await claims.findClaim(trx, scope.childId, id);
    if (!found) throw AppError.notFound('Claim');
    const expense = await expenses.lockExpense(trx, scope.childId, found.expenseId);
    const claim = await claims.lockClaim(trx, scope.childId, id);
    if (!expense || !claim) throw AppError.notFound('Claim');
    return { expense, claim };
  }

  /** A funder for a claim on `expense`: one of the child's, in the expense's currency. */
  async function requireFunder(trx: Db, scope: ChildScope, expense: ExpenseRow, fundingSourceId: number): Promise<void> {
    const source = await sources.findFundingSource(trx, scope.childId, fundingSourceId);
    if (!source) throw AppError.notFound('Funding source');
    if (source.currency !== expense.currency)
      throw new AppError(
        'CONFLICT',
        `This expense is in ${expense.currency} and ${source.name} pays in ${source.currency}: a claim goes to a funding source of the expense\u2019s currency.`,
      );
  }

  /** CONFLICT when the expense's claims, with `claim` taking `takes`, would ask more than the expense. */
  async function requireFits(trx: Db, scope: ChildScope, expense: ExpenseRow, claimId: number | null, takes: number): Promise<void> {
    const others = (await claims.claimsOfExpenses(trx, scope.childId, [expense.id])).filter((other) => other.id !== claimId);
    const othersTake = takenBy(others);
    if (othersTake + takes > expense.amountCents) throw overClaimed(othersTake + takes, expense, othersTake);
  }

  async function recordMove(
    trx: Db,
    scope: ChildScope,
    claim: ClaimRow,
    to: ClaimStatus,
    move: { approvedCents?: number | null; note?: string | null; reference?: string | null; on: string },
  ): Promise<void> {
    await claims.insertStatusChange(trx, {
      claimId: claim.id,
      childId: scope.childId,
      fromStatus: claim.status,
      toStatus: to,
      approvedCents: move.approvedCents ?? null,
      note: move.note ?? null,
      reference: move.reference ?? null,
      happenedOn: move.on,
      createdBy: scope.userId,
    });
  }

  return {
    async create(scope: ChildScope, expenseId: number, input: ClaimCreate): Promise<Claim> {
      const row = await recordChange(db, scope, { action: 'claim.added', subjectType: 'claim' }, async (trx) => {
        const expense = await expenses.lockExpense(trx, scope.childId, expenseId);
        if (!expense) throw AppError.notFound('Expense');
        if (expense.paidDirectlyBy !== null) throw new AppError('CONFLICT', 'A funder paid this expense directly, so it takes no claims.');
        await requireFunder(trx, scope, expense, input.fundingSourceId);
        await requireFits(trx, scope, expense, null, input.amountCents);
        const inserted = await claims.insertClaim(trx, {
          childId: scope.childId,
          expenseId,
          fundingSourceId: input.fundingSourceId,
          amountCents: input.amountCents,
          createdBy: scope.userId,
        });
        await claims.insertStatusChange(trx, {
          claimId: inserted.id,
          childId: scope.childId,
          fromStatus: null,
          toStatus: 'draft',
          approvedCents: null,
          note: null,
          reference: null,
          happenedOn: today(),
          createdBy: scope.userId,
        });
        return inserted;
      });
      await syncDeadlines(deps, scope.childId);
      return answer(scope, row);
    },

    /** Changes a draft's amount or funder; a claim past draft moves instead (CONFLICT). */
    async update(scope: ChildScope, id: number, patch: ClaimUpdate): Promise<Claim> {
      const row = await recordChange(db, scope, { action: 'claim.updated', subjectType: 'claim' }, async (trx) => {
        const { expense, claim } = await lockBoth(trx, scope, id);
        if (claim.status !== 'draft')
          throw new AppError(
            'CONFLICT',
            `Only a draft claim can be changed: this one is ${claim.status.replace('-', ' ')}. Move it, or withdraw it and add another.`,
          );
        if (patch.fundingSourceId !== undefined) await requireFunder(trx, scope, expense, patch.fundingSourceId);
        const amountCents = patch.amountCents ?? claim.amountCents;
        await requireFits(trx, scope, expense, claim.id, amountCents);
        return claims.updateClaim(trx, scope.childId, id, { ...patch, updatedAt: now() });
      });
      await syncDeadlines(deps, scope.childId);
      return answer(scope, row);
    },

    async delete(scope: ChildScope, id: number): Promise<{ id: number; deleted: true }> {
      await recordChange(db, scope, { action: 'claim.removed', subjectType: 'claim' }, async (trx) => {
        await lockBoth(trx, scope, id);
        await claims.deleteClaim(trx, scope.childId, id);
        return { id };
      });
      await syncDeadlines(deps, scope.childId);
      return { id, deleted: true };
    },

    /** A status move (CLAIM_MOVES); an illegal one is a CONFLICT naming the moves possible. */
    async move(scope: ChildScope, id: number, input: ClaimMove): Promise<Claim> {
      const row = await recordChange(db, scope, { action: 'claim.status-changed', subjectType: 'claim' }, async (trx) => {
        const { expense, claim } = await lockBoth(trx, scope, id);
        const to = input.status;
        if (!nextStatuses(claim).includes(to)) throw illegalMove(claim, to);
        const on = input.on ?? today();
        const approvedCents = to === 'approved' ? (input.approvedCents ?? 0) : claim.approvedCents;
        if (to === 'approved' && approvedCents !== null && approvedCents > claim.amountCents) {
          const money = (cents: number) => formatMoney(cents, expense.currency);
          throw new AppError(
            'CONFLICT',
            `The approved amount (${money(approvedCents)}) is more than the claim asked (${money(claim.amountCents)}).`,
          );
        }
        const after = { status: to, amountCents: claim.amountCents, approvedCents };
        // An appeal asks the whole amount again: it must still fit beside the other claims.
        if (claimTakes(after) > claimTakes(claim)) await requireFits(trx, scope, expense, claim.id, claimTakes(after));
        await recordMove(trx, scope, claim, to, {
          approvedCents: to === 'approved' ? approvedCents : null,
          note: input.note,
          reference: input.reference,
          on,
        });
        return claims.updateClaim(trx, scope.childId, id, {
          status: to,
          approvedCents,
          ...(input.reference ? { reference: input.reference } : {}),
          ...(isPending(to) ? { submittedOn: on } : {}),
          updatedAt: now(),
        });
      });
      await syncDeadlines(deps, scope.childId);
      return answer(scope, row);
    },

    /** Records a payment: at most what is approved and not yet paid; the claim moves to partially paid or paid. */
    async addPayment(scope: ChildScope, id: number, input: PaymentCreate): Promise<Claim> {
      const row = await recordChange(db, scope, { action: 'claim.payment-recorded', subjectType: 'claim' }, async (trx) => {
        const { expense, claim } = await lockBoth(trx, scope, id);
        if (claim.status !== 'approved' && claim.status !== 'partially-paid') {
          throw new AppError(
            'CONFLICT',
            claim.status === 'paid'
              ? 'This claim is paid in full: it takes no more payments.'
              : `Only an approved claim takes payments: this one is ${claim.status}.`,
          );
        }
        const approved = claim.approvedCents ?? 0;
        const paidCents = claim.paidCents + input.amountCents;
        if (paidCents > approved) {
          const money = (cents: number) => formatMoney(cents, expense.currency);
          throw new AppError(
            'CONFLICT',
            `This payment would bring the claim to ${money(paidCents)} paid of ${money(approved)} approved: at most ${money(approved - claim.paidCents)} is left to pay.`,
          );
        }
        await claims.insertPayment(trx, {
          claimId: id,
          childId: scope.childId,
          amountCents: input.amountCents,
          paidOn: input.paidOn,
          reference: input.reference ?? null,
          createdBy: scope.userId,
        });
        const status: ClaimStatus = paidCents === approved ? 'paid' : 'partially-paid';
        if (status !== claim.status) await recordMove(trx, scope, claim, status, { reference: input.reference, on: input.paidOn });
        return claims.updateClaim(trx, scope.childId, id, { paidCents, status, updatedAt: now() });
      });
      await syncDeadlines(deps, scope.childId);
      return answer(scope, row);
    },

    /** Deletes a payment: the claim moves back to partially paid or approved. */
    async deletePayment(scope: ChildScope, id: number, paymentId: number): Promise<Claim> {
      const row = await recordChange(db, scope, { action: 'claim.payment-removed', subjectType: 'claim' }, async (trx) => {
        const { claim } = await lockBoth(trx, scope, id);
        const payment = await claims.deletePayment(trx, scope.childId, id, paymentId);
        if (!payment) throw AppError.notFound('Payment');
        const paidCents = Math.max(claim.paidCents - payment.amountCents, 0);
        const status: ClaimStatus = paidCents === 0 ? 'approved' : paidCents < (claim.approvedCents ?? 0) ? 'partially-paid' : 'paid';
        if (status !== claim.status) await recordMove(trx, scope, claim, status, { on: today() });
        return claims.updateClaim(trx, scope.childId, id, { paidCents, status, updatedAt: now() });
      });
      await syncDeadlines(deps, scope.childId);
      return answer(scope, row);
    },
  };
}

export type ClaimsService = ReturnType<typeof createClaimsService>;
