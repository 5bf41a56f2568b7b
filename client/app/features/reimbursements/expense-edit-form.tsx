import { useEffect, useId, useState } from 'react';
import { moneyInputValue } from '#shared/money.ts';
import { expenseUpdateSchema, type Expense } from '#shared/schemas/reimbursement.ts';
import { focusWhenShown } from '../../../lib/focus.ts';
import { ExpenseFields, type ExpenseFieldValues } from './expense-fields.tsx';
import { check, useFieldErrors } from './form-errors.ts';
import { FormFrame } from './form-frame.tsx';
import { readAmount } from './reimbursement-logic.ts';
import { useExpenseMutations } from './use-reimbursements.ts';

const FIELD_ORDER = ['provider', 'amountCents', 'serviceDate', 'serviceEndDate', 'category', 'paidOn', 'paidBy', 'notes'];

/** Corrects what an expense says; its receipt, claims and payments stay as they are. */
export function ExpenseEditForm({ expense, onDone }: { expense: Expense; onDone: () => void }) {
  const prefix = useId();
  const id = (field: string) => `${prefix}-${field}`;
  const { update } = useExpenseMutations();
  const [values, setValues] = useState<ExpenseFieldValues>({
    provider: expense.provider,
    amount: moneyInputValue(expense.amountCents, expense.currency),
    serviceDate: expense.serviceDate,
    serviceEndDate: expense.serviceEndDate ?? '',
    category: expense.category,
    paidOn: expense.paidOn ?? '',
    paidBy: expense.paidBy ?? '',
    notes: expense.notes ?? '',
  });
  const { errors, show, save } = useFieldErrors(FIELD_ORDER, id);
  useEffect(() => focusWhenShown(`${prefix}-provider`), [prefix]);

  const submit = async () => {
    if (update.isPending) return;
    const read = readAmount(values.amount, expense.currency);
    const input = {
      provider: values.provider,
      ...(read.cents !== null ? { amountCents: read.cents } : {}),
      serviceDate: values.serviceDate,
      serviceEndDate: values.serviceEndDate || null,
      category: values.category,
      paidOn: values.paidOn || null,
      paidBy: values.paidBy.trim() || null,
      notes: values.notes.trim() || null,
    };
    const checked = check(expenseUpdateSchema, input, { amountCents: read.error });
    if ('errors' in checked) {
      show(checked.errors);
      return;
    }
    await save(() => update.mutateAsync({ id: expense.id, data: checked.data }), onDone);
  };

  return (
    <FormFrame
      label={`Edit expense: ${expense.provider}`}
      onSubmit={submit}
      errors={errors}
      submit="Save expense"
      pending={update.isPending}
      what="expense"
      onCancel={onDone}
      className="grid gap-3"
    >
      <ExpenseFields
        id={id}
        values={values}
        onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
        errors={errors}
        currency={expense.currency}
      />
    </FormFrame>
  );
}
