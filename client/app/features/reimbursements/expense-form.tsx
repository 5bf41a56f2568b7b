import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { moneyInputValue } from '#shared/money.ts';
import { todayIso } from '#shared/schemas/dates.ts';
import {
  EXPENSE_CATEGORIES,
  expenseCreateSchema,
  REIMBURSEMENT_LIMITS,
  type Expense,
  type ExpenseCategory,
  type FundingSource,
  type ReceiptChecklistItem,
} from '#shared/schemas/reimbursement.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { focusFirstError } from '../../../lib/field-errors.ts';
import { FormAlert, SelectField, TextAreaField, TextField } from '../../components/form-field.tsx';
import { OfflineNotice, SubmitButton } from '../../components/saving-offline.tsx';
import { useOnline } from '../../hooks/use-online.ts';
import { check, FORM_ERROR, saveErrors } from './form-errors.ts';
import { LMN_PATH } from './lmn-path.ts';
import { MoneyField } from './money-field.tsx';
import { CATEGORY_LABELS, CHECKLIST_LABELS, PHOTO_NO_PROPOSAL, PROPOSED_NOTE } from './reimbursement-labels.ts';
import {
  applyProposal,
  checklistFor,
  defaultsForProvider,
  readAmount,
  sourcesForCurrency,
  type ProposedField,
} from './reimbursement-logic.ts';
import {
  failureText,
  LINKABLE_CATEGORIES,
  useClaimMutations,
  useExpenseMutations,
  useLinkableDocuments,
  useProposal,
  useProviderDefaults,
  useUploadReceipt,
  type UploadedReceipt,
} from './use-reimbursements.ts';

type ReceiptState =
  | { step: 'none' }
  | { step: 'uploading'; fileName: string }
  | { step: 'failed'; message: string }
  | { step: 'added'; document: UploadedReceipt; reading: 'reading' | 'proposed' | 'nothing' | 'photo' | 'failed' };

const FIELD_ORDER = ['receipt', 'provider', 'serviceDate', 'serviceEndDate', 'amountCents', 'currency', 'category', 'paidOn', 'paidBy'];

/**
 * Adds an expense in one form: the receipt first (it lands in the vault under `receipt` and is
 * linked), whose text proposes the provider, date and amount for the parent to check; then the rest.
 */
