import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { moneyInputValue } from '#shared/money.ts';
import { DOCUMENT_ACCEPT } from '#shared/schemas/document.ts';
import { guideTemplatePath, LETTER_OF_MEDICAL_NECESSITY_TEMPLATE } from '#shared/guide.ts';
import { expenseCreateSchema, type Expense, type FundingSource, type ReceiptChecklistItem } from '#shared/schemas/reimbursement.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { localToday } from '../../../lib/dates.ts';
import { SelectField } from '../../components/form-field.tsx';
import { useOnline } from '../../hooks/use-online.ts';
import { useHasChanged, useUnsavedChangesWarning } from '../../hooks/use-unsaved-changes-warning.ts';
import { ExpenseFields, type ExpenseFieldValues } from './expense-fields.tsx';
import { check, useFieldErrors } from './form-errors.ts';
import { FormFrame } from './form-frame.tsx';
import { CHECKLIST_LABELS, PHOTO_NO_PROPOSAL, PROPOSED_NOTE } from './reimbursement-labels.ts';
import {
  applyProposal,
  checklistFor,
  currencyCodeOf,
  defaultsForProvider,
  readAmount,
  sourcesForCurrency,
  type ProposedField,
} from './reimbursement-logic.ts';
import { CurrencyField, SourceOptions } from './shared-fields.tsx';
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
  const [draft, setDraft] = useState<ExpenseFieldValues>({
    provider: '',
    amount: '',
    serviceDate: localToday(),
    serviceEndDate: '',
    category: 'therapy',
    paidOn: localToday(),
    paidBy: '',
    notes: '',
  });
  const [proposed, setProposed] = useState<ProposedField[]>([]);
  // The latest of both for the proposal, which arrives after an upload the parent may have typed during.
  const latest = useRef({ draft, proposed });
  const write = (next: { draft: typeof draft; proposed: ProposedField[] }) => {
    latest.current = next;
    setDraft(next.draft);
    setProposed(next.proposed);
  };
  const [currency, setCurrency] = useState(sources[0]?.currency ?? 'USD');
  const [paidDirectlyByChoice, setPaidDirectlyBy] = useState('');
  const [claimFromChoice, setClaimFrom] = useState('');
  const [checklist, setChecklist] = useState<ReceiptChecklistItem[]>([]);
  const { errors, setErrors, show, save } = useFieldErrors(FIELD_ORDER, id);
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
  const changed = useHasChanged({ draft, currency, paidDirectlyByChoice, claimFromChoice, linked, checklist });
  useUnsavedChangesWarning(changed || pending);
  const currencyCode = currencyCodeOf(currency);
  const sameCurrency = sourcesForCurrency(sources, currencyCode);
  // A funder chosen before the currency changed is no longer offered: it is not sent either.
  const ofCurrency = (choice: string) => (sameCurrency.some((source) => String(source.id) === choice) ? choice : '');
  const paidDirectlyBy = ofCurrency(paidDirectlyByChoice);
  const claimFrom = ofCurrency(claimFromChoice);
  const checklistSource = sources.find((source) => String(source.id) === (paidDirectlyBy || claimFrom));
  const checklistItems = checklistFor(checklistSource?.kind);

  /** A change the parent made: a field proposed from the receipt is no longer marked as such. */
  const edit = (patch: Partial<ExpenseFieldValues>) => {
    const { draft: current, proposed: marked } = latest.current;
    write({ draft: { ...current, ...patch }, proposed: marked.filter((each) => !(each in patch)) });
  };

  /** What the family chose last time for this provider: the category and the funder, unless changed here. */
  const rememberFor = (provider: string) => {
    const remembered = defaultsForProvider(providers.data ?? [], provider);
    if (!remembered) return;
    if (!touched.current.category) edit({ category: remembered.category });
    if (
      !touched.current.claimFrom &&
      remembered.fundingSourceId !== null &&
      sameCurrency.some((source) => source.id === remembered.fundingSourceId)
    )
      setClaimFrom(String(remembered.fundingSourceId));
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

  const submit = async () => {
    if (pending) return;
    const amount = readAmount(draft.amount, currencyCode);
    const input = {
      provider: draft.provider,
      category: draft.category,
      serviceDate: draft.serviceDate,
      serviceEndDate: draft.serviceEndDate || null,
      amountCents: amount.cents ?? undefined,
      currency: currency.trim().toUpperCase(),
      paidOn: draft.paidOn || null,
      paidBy: draft.paidBy.trim() || null,
      paidDirectlyBy: paidDirectlyBy ? Number(paidDirectlyBy) : null,
      notes: draft.notes.trim() || null,
      documentIds: linked,
      checklist: checklistItems.filter((item) => checklist.includes(item)),
    };
    const checked = check(expenseCreateSchema, input, { amountCents: amount.error });
    if ('errors' in checked) {
      show(checked.errors);
      return;
    }
    setErrors({});
    await save(
      () => create.mutateAsync({ data: checked.data }),
      async (expense) => {
        if (claimFrom && !paidDirectlyBy && expense.claimableCents > 0) {
          // The claim is a second call: when it is refused the expense stays, and "Claim it" is on its card.
          await claims.create
            .mutateAsync({ expenseId: expense.id, data: { fundingSourceId: Number(claimFrom), amountCents: expense.claimableCents } })
            .catch(() => undefined);
        }
        alive.current = false;
        onDone(expense);
      },
    );
  };

  const proposedHint = (field: ProposedField) => (proposed.includes(field) ? PROPOSED_NOTE : undefined);
  const linkable = (vault.data?.items ?? []).filter((document) => LINKABLE_CATEGORIES.includes(document.category));

  return (
    <FormFrame
      label="Add an expense"
      onSubmit={submit}
      errors={errors}
      submit="Add expense"
      pending={pending}
      what="expense"
      onCancel={() => {
        alive.current = false;
        onDone(null);
      }}
    >
      <div className="grid gap-2 rounded-lg border border-dashed border-brand-800/40 p-3">
        <label htmlFor={id('receipt')} className="text-sm font-semibold text-ink">
          Receipt photo or PDF <span className="font-normal text-ink-muted">(optional)</span>
        </label>
        <input
          id={id('receipt')}
          type="file"
          accept={DOCUMENT_ACCEPT}
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
            <Link to={guideTemplatePath(LETTER_OF_MEDICAL_NECESSITY_TEMPLATE)} className="text-brand-800 underline underline-offset-4">
              Write a letter of medical necessity
            </Link>
          </p>
        </div>
      </details>

      <ExpenseFields
        id={id}
        values={draft}
        onChange={(patch) => {
          if ('category' in patch) touched.current.category = true;
          edit(patch);
        }}
        errors={errors}
        currency={currencyCode}
        hints={{
          provider: proposedHint('provider'),
          amount: proposedHint('amount'),
          serviceDate: proposedHint('serviceDate'),
          serviceEndDate: 'For a range of sessions',
        }}
        adding={{ providers: (providers.data ?? []).map((each) => each.provider), onProviderBlur: rememberFor }}
        afterCategory={<CurrencyField id={id('currency')} value={currency} onChange={setCurrency} error={errors.currency} />}
        beforeNotes={
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
                  onChange={(event) =>
                    setChecklist((list) => (event.target.checked ? [...list, item] : list.filter((each) => each !== item)))
                  }
                />
                {CHECKLIST_LABELS[item]}
              </label>
            ))}
          </fieldset>
        }
        gap="gap-4"
      >
        <SelectField
          id={id('paidDirectlyBy')}
          label="Paid directly by a funder"
          value={paidDirectlyBy}
          onChange={(event) => setPaidDirectlyBy(event.target.value)}
          error={errors.paidDirectlyBy}
          hint="An ESA marketplace purchase, a district-paid evaluation"
        >
          <option value="">No, the family paid</option>
          <SourceOptions sources={sameCurrency} />
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
            <SourceOptions sources={sameCurrency} />
          </SelectField>
        ) : null}
      </ExpenseFields>
    </FormFrame>
  );
}
