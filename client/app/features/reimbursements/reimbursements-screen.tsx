import { useMemo, useState } from 'react';
import { expenseActions, fundingSourceActions } from '#shared/schemas/reimbursement.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { localToday } from '../../../lib/dates.ts';
import { focusWhenShown } from '../../../lib/focus.ts';
import { RoleGate, ViewOnlyNote } from '../../components/child-role.tsx';
import { SelectField, TextField } from '../../components/form-field.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { ExpenseForm } from './expense-form.tsx';
import { expenseHeadingId } from './expense-item.tsx';
import { EXPENSES_PAGE_SIZE, ExpensesSection, NO_FILTERS, type ExpenseFilters } from './expenses-section.tsx';
import { FundingSourcesSection } from './funding-sources-section.tsx';
import { pickableYears, yearPeriod, type Period } from './reimbursement-logic.ts';
import { SummarySection } from './summary-section.tsx';
import { useExpenses, useFundingSources, useSummary } from './use-reimbursements.ts';

/** This calendar year by default, another year, or dates of the parent's choosing. */
function PeriodPicker({
  today,
  choice,
  onChoice,
  custom,
  onCustom,
}: {
  today: string;
  choice: string;
  onChoice: (choice: string) => void;
  custom: Partial<Period>;
  onCustom: (period: Partial<Period>) => void;
}) {
  return (
    <div role="group" aria-label="Period" className="grid gap-3 sm:grid-cols-3">
      <SelectField id="reimbursement-year" label="Period" value={choice} onChange={(event) => onChoice(event.target.value)}>
        {pickableYears(today).map((year) => (
          <option key={year} value={String(year)}>
            {year}
          </option>
        ))}
        <option value="custom">Dates of my choosing</option>
      </SelectField>
      {choice === 'custom' ? (
        <>
          <TextField
            id="reimbursement-from"
            label="From"
            type="date"
            value={custom.from ?? ''}
            onChange={(event) => onCustom({ ...custom, from: event.target.value || undefined })}
          />
          <TextField
            id="reimbursement-to"
            label="To"
            type="date"
            value={custom.to ?? ''}
            onChange={(event) => onCustom({ ...custom, to: event.target.value || undefined })}
          />
        </>
      ) : null}
    </div>
  );
}

/** Before anything is kept: what this screen does, and the two ways to start. */
function FirstRun({ onAddSource, onAddExpense }: { onAddSource: () => void; onAddExpense: () => void }) {
  return (
    <section
      aria-labelledby="reimbursements-start"
      className="grid max-w-2xl gap-4 rounded-2xl border border-dashed border-brand-800/40 bg-white p-6"
    >
      <h2 id="reimbursements-start" className="text-2xl font-bold text-ink">
        Get money back for therapy, tutoring and more
      </h2>
      <p className="text-ink">
        Add each funder that pays you back (an ESA, an HSA or FSA, insurance, the school district, a grant) with its award and deadlines.
        Then add what you paid, with the receipt: Trelli keeps it in the vault, tracks each claim until it is paid, warns you before a
        deadline, and exports what a funder asks for.
      </p>
      {/* Each button on its own action (an updater may add an expense only); the note when neither is allowed. */}
      <RoleGate
        action={expenseActions.create}
        otherwise={
          <RoleGate action={fundingSourceActions.create} otherwise={<p className="text-ink-muted">Nothing has been added yet.</p>}>
            <div className="flex flex-wrap gap-3">
              <Button onClick={onAddSource}>Add a funding source</Button>
            </div>
          </RoleGate>
        }
      >
        <div className="flex flex-wrap gap-3">
          <RoleGate action={fundingSourceActions.create}>
            <Button onClick={onAddSource}>Add a funding source</Button>
          </RoleGate>
          <Button variant="outline" onClick={onAddExpense}>
            Add an expense
          </Button>
        </div>
      </RoleGate>
    </section>
  );
}

