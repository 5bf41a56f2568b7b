import { formatMoney } from '#shared/money.ts';
import { todayIso } from '#shared/schemas/dates.ts';
import type {
  Expense,
  ExpenseCreate,
  ExpenseFilter,
  ExpenseList,
  ExpenseProposal,
  ExpenseUpdate,
  ProviderDefaults,
} from '#shared/schemas/reimbursement.ts';
import type { Db } from '../../db/database.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import { recordChange } from '../../core/record-change.ts';
import { AppError } from '../../lib/errors.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import { takenBy } from './claims.rules.ts';
import * as claims from './claims.repository.ts';
import { answerExpense, answerExpenses } from './expenses.answers.ts';
import * as expenses from './expenses.repository.ts';
import { syncDeadlines, type DeadlineSync } from './funding-sources.deadlines.ts';
import * as sources from './funding-sources.repository.ts';
import { proposeFromReceiptText } from './receipt-proposal.ts';

export const NOT_THIS_CHILDS_DOCUMENT = 'This document is not one of this child\u2019s documents';

/** The expenses a family paid (decision 0103): read by every caregiver, added and changed by updaters, deleted by owners. */
export function createExpensesService(
  deps: { db: Db; now?: () => Date; documents: Pick<DocumentsService, 'describe' | 'textOf'> } & DeadlineSync,
) {
  const { db, documents } = deps;
  const now = deps.now ?? (() => new Date());
  const today = () => todayIso(now());

  /** BAD_REQUEST naming the first id that is not one of the child's documents. */
  async function requireDocuments(trx: Db, scope: ChildScope, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const found = new Set((await documents.describe(trx, scope, [...ids])).map((document) => document.id));
    const missing = ids.findIndex((id) => !found.has(id));
    if (missing >= 0)
      throw new AppError('BAD_REQUEST', 'Some fields need attention', [
        { path: `documentIds.${missing}`, message: NOT_THIS_CHILDS_DOCUMENT },
      ]);
  }

  /** A funder that paid directly: one of the child's sources, in the expense's currency. */
  async function requireDirectPayer(trx: Db, scope: ChildScope, id: number, currency: string): Promise<void> {
    const source = await sources.findFundingSource(trx, scope.childId, id);
    if (!source) throw AppError.notFound('Funding source');
    if (source.currency !== currency)
      throw new AppError(
        'CONFLICT',
        `This expense is in ${currency} and ${source.name} pays in ${source.currency}: a funder pays directly only expenses in its own currency.`,
      );
  }

  async function find(trx: Db, scope: ChildScope, id: number) {
    const row = await expenses.findExpense(trx, scope.childId, id);
    if (!row) throw AppError.notFound('Expense');
    return row;
  }

  return {
    async list(scope: ChildScope, filter: ExpenseFilter): Promise<ExpenseList> {
      const { rows, total } = await expenses.listExpenses(db, scope.childId, filter);
      return { items: await answerExpenses(db, scope, rows, today()), total };
    },

    async get(scope: ChildScope, id: number): Promise<Expense> {
      return answerExpense(db, scope, await find(db, scope, id), today());
    },

    async create(scope: ChildScope, input: ExpenseCreate): Promise<Expense> {
      const row = await recordChange(db, scope, { action: 'expense.added', subjectType: 'expense' }, async (trx) => {
        if (input.paidDirectlyBy) await requireDirectPayer(trx, scope, input.paidDirectlyBy, input.currency);
        await requireDocuments(trx, scope, input.documentIds);
        const { documentIds, checklist, ...fields } = input;
        const inserted = await expenses.insertExpense(trx, {
          ...fields,
          checklist: [...new Set(checklist)],
          childId: scope.childId,
          createdBy: scope.userId,
        });
        await expenses.setExpenseDocuments(trx, scope.childId, inserted.id, documentIds);
        return inserted;
      });
      await syncDeadlines(deps, scope.childId);
      return answerExpense(db, scope, row, today());
    },

    async update(scope: ChildScope, id: number, patch: ExpenseUpdate): Promise<Expense> {
      const row = await recordChange(db, scope, { action: 'expense.updated', subjectType: 'expense' }, async (trx) => {
        const current = await expenses.lockExpense(trx, scope.childId, id);
        if (!current) throw AppError.notFound('Expense');
        const serviceDate = patch.serviceDate ?? current.serviceDate;
        const serviceEndDate = patch.serviceEndDate === undefined ? current.serviceEndDate : patch.serviceEndDate;
        if (serviceEndDate && serviceDate > serviceEndDate) {
          throw new AppError('BAD_REQUEST', 'Some fields need attention', [
            { path: 'serviceEndDate', message: 'The service ends before it starts' },
          ]);
        }
        const own = await claims.claimsOfExpenses(trx, scope.childId, [id]);
        const currency = patch.currency ?? current.currency;
        if (currency !== current.currency && own.length > 0)
          throw new AppError(
            'CONFLICT',
            `This expense has claims in ${current.currency}: its currency cannot change while they are there.`,
          );
        const paidDirectlyBy = patch.paidDirectlyBy === undefined ? current.paidDirectlyBy : patch.paidDirectlyBy;
        if (paidDirectlyBy !== null) {
          if (own.length > 0)
            throw new AppError(
              'CONFLICT',
              'This expense has claims, and an expense a funder paid directly takes none: remove its claims first.',
            );
          if (paidDirectlyBy !== current.paidDirectlyBy || currency !== current.currency)
            await requireDirectPayer(trx, scope, paidDirectlyBy, currency);
        }
        const amountCents = patch.amountCents ?? current.amountCents;
        const taken = takenBy(own);
        if (amountCents < taken) {
          const money = (cents: number) => formatMoney(cents, currency);
          throw new AppError(
            'CONFLICT',
            `The claims on this expense take ${money(taken)}: its amount cannot be less than that (${money(amountCents)} was asked).`,
          );
        }
        const { documentIds, checklist, ...fields } = patch;
        if (documentIds !== undefined) {
          await requireDocuments(trx, scope, documentIds);
          await expenses.setExpenseDocuments(trx, scope.childId, id, documentIds);
        }
        const updated = await expenses.updateExpense(trx, scope.childId, id, {
          ...fields,
          ...(checklist === undefined ? {} : { checklist: [...new Set(checklist)] }),
          updatedAt: now(),
        });
        if (!updated) throw AppError.notFound('Expense');
        return updated;
      });
      await syncDeadlines(deps, scope.childId);
      return answerExpense(db, scope, row, today());
    },

    /** Deletes the expense with its claims, moves and payments; its documents stay in the vault. */
    async delete(scope: ChildScope, id: number): Promise<{ id: number; deleted: true }> {
      await recordChange(db, scope, { action: 'expense.removed', subjectType: 'expense' }, async (trx) => {
        if (!(await expenses.deleteExpense(trx, scope.childId, id))) throw AppError.notFound('Expense');
        return { id };
      });
      await syncDeadlines(deps, scope.childId);
      return { id, deleted: true };
    },

    /** What a receipt's text proposes for a new expense; all null while it is being read or for a photo. */
    async propose(scope: ChildScope, documentId: number): Promise<ExpenseProposal> {
      const document = await documents.textOf(db, scope, documentId);
      if (!document) throw AppError.notFound('Document');
      const empty = { documentId, hasText: false, provider: null, serviceDate: null, amountCents: null };
      if (document.processing !== 'done' || !document.contentText?.trim()) return empty;
      return { documentId, hasText: true, ...proposeFromReceiptText(document.contentText, today()) };
    },

    /** Per provider, the category and funder used last: what the add form prefills. */
    async providers(scope: ChildScope): Promise<ProviderDefaults[]> {
      return expenses.providerDefaults(db, scope.childId);
    },
  };
}

export type ExpensesService = ReturnType<typeof createExpensesService>;
