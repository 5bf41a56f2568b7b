import { useEffect, useId, useState } from 'react';
import { formatMoney, moneyInputValue } from '#shared/money.ts';
import {
  CLAIM_NO_ANSWER_DAYS,
  claimActions,
  REIMBURSEMENT_LIMITS,
  type Claim,
  type ClaimStatus,
  type FundingSource,
} from '#shared/schemas/reimbursement.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate, localToday } from '../../../lib/dates.ts';
import { cn } from '../../../lib/cn.ts';
import { focusWhenShown } from '../../../lib/focus.ts';
import { AddedBy, addedByText, authorName } from '../../components/added-by.tsx';
import { RoleGate } from '../../components/child-role.tsx';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { TextField } from '../../components/form-field.tsx';
import { ClaimForm } from './claim-form.tsx';
import { useCardErrors } from './form-errors.ts';
import { FormFrame } from './form-frame.tsx';
import { MoneyField } from './money-field.tsx';
import { MOVE_LABELS, STATUS_LABELS } from './reimbursement-labels.ts';
import { useClaimMutations } from './use-reimbursements.ts';

const STATUS_TONES: Record<ClaimStatus, string> = {
  draft: 'bg-ink/5 text-ink',
  submitted: 'bg-sky-100 text-sky-950',
  approved: 'bg-emerald-100 text-emerald-950',
  denied: 'bg-red-100 text-red-950',
  appealed: 'bg-amber-100 text-amber-950',
  'partially-paid': 'bg-emerald-50 text-emerald-950',
  paid: 'bg-emerald-200 text-emerald-950',
  withdrawn: 'bg-ink/5 text-ink-muted',
};