/** /reimbursements: the summary per funder and out of pocket, the expenses and their claims, the funding sources. */
export function ReimbursementsScreen({ childName }: { childName: string }) {
  const today = localToday();
  const [choice, setChoice] = useState(today.slice(0, 4));
  const [custom, setCustom] = useState<Partial<Period>>({});
  const period: Partial<Period> = choice === 'custom' ? custom : yearPeriod(Number(choice));
  const [filters, setFilters] = useState<ExpenseFilters>(NO_FILTERS);
  const [addingExpense, setAddingExpense] = useState(false);
  const [addingSource, setAddingSource] = useState(false);

  const sources = useFundingSources();
  const summary = useSummary(period);
  const expenses = useExpenses({
    ...(period.from ? { from: period.from } : {}),
    ...(period.to ? { to: period.to } : {}),
    ...(filters.category ? { category: filters.category } : {}),
    ...(filters.fundingSourceId ? { fundingSourceId: Number(filters.fundingSourceId) } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    limit: EXPENSES_PAGE_SIZE,
    offset: filters.offset,
  });
  const providers = useMemo(() => new Map((expenses.data?.items ?? []).map((expense) => [expense.id, expense.provider])), [expenses.data]);

  const startExpense = () => {
    setAddingExpense(true);
    focusWhenShown('add-expense-heading');
  };
  const startSource = () => {
    setAddingSource(true);
  };

  let body;
  if (sources.data && summary.data) {
    const sourceList = sources.data;
    // Decided on unfiltered data: a filter that matches nothing must not hide the filters.
    const unfiltered = filters.category === '' && filters.fundingSourceId === '' && filters.status === '' && filters.offset === 0;
    const nothingYet =
      sourceList.length === 0 &&
      unfiltered &&
      expenses.data?.total === 0 &&
      choice === today.slice(0, 4) &&
      !addingSource &&
      !addingExpense;
    body = (
      <>
        {nothingYet ? <FirstRun onAddSource={startSource} onAddExpense={startExpense} /> : null}
        {addingExpense ? (
          <section aria-labelledby="add-expense-heading" className="grid gap-3 rounded-2xl border border-brand-700 bg-white p-4 sm:p-6">
            <h2 id="add-expense-heading" tabIndex={-1} className="text-2xl font-bold text-ink">
              Add an expense
            </h2>
            <ExpenseForm
              sources={sourceList}
              onDone={(saved) => {
                setAddingExpense(false);
                focusWhenShown(saved ? expenseHeadingId(saved.id) : 'add-expense');
              }}
            />
          </section>
        ) : null}
        {!nothingYet ? (
          <>
            <SummarySection summary={summary.data} today={today} providerOf={(id) => providers.get(id) ?? null} period={period} />
            <ExpensesSection
              query={expenses}
              sources={sourceList}
              filters={filters}
              onFilters={setFilters}
              onDeleted={() => focusWhenShown('expenses-heading')}
            />
          </>
        ) : null}
        {!nothingYet || addingSource ? (
          <FundingSourcesSection sources={sourceList} adding={addingSource} setAdding={setAddingSource} />
        ) : null}
      </>
    );
  } else if (sources.isError || summary.isError) {
    body = (
      <LoadFailed
        message="We could not load the reimbursements just now. Please check your connection and try again."
        onRetry={() => {
          void sources.refetch();
          void summary.refetch();
          // The expenses failed with them, and have no "Try again" of their own until the screen shows.
          if (expenses.isError) void expenses.refetch();
        }}
      />
    );
  } else if (sources.fetchStatus === 'paused' || summary.fetchStatus === 'paused') {
    body = <p className="text-ink-muted">You&apos;re offline. The reimbursements will show when you&apos;re back online.</p>;
  } else {
    body = <Spinner size="medium" label="Loading the reimbursements" showLabel />;
  }

  return (
    <div className="grid min-w-0 gap-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid max-w-2xl gap-1">
          <h1 className="text-3xl font-bold text-ink">Reimbursements</h1>
          <p className="text-ink-muted">What you paid for {childName}, what each funder owes back, and the deadlines to meet.</p>
          <ViewOnlyNote />
        </div>
        {!addingExpense ? (
          <RoleGate action={expenseActions.create}>
            <Button id="add-expense" onClick={startExpense}>
              Add an expense
            </Button>
          </RoleGate>
        ) : null}
      </div>
      <PeriodPicker
        today={today}
        choice={choice}
        onChoice={(next) => {
          setChoice(next);
          setFilters((current) => ({ ...current, offset: 0 }));
        }}
        custom={custom}
        onCustom={(next) => {
          setCustom(next);
          setFilters((current) => ({ ...current, offset: 0 }));
        }}
      />
      {body}
    </div>
  );
}
