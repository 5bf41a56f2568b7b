import { TextField } from '../../components/form-field.tsx';

export interface MoneyFieldProps {
  id: string;
  label: string;
  currency: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  optional?: boolean;
}

/**
 * An amount as the parent types it (`150`, `150.50`, `$1,234.56`), read with parseMoney into minor
 * units on save: text, never a number input, so nothing is rounded through a float.
 */
export function MoneyField({ id, label, currency, value, onChange, error, hint, optional }: MoneyFieldProps) {
  return (
    <TextField
      id={id}
      label={`${label} (${currency})`}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint={hint}
      optional={optional}
    />
  );
}
