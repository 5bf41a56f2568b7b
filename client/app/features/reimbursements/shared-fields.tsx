import { REIMBURSEMENT_LIMITS, type FundingSource } from '#shared/schemas/reimbursement.ts';
import { TextAreaField, TextField } from '../../components/form-field.tsx';

/** A select's options: each value, with what its label says. */
export function Options<T extends string>({ values, labels }: { values: readonly T[]; labels: Readonly<Record<T, string>> }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}

/** The funding sources as a select's options, by id. */
export function SourceOptions({ sources }: { sources: readonly Pick<FundingSource, 'id' | 'name'>[] }) {
  return sources.map((source) => (
    <option key={source.id} value={source.id}>
      {source.name}
    </option>
  ));
}

/** A record's notes, as long as the shared schema allows. */
export function NotesField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (notes: string) => void;
  error: string | undefined;
}) {
  return (
    <TextAreaField
      id={id}
      label="Notes"
      optional
      rows={2}
      limit={REIMBURSEMENT_LIMITS.notes}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

/** The three-letter currency as typed (shown in capitals); see currencyCodeOf for what it is read as. */
export function CurrencyField({
  id,
  value,
  onChange,
  error,
  hint,
}: {
  id: string;
  value: string;
  onChange: (currency: string) => void;
  error: string | undefined;
  hint?: string;
}) {
  return (
    <TextField
      id={id}
      label="Currency"
      hint={hint}
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      className="uppercase"
    />
  );
}
