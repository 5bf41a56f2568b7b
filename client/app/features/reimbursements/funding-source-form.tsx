import { useEffect, useId, useState } from 'react';
import { moneyInputValue } from '#shared/money.ts';
import {
  DEADLINE_RULES,
  FUNDING_SOURCE_KINDS,
  fundingSourceCreateSchema,
  fundingSourceUpdateSchema,
  REIMBURSEMENT_LIMITS,
  type DeadlineRule,
  type FundingSource,
  type FundingSourceKind,
} from '#shared/schemas/reimbursement.ts';
import { focusWhenShown } from '../../../lib/focus.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField, TextField } from '../../components/form-field.tsx';
import { useHasChanged, useUnsavedChangesWarning } from '../../hooks/use-unsaved-changes-warning.ts';
import { check, useFieldErrors } from './form-errors.ts';
import { FormFrame } from './form-frame.tsx';
import { MoneyField } from './money-field.tsx';
import { DEADLINE_RULE_LABELS, KIND_LABELS } from './reimbursement-labels.ts';
import { currencyCodeOf, readAmount, tidyDeadlines } from './reimbursement-logic.ts';
import { CurrencyField, NotesField, Options } from './shared-fields.tsx';
import { useFundingSourceMutations } from './use-reimbursements.ts';

type RuleChoice = DeadlineRule['kind'] | 'none';
const FIELD_ORDER = ['kind', 'name', 'currency', 'awardCents', 'periodStart', 'periodEnd', 'deadlines', 'deadlineRule', 'notes'];

