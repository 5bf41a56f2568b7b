import { useEffect } from 'react';
import type { FundingSource } from '#shared/schemas/reimbursement.ts';
import { SelectField } from '../../components/form-field.tsx';
import { MoneyField } from './money-field.tsx';
import { SourceOptions } from './shared-fields.tsx';

export interface ClaimFieldsProps {
  /** The form's useId: the fields are `${prefix}-source` and `${prefix}-amount`. */
  prefix: string;
  sources: readonly Pick<FundingSource, 'id' | 'name'>[];
  sourceId: string;
  onSourceId: (sourceId: string) => void;
  amount: string;
  onAmount: (amount: string) => void;
  currency: string;
  errors: Record<string, string>;
  /** Under the amount: how much may be claimed. */
  hint: string | undefined;
}

/** A claim's funder and amount, for "Claim it" and a draft's change. */
export function ClaimFields({ prefix, sources, sourceId, onSourceId, amount, onAmount, currency, errors, hint }: ClaimFieldsProps) {
  // The form opens in place of the button that asked for it: focus goes to its first field.
  useEffect(() => document.getElementById(`${prefix}-source`)?.focus(), [prefix]);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectField
        id={`${prefix}-source`}
        label="Claim from"
        value={sourceId}
        onChange={(event) => onSourceId(event.target.value)}
        error={errors.fundingSourceId}
      >
        <SourceOptions sources={sources} />
      </SelectField>
      <MoneyField
        id={`${prefix}-amount`}
        label="Amount to claim"
        currency={currency}
        value={amount}
        onChange={onAmount}
        error={errors.amountCents}
        hint={hint}
      />
    </div>
  );
}
