import { useEffect, useId, useState, type FormEvent } from 'react';
import { moneyInputValue } from '#shared/money.ts';
import {
  EXPENSE_CATEGORIES,
  expenseUpdateSchema,
  REIMBURSEMENT_LIMITS,
  type Expense,
  type ExpenseCategory,
} from '#shared/schemas/reimbursement.ts';
import { Button } from '../../../components/ui/button.tsx';
import { focusFirstError } from '../../../lib/field-errors.ts';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../components/form-field.tsx';
import { OfflineNotice, SubmitButton } from '../../components/saving-offline.tsx';
import { check, FORM_ERROR, saveErrors } from './form-errors.ts';
import { MoneyField } from './money-field.tsx';
import { CATEGORY_LABELS } from './reimbursement-labels.ts';
import { readAmount } from './reimbursement-logic.ts';
import { useExpenseMutations } from './use-reimbursements.ts';

const FIELD_ORDER = ['provider', 'amountCents', 'serviceDate', 'serviceEndDate', 'category', 'paidOn', 'paidBy', 'notes'];

/** Corrects what an expense says; its receipt, claims and payments stay as they are. */
export function ExpenseEditForm({ expense, onDone }: { expense: Expense; onDone: () => void }) {
  const prefix = useId();
  const id = (field: string) => `${prefix}-${field}`;
  const { update } = useExpenseMutations();
  const [provider, setProvider] = useState(expense.provider);
  const [amount, setAmount] = useState(moneyInputValue(expense.amountCents, expense.currency));
  const [serviceDate, setServiceDate] = useState(expense.serviceDate);
  const [serviceEndDate, setServiceEndDate] = useState(expense.serviceEndDate ?? '');
  const [category, setCategory] = useState<ExpenseCategory>(expense.category);
  const [paidOn, setPaidOn] = useState(expense.paidOn ?? '');
  const [paidBy, setPaidBy] = useState(expense.paidBy ?? '');
  const [notes, setNotes] = useState(expense.notes ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => document.getElementById(`${prefix}-provider`)?.focus(), [prefix]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const read = readAmount(amount, expense.currency);
    const input = {
      provider,
      ...(read.cents !== null ? { amountCents: read.cents } : {}),
      serviceDate,
      serviceEndDate: serviceEndDate || null,
      category,
      paidOn: paidOn || null,
      paidBy: paidBy.trim() || null,
      notes: notes.trim() || null,
    };
    const checked = check(expenseUpdateSchema, input);
    const found = { ...('errors' in checked ? checked.errors : {}), ...(read.error ? { amountCents: read.error } : {}) };
    if (Object.keys(found).length > 0 || !('data' in checked)) {
      setErrors(found);
      focusFirstError(found, FIELD_ORDER, id);
      return;
    }
    try {
      await update.mutateAsync({ id: expense.id, data: checked.data });
      onDone();
    } catch (error) {
      const failed = saveErrors(error);
      setErrors(failed);
      focusFirstError(failed, FIELD_ORDER, id);
    }
  };

  return (
    <form aria-label={`Edit expense: ${expense.provider}`} noValidate onSubmit={(event) => void submit(event)} className="grid gap-3">
      <FormAlert>{errors[FORM_ERROR]}</FormAlert>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id={id('provider')}
          label="Provider"
          limit={REIMBURSEMENT_LIMITS.provider}
          autoComplete="off"
          value={provider}
          onChange={(event) => setProvider(event.target.value)}
          error={errors.provider}
        />
        <MoneyField
          id={id('amountCents')}
          label="Amount paid"
          currency={expense.currency}
          value={amount}
          onChange={setAmount}
          error={errors.amountCents}
        />
        <TextField
          id={id('serviceDate')}
          label="Date of service"
          type="date"
          value={serviceDate}
          onChange={(event) => setServiceDate(event.target.value)}
          error={errors.serviceDate}
        />
        <TextField
          id={id('serviceEndDate')}
          label="Service ended"
          type="date"
          optional
          value={serviceEndDate}
          onChange={(event) => setServiceEndDate(event.target.value)}
          error={errors.serviceEndDate}
        />
        <SelectField
          id={id('category')}
          label="Category"
          value={category}
          onChange={(event) => setCategory(event.target.value as ExpenseCategory)}
          error={errors.category}
        >
          {EXPENSE_CATEGORIES.map((each) => (
            <option key={each} value={each}>
              {CATEGORY_LABELS[each]}
            </option>
          ))}
        </SelectField>
        <TextField
          id={id('paidOn')}
          label="Paid on"
          type="date"
          optional
          value={paidOn}
          onChange={(event) => setPaidOn(event.target.value)}
          error={errors.paidOn}
        />
        <TextField
          id={id('paidBy')}
          label="Paid by"
          optional
          limit={REIMBURSEMENT_LIMITS.paidBy}
          autoComplete="off"
          value={paidBy}
          onChange={(event) => setPaidBy(event.target.value)}
          error={errors.paidBy}
        />
      </div>
      <TextAreaField
        id={id('notes')}
        label="Notes"
        optional
        rows={2}
        limit={REIMBURSEMENT_LIMITS.notes}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        error={errors.notes}
      />
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton pending={update.isPending}>Save expense</SubmitButton>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <OfflineNotice pending={update.isPending} what="expense" />
      </div>
    </form>
  );
}