/** Adds a funding source, or changes one: kind, name, currency, award, period, deadlines, notes. */
export function FundingSourceForm({ source, onDone }: { source?: FundingSource; onDone: (saved: FundingSource | null) => void }) {
  const prefix = useId();
  const id = (field: string) => `${prefix}-${field}`;
  const { create, update } = useFundingSourceMutations();
  const [kind, setKind] = useState<FundingSourceKind>(source?.kind ?? 'esa');
  const [name, setName] = useState(source?.name ?? '');
  const [currency, setCurrency] = useState(source?.currency ?? 'USD');
  const [award, setAward] = useState(source?.awardCents != null ? moneyInputValue(source.awardCents, source.currency) : '');
  const [periodStart, setPeriodStart] = useState(source?.periodStart ?? '');
  const [periodEnd, setPeriodEnd] = useState(source?.periodEnd ?? '');
  const [deadlines, setDeadlines] = useState<string[]>(source?.deadlines ?? []);
  const [rule, setRule] = useState<RuleChoice>(source?.deadlineRule?.kind ?? 'none');
  const [ruleDays, setRuleDays] = useState(source?.deadlineRule?.kind === 'days-after-service' ? String(source.deadlineRule.days) : '30');
  const [notes, setNotes] = useState(source?.notes ?? '');
  const { errors, setErrors, show, save } = useFieldErrors(FIELD_ORDER, id);
  const pending = create.isPending || update.isPending;
  const changed = useHasChanged({ kind, name, currency, award, periodStart, periodEnd, deadlines, rule, ruleDays, notes });
  useUnsavedChangesWarning(changed || pending);
  // The form opens in place of the button that asked for it: focus goes to its first field.
  useEffect(() => focusWhenShown(`${prefix}-kind`), [prefix]);
  const currencyCode = currencyCodeOf(currency);

  const submit = async () => {
    if (pending) return;
    const amount = readAmount(award, currencyCode, { required: false });
    const deadlineRule: DeadlineRule | null =
      rule === 'none' ? null : rule === 'days-after-service' ? { kind: rule, days: Number(ruleDays) } : { kind: rule };
    const input = {
      kind,
      name,
      currency: currency.trim().toUpperCase(),
      awardCents: amount.cents,
      periodStart: periodStart || null,
      periodEnd: periodEnd || null,
      deadlines: tidyDeadlines(deadlines),
      deadlineRule,
      notes: notes.trim() === '' ? null : notes,
    };
    const own = { awardCents: amount.error };
    // Each schema checked on its own, so what is sent is the checked data in the shape its call takes.
    if (source) {
      const checked = check(fundingSourceUpdateSchema, input, own);
      if ('errors' in checked) return show(checked.errors);
      setErrors({});
      await save(() => update.mutateAsync({ id: source.id, data: checked.data }), onDone);
      return;
    }
    const checked = check(fundingSourceCreateSchema, input, own);
    if ('errors' in checked) return show(checked.errors);
    setErrors({});
    await save(() => create.mutateAsync({ data: checked.data }), onDone);
  };

  return (
    <FormFrame
      label={source ? `Edit ${source.name}` : 'Add a funding source'}
      onSubmit={submit}
      errors={errors}
      submit={source ? 'Save funding source' : 'Add funding source'}
      pending={pending}
      what="funding source"
      onCancel={() => onDone(null)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={id('kind')} label="Kind" value={kind} onChange={(event) => setKind(event.target.value as FundingSourceKind)}>
          <Options values={FUNDING_SOURCE_KINDS} labels={KIND_LABELS} />
        </SelectField>
        <TextField
          id={id('name')}
          label="Name"
          limit={REIMBURSEMENT_LIMITS.name}
          autoComplete="off"
          placeholder="e.g. Arizona ESA"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
        />
        <CurrencyField id={id('currency')} hint="Three letters, like USD" value={currency} onChange={setCurrency} error={errors.currency} />
        <MoneyField
          id={id('awardCents')}
          label="Award or limit"
          currency={currencyCode}
          optional
          hint="Leave empty when there is none (an HSA)"
          value={award}
          onChange={setAward}
          error={errors.awardCents}
        />
        <TextField
          id={id('periodStart')}
          label="Period starts"
          type="date"
          optional
          value={periodStart}
          onChange={(event) => setPeriodStart(event.target.value)}
          error={errors.periodStart}
        />
        <TextField
          id={id('periodEnd')}
          label="Period ends"
          type="date"
          optional
          value={periodEnd}
          onChange={(event) => setPeriodEnd(event.target.value)}
          error={errors.periodEnd}
        />
      </div>
      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-semibold text-ink">Submission deadlines</legend>
        <SelectField
          id={id('deadlineRule')}
          label="Repeating deadline"
          value={rule}
          onChange={(event) => setRule(event.target.value as RuleChoice)}
          error={errors.deadlineRule}
        >
          <Options values={['none', ...DEADLINE_RULES] as const} labels={DEADLINE_RULE_LABELS} />
        </SelectField>
        {rule === 'days-after-service' ? (
          <TextField
            id={id('ruleDays')}
            label="Days after the service"
            type="number"
            inputMode="numeric"
            min={1}
            max={REIMBURSEMENT_LIMITS.deadlineDays}
            value={ruleDays}
            onChange={(event) => setRuleDays(event.target.value)}
          />
        ) : null}
        <ul className="grid gap-2">
          {deadlines.map((date, index) => (
            // oxlint-disable-next-line react/no-array-index-key -- the dates are edited in place; their order is the key
            <li key={index} className="flex flex-wrap items-end gap-2">
              <div className="min-w-0 grow">
                <TextField
                  id={id(`deadline-${index}`)}
                  label={`Deadline ${index + 1}`}
                  type="date"
                  value={date}
                  onChange={(event) => setDeadlines((list) => list.map((each, at) => (at === index ? event.target.value : each)))}
                />
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove deadline ${index + 1}`}
                onClick={() => {
                  setDeadlines((list) => list.filter((_, at) => at !== index));
                  focusWhenShown(id('add-deadline'));
                }}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
        {errors.deadlines ? <p className="text-sm font-medium text-red-800">{errors.deadlines}</p> : null}
        <div>
          <Button
            id={id('add-deadline')}
            variant="outline"
            size="sm"
            onClick={() => {
              setDeadlines((list) => [...list, '']);
              // The new date field is there after this render.
              focusWhenShown(id(`deadline-${deadlines.length}`));
            }}
          >
            Add a deadline date
          </Button>
        </div>
      </fieldset>
      <NotesField id={id('notes')} value={notes} onChange={setNotes} error={errors.notes} />
    </FormFrame>
  );
}
