import type { ReactNode } from 'react';
import { EXPENSE_CATEGORIES, REIMBURSEMENT_LIMITS, type ExpenseCategory } from '#shared/schemas/reimbursement.ts';
import { SelectField, TextAreaField, TextField } from '../../components/form-field.tsx';
import { MoneyField } from './money-field.tsx';
import { CATEGORY_LABELS } from './reimbursement-labels.ts';
import { Options } from './select-options.tsx';

/** What an expense says, as its form holds it (the amount as typed). */
export interface ExpenseFieldValues {
  provider: string;
  amount: string;
  serviceDate: string;
  serviceEndDate: string;
  category: ExpenseCategory;
  paidOn: string;
  paidBy: string;
  notes: string;
}

export interface ExpenseFieldsProps {
  id: (field: string) => string;
  values: ExpenseFieldValues;
  onChange: (patch: Partial<ExpenseFieldValues>) => void;
  errors: Record<string, string>;
  /** The amount's currency code, in its label. */
  currency: string;
  /** A note under a field: proposed from the receipt, or what the field is for. */
  hints?: Partial<Record<'provider' | 'amount' | 'serviceDate' | 'serviceEndDate', string | undefined>>;
  /** A new expense: example placeholders, and the providers used before to pick from. */
  adding?: { providers: readonly string[]; onProviderBlur: (provider: string) => void };
  /** After the category, in the grid (a new expense's currency). */
  afterCategory?: ReactNode;
  /** After "Paid by", in the grid (a new expense's funder and claim). */
  children?: ReactNode;
  /** Between the grid and the notes (a new expense's receipt checklist). */
  beforeNotes?: ReactNode;
  /** The grid's spacing. */
  gap?: 'gap-3' | 'gap-4';
}

/** The fields an expense is added and corrected with: provider, amount, dates, category, paid on and by, notes. */
export function ExpenseFields({
  id,
  values,
  onChange,
  errors,
  currency,
  hints = {},
  adding,
  afterCategory,
  children,
  beforeNotes,
  gap = 'gap-3',
}: ExpenseFieldsProps) {
  return (
    <>
      <div className={`grid ${gap} sm:grid-cols-2`}>
        <TextField
          id={id('provider')}
          label="Provider"
          limit={REIMBURSEMENT_LIMITS.provider}
          autoComplete="off"
          list={adding ? id('providers') : undefined}
          placeholder={adding ? 'e.g. Bright Minds Therapy' : undefined}
          value={values.provider}
          onChange={(event) => onChange({ provider: event.target.value })}
          onBlur={adding ? (event) => adding.onProviderBlur(event.target.value) : undefined}
          error={errors.provider}
          hint={hints.provider}
        />
        {adding ? (
          <datalist id={id('providers')}>
            {adding.providers.map((provider) => (
              <option key={provider} value={provider}>
                {provider}
              </option>
            ))}
          </datalist>
        ) : null}
        <MoneyField
          id={id('amountCents')}
          label="Amount paid"
          currency={currency}
          value={values.amount}
          onChange={(amount) => onChange({ amount })}
          error={errors.amountCents}
          hint={hints.amount}
        />
        <TextField
          id={id('serviceDate')}
          label="Date of service"
          type="date"
          value={values.serviceDate}
          onChange={(event) => onChange({ serviceDate: event.target.value })}
          error={errors.serviceDate}
          hint={hints.serviceDate}
        />
        <TextField
          id={id('serviceEndDate')}
          label="Service ended"
          type="date"
          optional
          value={values.serviceEndDate}
          onChange={(event) => onChange({ serviceEndDate: event.target.value })}
          error={errors.serviceEndDate}
          hint={hints.serviceEndDate}
        />
        <SelectField
          id={id('category')}
          label="Category"
          value={values.category}
          onChange={(event) => onChange({ category: event.target.value as ExpenseCategory })}
          error={errors.category}
        >
          <Options values={EXPENSE_CATEGORIES} labels={CATEGORY_LABELS} />
        </SelectField>
        {afterCategory}
        <TextField
          id={id('paidOn')}
          label="Paid on"
          type="date"
          optional
          value={values.paidOn}
          onChange={(event) => onChange({ paidOn: event.target.value })}
          error={errors.paidOn}
        />
        <TextField
          id={id('paidBy')}
          label="Paid by"
          optional
          limit={REIMBURSEMENT_LIMITS.paidBy}
          autoComplete="off"
          placeholder={adding ? 'e.g. HSA debit card' : undefined}
          value={values.paidBy}
          onChange={(event) => onChange({ paidBy: event.target.value })}
          error={errors.paidBy}
        />
        {children}
      </div>
      {beforeNotes}
      <TextAreaField
        id={id('notes')}
        label="Notes"
        optional
        rows={2}
        limit={REIMBURSEMENT_LIMITS.notes}
        value={values.notes}
        onChange={(event) => onChange({ notes: event.target.value })}
        error={errors.notes}
      />
    </>
  );
}
