import type { ChangeEvent, ReactNode } from 'react';
import { EXPENSE_CATEGORIES, REIMBURSEMENT_LIMITS, type ExpenseCategory } from '#shared/schemas/reimbursement.ts';
import { SelectField, TextField } from '../../components/form-field.tsx';
import { MoneyField } from './money-field.tsx';
import { CATEGORY_LABELS } from './reimbursement-labels.ts';
import { NotesField, Options } from './shared-fields.tsx';

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

type TextName = Exclude<keyof ExpenseFieldValues, 'category'>;

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
  /** What each typed field takes: its id, value, change and error. */
  const bound = (field: TextName) => ({
    id: id(field),
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => onChange({ [field]: event.target.value }),
    error: errors[field],
  });
  return (
    <>
      <div className={`grid ${gap} sm:grid-cols-2`}>
        <TextField
          {...bound('provider')}
          label="Provider"
          limit={REIMBURSEMENT_LIMITS.provider}
          autoComplete="off"
          list={adding ? id('providers') : undefined}
          placeholder={adding ? 'e.g. Bright Minds Therapy' : undefined}
          onBlur={adding ? (event) => adding.onProviderBlur(event.target.value) : undefined}
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
        <TextField {...bound('serviceDate')} label="Date of service" type="date" hint={hints.serviceDate} />
        <TextField {...bound('serviceEndDate')} label="Service ended" type="date" optional hint={hints.serviceEndDate} />
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
        <TextField {...bound('paidOn')} label="Paid on" type="date" optional />
        <TextField
          {...bound('paidBy')}
          label="Paid by"
          optional
          limit={REIMBURSEMENT_LIMITS.paidBy}
          autoComplete="off"
          placeholder={adding ? 'e.g. HSA debit card' : undefined}
        />
        {children}
      </div>
      {beforeNotes}
      <NotesField id={id('notes')} value={values.notes} onChange={(notes) => onChange({ notes })} error={errors.notes} />
    </>
  );
}