/** A move that asks something first: approving asks the approved amount; any move takes the funder's reference and a note. */
function MoveForm({ claim, to, currency, onDone }: { claim: Claim; to: ClaimStatus; currency: string; onDone: () => void }) {
  const prefix = useId();
  const { move } = useClaimMutations();
  const [approved, setApproved] = useState(moneyInputValue(claim.amountCents, currency));
  const [reference, setReference] = useState(claim.reference ?? '');
  const [note, setNote] = useState('');
  const [on, setOn] = useState(localToday());
  const { errors, amount, save } = useCardErrors();
  // The form opens in place of the button that asked for it: focus goes to its first field.
  useEffect(() => focusWhenShown(`${prefix}-${to === 'approved' ? 'approved' : 'on'}`), [prefix, to]);
  const submit = async () => {
    const approvedCents = to === 'approved' ? amount(approved, currency, 'approvedCents', `${prefix}-approved`) : undefined;
    if (approvedCents === null) return;
    const data = {
      status: to,
      ...(approvedCents !== undefined ? { approvedCents } : {}),
      ...(reference.trim() ? { reference: reference.trim() } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(on ? { on } : {}),
    };
    await save(() => move.mutateAsync({ id: claim.id, data }), onDone);
  };
  return (
    <FormFrame
      label={`${MOVE_LABELS[to]}: claim ${claim.id}`}
      onSubmit={submit}
      errors={errors}
      submit={MOVE_LABELS[to]}
      pending={move.isPending}
      what="change of status"
      onCancel={onDone}
      inCard
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {to === 'approved' ? (
          <MoneyField
            id={`${prefix}-approved`}
            label="Approved amount"
            currency={currency}
            value={approved}
            onChange={setApproved}
            error={errors.approvedCents}
            hint={`At most the ${formatMoney(claim.amountCents, currency)} asked`}
          />
        ) : null}
        <TextField
          id={`${prefix}-on`}
          label="On"
          type="date"
          value={on}
          onChange={(event) => setOn(event.target.value)}
          error={errors.on}
        />
        <ShortText
          id={`${prefix}-reference`}
          label="Funder’s reference"
          value={reference}
          onChange={setReference}
          error={errors.reference}
        />
        <ShortText
          id={`${prefix}-note`}
          label="Note"
          limit={REIMBURSEMENT_LIMITS.note}
          value={note}
          onChange={setNote}
          error={errors.note}
        />
      </div>
    </FormFrame>
  );
}

/** An optional short text a funder's answer or payment carries: a reference (unless said), a note. */
function ShortText({
  id,
  label,
  limit = REIMBURSEMENT_LIMITS.reference,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  limit?: number;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <TextField
      id={id}
      label={label}
      optional
      limit={limit}
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}

/**
 * A draft's funder or amount, changed in place (a claim past draft moves instead). Only what changed
 * is sent; the server's refusal (a 409: not a draft any more, or more than is left to claim) stays
 * beside the fields.
 */
export function ClaimChangeForm({
  claim,
  name,
  currency,
  sources,
  claimableCents,
  onDone,
}: {
  claim: Claim;
  name: string;
  currency: string;
  /** The funders of the expense's currency. */
  sources: readonly Pick<FundingSource, 'id' | 'name'>[];
  /** What is left of the expense after the other claims (this one's amount included). */
  claimableCents?: number | undefined;
  onDone: () => void;
}) {
  const { update } = useClaimMutations();
  return (
    <ClaimForm
      label={`Change ${name}`}
      submit="Save claim"
      what="change to the claim"
      pending={update.isPending}
      sources={sources}
      sourceId={String(claim.fundingSourceId)}
      amount={moneyInputValue(claim.amountCents, currency)}
      currency={currency}
      hint={claimableCents !== undefined ? `At most ${formatMoney(claimableCents, currency)}` : undefined}
      onSave={async (fundingSourceId, amountCents) => {
        const data = {
          ...(fundingSourceId !== claim.fundingSourceId ? { fundingSourceId } : {}),
          ...(amountCents !== claim.amountCents ? { amountCents } : {}),
        };
        // Nothing changed: the form closes without a call.
        if (Object.keys(data).length > 0) await update.mutateAsync({ id: claim.id, data });
      }}
      onDone={onDone}
    />
  );
}

function PaymentForm({ claim, currency, onDone }: { claim: Claim; currency: string; onDone: () => void }) {
  const prefix = useId();
  const { addPayment } = useClaimMutations();
  const left = Math.max(0, (claim.approvedCents ?? 0) - claim.paidCents);
  const [amount, setAmount] = useState(left > 0 ? moneyInputValue(left, currency) : '');
  const [paidOn, setPaidOn] = useState(localToday());
  const [reference, setReference] = useState('');
  const { errors, amount: readRequired, save } = useCardErrors();
  useEffect(() => focusWhenShown(`${prefix}-amount`), [prefix]);
  const submit = async () => {
    const cents = readRequired(amount, currency, 'amountCents', `${prefix}-amount`);
    if (cents === null) return;
    const data = { amountCents: cents, paidOn, ...(reference.trim() ? { reference: reference.trim() } : {}) };
    await save(() => addPayment.mutateAsync({ id: claim.id, data }), onDone);
  };
  return (
    <FormFrame
      label={`Record a payment: claim ${claim.id}`}
      onSubmit={submit}
      errors={errors}
      submit="Record payment"
      pending={addPayment.isPending}
      what="payment"
      onCancel={onDone}
      inCard
    >
      <div className="grid gap-3 sm:grid-cols-3">
        <MoneyField
          id={`${prefix}-amount`}
          label="Amount paid"
          currency={currency}
          value={amount}
          onChange={setAmount}
          error={errors.amountCents}
          hint={`${formatMoney(left, currency)} of the approved amount is still to pay`}
        />
        <TextField
          id={`${prefix}-paid-on`}
          label="Paid on"
          type="date"
          value={paidOn}
          onChange={(event) => setPaidOn(event.target.value)}
          error={errors.paidOn}
        />
        <ShortText id={`${prefix}-reference`} label="Reference" value={reference} onChange={setReference} error={errors.reference} />
      </div>
    </FormFrame>
  );
}

/** One claim of an expense: its funder, amounts, status, history and payments, and what can be done next. */
export function ClaimItem({
  claim,
  sourceName,
  currency,
  sources = [],
  claimableCents,
  onRemoved,
}: {
  claim: Claim;
  sourceName: string;
  currency: string;
  /** The funders a draft can be moved to (the expense's currency). */
  sources?: readonly Pick<FundingSource, 'id' | 'name'>[];
  /** What is left of the expense after the other claims, this one's included. */
  claimableCents?: number;
  /** After the claim is deleted: where focus goes (its expense). */
  onRemoved?: () => void;
}) {
  const [open, setOpen] = useState<ClaimStatus | 'payment' | 'change' | null>(null);
  const { deletePayment, remove } = useClaimMutations();
  const money = (cents: number) => formatMoney(cents, currency);
  const canPay = claim.status === 'approved' || claim.status === 'partially-paid';
  const name = `${sourceName} claim`;
  const close = () => {
    setOpen(null);
    focusWhenShown(`claim-${claim.id}`);
  };
  return (
    <div className="grid gap-2 rounded-lg border border-ink/10 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={`claim-${claim.id}`} tabIndex={-1} className="font-semibold min-w-0 wrap-anywhere text-ink">
          {name}
        </h4>
        <span className={cn('rounded-full px-2 py-0.5 text-sm font-semibold', STATUS_TONES[claim.status])}>
          {STATUS_LABELS[claim.status]}
        </span>
        {claim.noAnswerFlag ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-950">
            No answer for {CLAIM_NO_ANSWER_DAYS} days
          </span>
        ) : null}
      </div>
      <p className="text-sm tabular-nums">
        Asked {money(claim.amountCents)}
        {claim.approvedCents !== null ? ` · Approved ${money(claim.approvedCents)}` : ''}
        {` · Paid ${money(claim.paidCents)}`}
        {claim.reference ? ` · Reference ${claim.reference}` : ''}
      </p>
      <AddedBy author={claim.addedBy} at={claim.createdAt} verb="Claimed" />
      {claim.payments.length > 0 ? (
        <ul aria-label={`Payments: ${name}`} className="grid gap-1 text-sm">
          {claim.payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap items-center gap-2">
              <span className="tabular-nums">
                {money(payment.amountCents)} paid {formatDate(payment.paidOn)}
                {payment.reference ? ` (${payment.reference})` : ''}
              </span>
              <span className="text-ink-muted">
                · <time dateTime={payment.createdAt}>{addedByText(payment.addedBy, payment.createdAt, 'Recorded')}</time>
              </span>
              <RoleGate action={claimActions.deletePayment}>
                <ConfirmDelete
                  label="Delete"
                  accessibleName={`Delete payment of ${money(payment.amountCents)}`}
                  question={`Delete this payment of ${money(payment.amountCents)}?`}
                  pending={deletePayment.isPending}
                  onConfirm={async () => {
                    await deletePayment.mutateAsync({ id: claim.id, paymentId: payment.id });
                    focusWhenShown(`claim-${claim.id}`);
                  }}
                />
              </RoleGate>
            </li>
          ))}
        </ul>
      ) : null}
      {claim.history.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-brand-800 underline underline-offset-4">History</summary>
          <ol className="mt-2 grid gap-1">
            {claim.history.map((change) => (
              <li key={change.id}>
                {formatDate(change.on)}: {STATUS_LABELS[change.toStatus]}
                {change.approvedCents !== null && change.toStatus === 'approved' ? ` (${money(change.approvedCents)})` : ''}
                {change.by ? `, by ${authorName(change.by)}` : ''}
                {change.reference ? ` · Reference ${change.reference}` : ''}
                {change.note ? ` · ${change.note}` : ''}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {open === 'change' ? (
        <ClaimChangeForm
          claim={claim}
          name={name}
          currency={currency}
          sources={
            sources.some((source) => source.id === claim.fundingSourceId)
              ? sources
              : [{ id: claim.fundingSourceId, name: sourceName }, ...sources]
          }
          claimableCents={claimableCents}
          onDone={close}
        />
      ) : open === 'payment' ? (
        <PaymentForm claim={claim} currency={currency} onDone={close} />
      ) : open ? (
        <MoveForm claim={claim} to={open} currency={currency} onDone={close} />
      ) : (
        <div className="flex flex-wrap gap-2">
          {claim.status === 'draft' ? (
            <RoleGate action={claimActions.update}>
              <Button variant="outline" size="sm" aria-label={`Change claim: ${name}`} onClick={() => setOpen('change')}>
                Change claim
              </Button>
            </RoleGate>
          ) : null}
          <RoleGate action={claimActions.move}>
            {claim.nextStatuses.map((to) => (
              <Button key={to} variant="outline" size="sm" aria-label={`${MOVE_LABELS[to]}: ${name}`} onClick={() => setOpen(to)}>
                {MOVE_LABELS[to]}
              </Button>
            ))}
          </RoleGate>
          {canPay ? (
            <RoleGate action={claimActions.addPayment}>
              <Button variant="outline" size="sm" aria-label={`Record a payment: ${name}`} onClick={() => setOpen('payment')}>
                Record a payment
              </Button>
            </RoleGate>
          ) : null}
          <RoleGate action={claimActions.delete}>
            <ConfirmDelete
              label="Delete claim"
              accessibleName={`Delete claim: ${sourceName}`}
              question={`Delete this claim, its history and payments?`}
              pending={remove.isPending}
              onConfirm={async () => {
                await remove.mutateAsync({ id: claim.id });
                onRemoved?.();
              }}
            />
          </RoleGate>
        </div>
      )}
    </div>
  );
}
