import { useEffect, useId, useState } from 'react';
import type { FundingSource } from '#shared/schemas/reimbursement.ts';
import { focusWhenShown } from '../../../lib/focus.ts';
import { SelectField } from '../../components/form-field.tsx';
import { useCardErrors } from './form-errors.ts';
import { FormFrame } from './form-frame.tsx';
import { MoneyField } from './money-field.tsx';
import { SourceOptions } from './shared-fields.tsx';

export interface ClaimFormProps {
  /** The form's accessible name. */
  label: string;
  /** The submit button's text. */
  submit: string;
  /** What the offline notice keeps, after "Your". */
  what: string;
  pending: boolean;
  sources: readonly Pick<FundingSource, 'id' | 'name'>[];
  /** The funder and the amount (as typed) the form opens with. */
  sourceId: string;
  amount: string;
  currency: string;
  /** Under the amount: how much may be claimed. */
  hint: string | undefined;
  /** Saves the funder and the amount in minor units; the form closes when it resolves. */
  onSave: (fundingSourceId: number, amountCents: number) => Promise<unknown>;
  onDone: () => void;
}

/** A claim's funder and amount, in a card: "Claim it" on an expense, and a draft's change. */
export function ClaimForm({ label, submit, what, pending, sources, currency, hint, onSave, onDone, ...opened }: ClaimFormProps) {
  const prefix = useId();
  const [sourceId, setSourceId] = useState(opened.sourceId);
  const [amount, setAmount] = useState(opened.amount);
  const { errors, amount: readRequired, save } = useCardErrors();
  // The form opens in place of the button that asked for it: focus goes to its first field.
  useEffect(() => focusWhenShown(`${prefix}-source`), [prefix]);
  const send = async () => {
    const cents = readRequired(amount, currency, 'amountCents', `${prefix}-amount`);
    if (cents === null) return;
    await save(() => onSave(Number(sourceId), cents), onDone);
  };
  return (
    <FormFrame label={label} onSubmit={send} errors={errors} submit={submit} pending={pending} what={what} onCancel={onDone} inCard>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          id={`${prefix}-source`}
          label="Claim from"
          value={sourceId}
          onChange={(event) => setSourceId(event.target.value)}
          error={errors.fundingSourceId}
        >
          <SourceOptions sources={sources} />
        </SelectField>
        <MoneyField
          id={`${prefix}-amount`}
          label="Amount to claim"
          currency={currency}
          value={amount}
          onChange={setAmount}
          error={errors.amountCents}
          hint={hint}
        />
      </div>
    </FormFrame>
  );
}