export function ExpenseForm({ sources, onDone }: { sources: readonly FundingSource[]; onDone: (saved: Expense | null) => void }) {
  const prefix = useId();
  const id = (field: string) => `${prefix}-${field}`;
  const online = useOnline();
  const upload = useUploadReceipt();
  const propose = useProposal();
  const providers = useProviderDefaults();
  const { create } = useExpenseMutations();
  const claims = useClaimMutations();
  const [receipt, setReceipt] = useState<ReceiptState>({ step: 'none' });
  const [linked, setLinked] = useState<number[]>([]);
  const [showVault, setShowVault] = useState(false);
  const vault = useLinkableDocuments(showVault);
  const [draft, setDraft] = useState({ provider: '', serviceDate: todayIso(), serviceEndDate: '', amount: '' });
  const [proposed, setProposed] = useState<ProposedField[]>([]);
  // The latest of both for the proposal, which arrives after an upload the parent may have typed during.
  const latest = useRef({ draft, proposed });
  const write = (next: { draft: typeof draft; proposed: ProposedField[] }) => {
    latest.current = next;
    setDraft(next.draft);
    setProposed(next.proposed);
  };
  const [currency, setCurrency] = useState(sources[0]?.currency ?? 'USD');
  const [category, setCategory] = useState<ExpenseCategory>('therapy');
  const [paidOn, setPaidOn] = useState(todayIso());
  const [paidBy, setPaidBy] = useState('');
  const [paidDirectlyBy, setPaidDirectlyBy] = useState('');
  const [claimFrom, setClaimFrom] = useState('');
  const [notes, setNotes] = useState('');
  const [checklist, setChecklist] = useState<ReceiptChecklistItem[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const touched = useRef({ category: false, claimFrom: false });
  const alive = useRef(true);
  // A proposal still being asked for stops asking once the form is gone.
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const pending = create.isPending || claims.create.isPending;
  const currencyCode = /^[A-Za-z]{3}$/.test(currency.trim()) ? currency.trim().toUpperCase() : 'USD';
  const sameCurrency = sourcesForCurrency(sources, currencyCode);
  const checklistSource = sources.find((source) => String(source.id) === (paidDirectlyBy || claimFrom));
  const checklistItems = checklistFor(checklistSource?.kind);

  /** What the family chose last time for this provider: the category and the funder, unless changed here. */
  const rememberFor = (provider: string) => {
    const remembered = defaultsForProvider(providers.data ?? [], provider);
    if (!remembered) return;
    if (!touched.current.category) setCategory(remembered.category);
    if (
      !touched.current.claimFrom &&
      remembered.fundingSourceId !== null &&
      sources.some((source) => source.id === remembered.fundingSourceId)
    )
      setClaimFrom(String(remembered.fundingSourceId));
  };

  const edit = (field: 'provider' | 'serviceDate' | 'serviceEndDate' | 'amount', value: string) => {
    const { draft: current, proposed: marked } = latest.current;
    write({ draft: { ...current, [field]: value }, proposed: marked.filter((each) => each !== field) });
  };

  const addReceipt = async (file: File) => {
    setReceipt({ step: 'uploading', fileName: file.name });
    let document: UploadedReceipt;
    try {
      document = await upload(file);
    } catch (error) {
      setReceipt({ step: 'failed', message: failureText(error, 'The receipt could not be added. Please try again.') });
      return;
    }
    const isPdf = document.mediaType === 'application/pdf';
    setLinked((list) => [...new Set([...list, document.id])]);
    setReceipt({ step: 'added', document, reading: isPdf ? 'reading' : 'photo' });
    if (!isPdf) return;
    try {
      const proposal = await propose(document.id, true, () => alive.current);
      if (!proposal || !proposal.hasText || (!proposal.provider && !proposal.serviceDate && proposal.amountCents === null)) {
        setReceipt({ step: 'added', document, reading: 'nothing' });
        return;
      }
      const result = applyProposal(latest.current.draft, latest.current.proposed, proposal, (cents) =>
        moneyInputValue(cents, currencyCode),
      );
      write(result);
      if (result.proposed.includes('provider')) rememberFor(result.draft.provider);
      setReceipt({ step: 'added', document, reading: 'proposed' });
    } catch {
      setReceipt({ step: 'added', document, reading: 'failed' });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const amount = readAmount(draft.amount, currencyCode);
    const input = {
      provider: draft.provider,
      category,
      serviceDate: draft.serviceDate,
      serviceEndDate: draft.serviceEndDate || null,
      amountCents: amount.cents ?? undefined,
      currency: currency.trim().toUpperCase(),
      paidOn: paidOn || null,
      paidBy: paidBy.trim() || null,
      paidDirectlyBy: paidDirectlyBy ? Number(paidDirectlyBy) : null,
      notes: notes.trim() || null,
      documentIds: linked,
      checklist: checklistItems.filter((item) => checklist.includes(item)),
    };
    const checked = check(expenseCreateSchema, input);
    const found = { ...('errors' in checked ? checked.errors : {}), ...(amount.error ? { amountCents: amount.error } : {}) };
    if (Object.keys(found).length > 0 || !('data' in checked)) {
      setErrors(found);
      focusFirstError(found, FIELD_ORDER, id);
      return;
    }
    setErrors({});
    let expense: Expense;
    try {
      expense = await create.mutateAsync({ data: checked.data });
    } catch (error) {
      const failed = saveErrors(error);
      setErrors(failed);
      focusFirstError(failed, FIELD_ORDER, id);
      return;
    }
    if (claimFrom && !paidDirectlyBy && expense.claimableCents > 0) {
      // The claim is a second call: when it is refused the expense stays, and "Claim it" is on its card.
      await claims.create
        .mutateAsync({ expenseId: expense.id, data: { fundingSourceId: Number(claimFrom), amountCents: expense.claimableCents } })
        .catch(() => undefined);
    }
    alive.current = false;
    onDone(expense);
  };

  const proposedHint = (field: ProposedField) => (proposed.includes(field) ? PROPOSED_NOTE : undefined);
  const linkable = (vault.data?.items ?? []).filter((document) => LINKABLE_CATEGORIES.includes(document.category));

  return (
    <form aria-label="Add an expense" noValidate onSubmit={(event) => void submit(event)} className="grid gap-4">
      <FormAlert>{errors[FORM_ERROR]}</FormAlert>
      <div className="grid gap-2 rounded-lg border border-dashed border-brand-800/40 p-3">
        <label htmlFor={id('receipt')} className="text-sm font-semibold text-ink">
          Receipt photo or PDF <span className="font-normal text-ink-muted">(optional)</span>
        </label>
        <input
          id={id('receipt')}
          type="file"
          accept="application/pdf,image/jpeg,image/png,image/webp,image/heic"
          disabled={!online || receipt.step === 'uploading'}
          aria-describedby={id('receipt-status')}
          className="block w-full max-w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-brand-800 file:bg-white file:px-3 file:font-semibold file:text-brand-800"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void addReceipt(file);
            event.target.value = '';
          }}
        />
        <div id={id('receipt-status')} role="status" className="text-sm">
          {receipt.step === 'none' ? (
            <span className="text-ink-muted">It is kept in the vault as a receipt and linked to this expense.</span>
          ) : receipt.step === 'uploading' ? (
            <Spinner size="small" label={`Adding ${receipt.fileName} to the vault`} showLabel />
          ) : receipt.step === 'failed' ? (
            <span className="font-medium text-red-800">{receipt.message}</span>
          ) : (
            <span>
              {receipt.document.title} is in the vault as a receipt.{' '}
              {receipt.reading === 'reading'
                ? 'Reading it…'
                : receipt.reading === 'proposed'
                  ? 'We filled in what it shows: check each field.'
                  : receipt.reading === 'photo'
                    ? PHOTO_NO_PROPOSAL
                    : receipt.reading === 'nothing'
                      ? 'We found nothing to fill in from its text.'
                      : 'We could not read it just now: fill in the details.'}
            </span>
          )}
        </div>
        {!online ? (
          <p className="text-sm text-ink-muted">You&apos;re offline. Adding a receipt waits until you&apos;re back online.</p>
        ) : null}
      </div>

      <details className="text-sm" onToggle={(event) => setShowVault(event.currentTarget.open)}>
        <summary className="cursor-pointer font-semibold text-brand-800 underline underline-offset-4">
          Link documents already in the vault{linked.length > 0 ? ` (${linked.length} linked)` : ''}
        </summary>
        <div className="mt-2 grid gap-2">
          {vault.isPending && showVault ? <Spinner size="small" label="Loading the vault" showLabel /> : null}
          {vault.isError ? <p>We could not load the vault just now.</p> : null}
          {vault.data && linkable.length === 0 ? (
            <p className="text-ink-muted">No receipt, superbill, invoice, EOB or letter in the vault yet.</p>
          ) : null}
          {linkable.length > 0 ? (
            <fieldset className="grid gap-1">
              <legend className="sr-only">Documents to link</legend>
              {linkable.map((document) => (
                <label key={document.id} className="flex items-start gap-2 min-w-0 wrap-anywhere">
                  <input
                    type="checkbox"
                    className="mt-1 size-4 shrink-0 accent-brand-800"
                    checked={linked.includes(document.id)}
                    onChange={(event) =>
                      setLinked((list) => (event.target.checked ? [...list, document.id] : list.filter((each) => each !== document.id)))
                    }
                  />
                  <span className="min-w-0">{document.title}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
          <p>
            Need one from the doctor?{' '}
            <Link to={LMN_PATH} className="text-brand-800 underline underline-offset-4">
              Write a letter of medical necessity
            </Link>
          </p>
        </div>
      </details>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={id('provider')}
          label="Provider"
          limit={REIMBURSEMENT_LIMITS.provider}
          autoComplete="off"
          list={id('providers')}
          placeholder="e.g. Bright Minds Therapy"
          value={draft.provider}
          onChange={(event) => edit('provider', event.target.value)}
          onBlur={(event) => rememberFor(event.target.value)}
          error={errors.provider}
          hint={proposedHint('provider')}
        />
        <datalist id={id('providers')}>
          {(providers.data ?? []).map((each) => (
            <option key={each.provider} value={each.provider}>
              {each.provider}
            </option>
          ))}
        </datalist>
        <MoneyField
          id={id('amountCents')}
          label="Amount paid"
          currency={currencyCode}
          value={draft.amount}
          onChange={(value) => edit('amount', value)}
          error={errors.amountCents}
          proposed={proposedHint('amount')}
        />
        <TextField
          id={id('serviceDate')}
          label="Date of service"
          type="date"
          value={draft.serviceDate}
          onChange={(event) => edit('serviceDate', event.target.value)}
          error={errors.serviceDate}
          hint={proposedHint('serviceDate')}
        />
        <TextField
          id={id('serviceEndDate')}
          label="Service ended"
          type="date"
          optional
          value={draft.serviceEndDate}
          onChange={(event) => edit('serviceEndDate', event.target.value)}
          error={errors.serviceEndDate}
          hint="For a range of sessions"
        />
        <SelectField
          id={id('category')}
          label="Category"
          value={category}
          onChange={(event) => {
            touched.current.category = true;
            setCategory(event.target.value as ExpenseCategory);
          }}
          error={errors.category}
        >
          {EXPENSE_CATEGORIES.map((each) => (
            <option key={each} value={each}>
              {CATEGORY_LABELS[each]}
            </option>
          ))}
        </SelectField>
        <TextField
          id={id('currency')}
          label="Currency"
          autoComplete="off"
          value={currency}
          onChange={(event) => setCurrency(event.target.value)}
          error={errors.currency}
          className="uppercase"
        />
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
          placeholder="e.g. HSA debit card"
          value={paidBy}
          onChange={(event) => setPaidBy(event.target.value)}
          error={errors.paidBy}
        />
        <SelectField
          id={id('paidDirectlyBy')}
          label="Paid directly by a funder"
          value={paidDirectlyBy}
          onChange={(event) => setPaidDirectlyBy(event.target.value)}
          error={errors.paidDirectlyBy}
          hint="An ESA marketplace purchase, a district-paid evaluation"
        >
          <option value="">No, the family paid</option>
          {sameCurrency.map((source) => (
            <option key={source.id} value={source.id}>
              {source.name}
            </option>
          ))}
        </SelectField>
        {!paidDirectlyBy ? (
          <SelectField
            id={id('claimFrom')}
            label="Claim it from"
            value={claimFrom}
            onChange={(event) => {
              touched.current.claimFrom = true;
              setClaimFrom(event.target.value);
            }}
            hint="A draft claim for the whole amount; change it on the expense later"
          >
            <option value="">Not now</option>
            {sameCurrency.map((source) => (
              <option key={source.id} value={source.id}>
                {source.name}
              </option>
            ))}
          </SelectField>
        ) : null}
      </div>

      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-semibold text-ink">
          What the receipt shows{checklistSource ? ` (what ${checklistSource.name} asks for)` : ''}
        </legend>
        {checklistItems.map((item) => (
          <label key={item} className="flex items-center gap-2 text-ink">
            <input
              type="checkbox"
              className="size-4 accent-brand-800"
              checked={checklist.includes(item)}
              onChange={(event) => setChecklist((list) => (event.target.checked ? [...list, item] : list.filter((each) => each !== item)))}
            />
            {CHECKLIST_LABELS[item]}
          </label>
        ))}
      </fieldset>

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
        <SubmitButton pending={pending}>Add expense</SubmitButton>
        <Button
          variant="ghost"
          onClick={() => {
            alive.current = false;
            onDone(null);
          }}
        >
          Cancel
        </Button>
        <OfflineNotice pending={pending} what="expense" />
      </div>
    </form>
  );
}
