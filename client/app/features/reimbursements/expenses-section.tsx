import { useEffect, type ReactNode } from 'react';
import {
  CLAIM_STATUSES,
  EXPENSE_CATEGORIES,
  type ClaimStatus,
  type ExpenseCategory,
  type ExpenseList,
  type FundingSource,
  REIMBURSEMENT_LIMITS,
} from '#shared/schemas/reimbursement.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { SelectField } from '../../components/form-field.tsx';
import { ExpenseItem } from './expense-item.tsx';
import { CATEGORY_LABELS, STATUS_LABELS } from './reimbursement-labels.ts';
import { clampedOffset } from './reimbursement-logic.ts';
import { Options, SourceOptions } from './shared-fields.tsx';

export const EXPENSES_PAGE_SIZE = REIMBURSEMENT_LIMITS.defaultPageSize;

export interface ExpenseFilters {
  category: ExpenseCategory | '';
  fundingSourceId: string;
  status: ClaimStatus | '';
  offset: number;
}

export const NO_FILTERS: ExpenseFilters = { category: '', fundingSourceId: '', status: '', offset: 0 };

interface ExpensesQuery {
  data: ExpenseList | undefined;
  isPending: boolean;
  isError: boolean;
  fetchStatus: string;
  refetch: () => unknown;
}

/** One filter of the list: its first choice, "every" one, filters nothing. */
function FilterSelect({
  id,
  label,
  every,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  every: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <SelectField id={id} label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{every}</option>
      {children}
    </SelectField>
  );
}

/** The expenses of the period, filtered by category, funder and claim status, a page at a time. */
export function ExpensesSection({
  query,
  sources,
  filters,
  onFilters,
  onDeleted,
}: {
  query: ExpensesQuery;
  sources: readonly FundingSource[];
  filters: ExpenseFilters;
  onFilters: (next: ExpenseFilters) => void;
  onDeleted: () => void;
}) {
  const set = (change: Partial<ExpenseFilters>) => onFilters({ ...filters, offset: 0, ...change });
  const total = query.data?.total ?? 0;
  const items = query.data?.items ?? [];
  const first = total === 0 ? 0 : filters.offset + 1;
  const last = filters.offset + items.length;
  // Deleting the only expense of the last page would leave an empty page with no pager: go back a page.
  const clamped = query.data ? clampedOffset(filters.offset, total, EXPENSES_PAGE_SIZE) : null;
  useEffect(() => {
    if (clamped !== null) onFilters({ ...filters, offset: clamped });
  }, [clamped, filters, onFilters]);
  const filtered = filters.category !== '' || filters.fundingSourceId !== '' || filters.status !== '';
  let body;
  if (query.data) {
    body =
      items.length === 0 ? (
        <p className="text-ink-muted">{filtered ? 'No expense matches these filters.' : 'No expense in this period.'}</p>
      ) : (
        <ul className="grid gap-3">
          {items.map((expense) => (
            <li key={expense.id}>
              <ExpenseItem expense={expense} sources={sources} onDeleted={onDeleted} />
            </li>
          ))}
        </ul>
      );
  } else if (query.isError) {
    body = <LoadFailed message="We could not load the expenses just now." onRetry={() => void query.refetch()} />;
  } else if (query.fetchStatus === 'paused') {
    body = <p className="text-ink-muted">You&apos;re offline. The expenses will show when you&apos;re back online.</p>;
  } else {
    body = <Spinner size="small" label="Loading the expenses" showLabel />;
  }
  return (
    <section aria-labelledby="expenses-heading" className="grid gap-4">
      <h2 id="expenses-heading" tabIndex={-1} className="text-2xl font-bold text-ink">
        Expenses
      </h2>
      <div role="group" aria-label="Filter the expenses" className="grid gap-3 sm:grid-cols-3">
        <FilterSelect
          id="expense-filter-category"
          label="Category"
          every="Every category"
          value={filters.category}
          onChange={(category) => set({ category: category as ExpenseCategory | '' })}
        >
          <Options values={EXPENSE_CATEGORIES} labels={CATEGORY_LABELS} />
        </FilterSelect>
        <FilterSelect
          id="expense-filter-source"
          label="Funding source"
          every="Every funding source"
          value={filters.fundingSourceId}
          onChange={(fundingSourceId) => set({ fundingSourceId })}
        >
          <SourceOptions sources={sources} />
        </FilterSelect>
        <FilterSelect
          id="expense-filter-status"
          label="Claim status"
          every="Any status"
          value={filters.status}
          onChange={(status) => set({ status: status as ClaimStatus | '' })}
        >
          <Options values={CLAIM_STATUSES} labels={STATUS_LABELS} />
        </FilterSelect>
      </div>
      {body}
      {total > EXPENSES_PAGE_SIZE ? (
        <nav aria-label="Expense pages" className="flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            size="sm"
            disabled={filters.offset === 0}
            onClick={() => onFilters({ ...filters, offset: Math.max(0, filters.offset - EXPENSES_PAGE_SIZE) })}
          >
            Previous
          </Button>
          <p className="text-sm" aria-live="polite">
            {first}–{last} of {total}
          </p>
          <Button
            variant="outline"
            size="sm"
            disabled={last >= total}
            onClick={() => onFilters({ ...filters, offset: filters.offset + EXPENSES_PAGE_SIZE })}
          >
            Next
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
