import { z } from 'zod';
import { idSchema } from '#shared/schemas/child.ts';
import {
  expenseActions,
  expenseCreateSchema,
  expenseFilterSchema,
  expenseListSchema,
  expenseProposalSchema,
  expenseSchema,
  expenseUpdateSchema,
  providerDefaultsSchema,
  type ExpenseFilter,
} from '#shared/schemas/reimbursement.ts';
import type { Services } from '../../services.ts';
import { named, operation, queryForm, type ErrorStatus, type RestOperation } from '../../rest/operation.ts';
import { getOperation, listOperation, writes } from '../../rest/record-operations.ts';

const bodies = named({
  Expense: expenseSchema,
  ExpenseList: expenseListSchema,
  ExpenseCreate: expenseCreateSchema,
  ExpenseUpdate: expenseUpdateSchema,
  ExpenseProposal: expenseProposalSchema,
  ProviderDefaults: providerDefaultsSchema,
});
const tag = 'Reimbursements';

const expenseRecords = { base: '/api/expenses', tag, noun: 'expense', item: bodies.Expense, actions: expenseActions } as const;

/** The 409s each write may answer: its sentence names the rule of decision 0103 that refused it. */
const CONFLICTS: Record<string, Partial<Record<ErrorStatus, string>>> = {
  createExpense: { 409: 'The funder named in paidDirectlyBy pays in another currency' },
  updateExpense: {
    409: 'The amount would be less than its claims take, or a currency or paidDirectlyBy change its claims do not allow',
  },
};

/** The expenses a family paid, each with its claims, for external clients (decision 0103): the service the tRPC router calls. */
export function expensesOperations(services: Services): RestOperation[] {
  const { expenses } = services;
  return [
    listOperation(expenseRecords, {
      summary: 'List the child\u2019s expenses, newest service date first, with their claims',
      query: queryForm(expenseFilterSchema),
      page: bodies.ExpenseList,
      success: 'A page of expenses and how many match',
      // queryForm reads the filter's fields (numbers from text) with its defaults.
      run: (scope, query) => expenses.list(scope, query as ExpenseFilter),
    }),
    getOperation(expenseRecords, { summary: 'An expense with its claims, their moves and payments', run: expenses.get }),
    ...writes({
      ...expenseRecords,
      create: { body: bodies.ExpenseCreate, run: expenses.create },
      update: { body: bodies.ExpenseUpdate, run: expenses.update },
      remove: expenses.delete,
    }).map((op) => (CONFLICTS[op.operationId] ? { ...op, errors: { ...op.errors, ...CONFLICTS[op.operationId] } } : op)),
    operation({
      operationId: 'proposeExpense',
      method: 'get',
      path: '/api/expense-proposals',
      tag,
      summary: 'What a receipt in the vault proposes for a new expense: provider, service date and amount',
      description:
        'Read from the text the vault extracted. `hasText` is false (and every field null) while the file is still being read, or for a photo with no text.',
      security: 'bearer',
      child: expenseActions.view,
      query: queryForm(z.object({ documentId: idSchema })),
      success: [{ status: 200, description: 'The proposal, each field null when the text does not say', body: bodies.ExpenseProposal }],
      handle: ({ scope, query }) => expenses.propose(scope, query.documentId as number),
    }),
    operation({
      operationId: 'listExpenseProviders',
      method: 'get',
      path: '/api/expense-providers',
      tag,
      summary: 'Each provider with the category and funding source used last, for prefilling a new expense',
      security: 'bearer',
      child: expenseActions.list,
      success: [{ status: 200, description: 'Providers, by name', body: bodies.ProviderDefaults, list: true }],
      handle: ({ scope }) => expenses.providers(scope),
    }),
  ];
}
