import { useState } from 'react';
import { focusWhenShown } from '../../../lib/focus.ts';
import { Link } from 'react-router-dom';
import { guideTemplatePath, LETTER_OF_MEDICAL_NECESSITY_TEMPLATE } from '#shared/guide.ts';
import { formatMoney, moneyInputValue } from '#shared/money.ts';
import { claimActions, expenseActions, type Expense, type FundingSource } from '#shared/schemas/reimbursement.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { PATHS } from '../../../lib/paths.ts';
import { AddedBy } from '../../components/added-by.tsx';
import { RoleGate } from '../../components/child-role.tsx';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { ClaimForm } from './claim-form.tsx';
import { ClaimItem } from './claim-item.tsx';
import { ExpenseEditForm } from './expense-edit-form.tsx';
import { CATEGORY_LABELS, CHECKLIST_LABELS, EXPENSE_DELETE_NOTE } from './reimbursement-labels.ts';
import { sourcesForCurrency } from './reimbursement-logic.ts';
import { useClaimMutations, useExpenseMutations } from './use-reimbursements.ts';

export const expenseHeadingId = (id: number) => `expense-${id}`;

/** "Claim it": a funder of the expense's currency and the amount, prefilled with what is left to claim. */
function ClaimItForm({ expense, sources, onDone }: { expense: Expense; sources: readonly FundingSource[]; onDone: () => void }) {
  const { create } = useClaimMutations();
  const choices = sourcesForCurrency(sources, expense.currency);
  if (choices.length === 0) {
    return (
      <div className="grid gap-2 rounded-lg border border-brand-700 p-3 text-sm">
        <p>There is no funding source in {expense.currency} to claim from. Add one under Funding sources first.</p>
        <div>
          <Button variant="ghost" size="sm" onClick={onDone}>
            Close
          </Button>
        </div>
      </div>
    );
  }
  return (
    <ClaimForm
      label={`Claim ${expense.provider}`}
      submit="Add claim"
      what="claim"
      pending={create.isPending}
      sources={choices}
      sourceId={String(choices[0]?.id ?? '')}
      amount={moneyInputValue(expense.claimableCents, expense.currency)}
      currency={expense.currency}
      hint={`${formatMoney(expense.claimableCents, expense.currency)} is left to claim`}
      onSave={(fundingSourceId, amountCents) => create.mutateAsync({ expenseId: expense.id, data: { fundingSourceId, amountCents } })}
      onDone={onDone}
    />
  );
}

/** One expense: what was paid, when and by whom, its documents, then its claims and what can be done. */
export function ExpenseItem({
  expense,
  sources,
  onDeleted,
}: {
  expense: Expense;
  sources: readonly FundingSource[];
  onDeleted: () => void;
}) {
  const [claiming, setClaiming] = useState(false);
  const [editing, setEditing] = useState(false);
  const { remove } = useExpenseMutations();
  const money = (cents: number) => formatMoney(cents, expense.currency);
  const sourceName = (id: number | null) => sources.find((source) => source.id === id)?.name ?? 'A funding source';
  const headingId = expenseHeadingId(expense.id);
  const service = expense.serviceEndDate
    ? `${formatDate(expense.serviceDate)} to ${formatDate(expense.serviceEndDate)}`
    : formatDate(expense.serviceDate);
  return (
    <article aria-labelledby={headingId} className="grid gap-3 rounded-xl border border-ink/10 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} tabIndex={-1} className="text-lg font-semibold min-w-0 wrap-anywhere text-ink">
          {expense.provider}
        </h3>
        <p className="text-lg font-bold tabular-nums">{money(expense.amountCents)}</p>
      </div>
      <p className="text-sm text-ink-muted">
        {CATEGORY_LABELS[expense.category]} · {service}
        {expense.paidOn ? ` · Paid ${formatDate(expense.paidOn)}` : ''}
        {expense.paidBy ? ` by ${expense.paidBy}` : ''}
      </p>
      {expense.paidDirectlyBy !== null ? (
        <p className="text-sm">Paid directly by {sourceName(expense.paidDirectlyBy)}: nothing out of pocket.</p>
      ) : (
        <p className="text-sm tabular-nums">
          Out of pocket {money(expense.outOfPocketCents)} · Left to claim {money(expense.claimableCents)}
        </p>
      )}
      {expense.documentIds.length > 0 || expense.checklist.length > 0 ? (
        <p className="text-sm">
          {expense.documentIds.length > 0 ? (
            <Link to={PATHS.vault} className="text-brand-800 underline underline-offset-4">
              {expense.documentIds.length === 1 ? '1 document' : `${expense.documentIds.length} documents`} in the vault
            </Link>
          ) : null}
          {expense.checklist.length > 0
            ? `${expense.documentIds.length > 0 ? ' · ' : ''}Shows: ${expense.checklist.map((item) => CHECKLIST_LABELS[item]).join(', ')}`
            : ''}
        </p>
      ) : null}
      {expense.notes ? <p className="text-sm whitespace-pre-line">{expense.notes}</p> : null}
      <AddedBy author={expense.addedBy} at={expense.createdAt} />
      {expense.claims.length > 0 ? (
        <ul aria-label={`Claims: ${expense.provider}`} className="grid gap-2">
          {expense.claims.map((claim) => (
            <li key={claim.id}>
              <ClaimItem
                claim={claim}
                sourceName={sourceName(claim.fundingSourceId)}
                currency={expense.currency}
                sources={sourcesForCurrency(sources, expense.currency)}
                // A draft may ask what it asks now plus what is still unclaimed.
                claimableCents={expense.claimableCents + claim.amountCents}
                onRemoved={() => focusWhenShown(headingId)}
              />
            </li>
          ))}
        </ul>
      ) : expense.paidDirectlyBy === null ? (
        <p className="text-sm text-ink-muted">Not claimed yet.</p>
      ) : null}
      {editing ? (
        <ExpenseEditForm
          expense={expense}
          onDone={() => {
            setEditing(false);
            focusWhenShown(headingId);
          }}
        />
      ) : claiming ? (
        <ClaimItForm
          expense={expense}
          sources={sources}
          onDone={() => {
            setClaiming(false);
            focusWhenShown(headingId);
          }}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          {expense.paidDirectlyBy === null && expense.claimableCents > 0 ? (
            <RoleGate action={claimActions.create}>
              <Button variant="outline" size="sm" aria-label={`Claim it: ${expense.provider}`} onClick={() => setClaiming(true)}>
                Claim it
              </Button>
            </RoleGate>
          ) : null}
          <RoleGate action={expenseActions.update}>
            <Button variant="outline" size="sm" aria-label={`Edit expense: ${expense.provider}`} onClick={() => setEditing(true)}>
              Edit expense
            </Button>
          </RoleGate>
          <Link
            to={guideTemplatePath(LETTER_OF_MEDICAL_NECESSITY_TEMPLATE, expense.id)}
            className="inline-flex min-h-11 items-center px-2 text-sm text-brand-800 underline underline-offset-4 sm:min-h-9"
          >
            Write a letter of medical necessity
          </Link>
          <RoleGate action={expenseActions.delete}>
            <ConfirmDelete
              label="Delete expense"
              accessibleName={`Delete expense: ${expense.provider}`}
              question={`Delete this expense? ${EXPENSE_DELETE_NOTE}`}
              pending={remove.isPending}
              onConfirm={async () => {
                await remove.mutateAsync({ id: expense.id });
                onDeleted();
              }}
            />
          </RoleGate>
        </div>
      )}
    </article>
  );
}
