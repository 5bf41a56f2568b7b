import { useState } from 'react';
import { formatMoney } from '#shared/money.ts';
import { fundingSourceActions, type FundingSource } from '#shared/schemas/reimbursement.ts';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { focusWhenShown } from '../../../lib/focus.ts';
import { AddedBy } from '../../components/added-by.tsx';
import { RoleGate } from '../../components/child-role.tsx';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { SaveError } from '../../components/save-error.tsx';
import { FundingSourceForm } from './funding-source-form.tsx';
import { describeRule, KIND_LABELS } from './reimbursement-labels.ts';
import { failureText, useFundingSourceMutations } from './use-reimbursements.ts';

const headingId = (id: number) => `funding-source-${id}`;

function FundingSourceItem({ source, onDeleted }: { source: FundingSource; onDeleted: () => void }) {
  const [editing, setEditing] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const { remove } = useFundingSourceMutations();
  const period =
    source.periodStart || source.periodEnd
      ? `${source.periodStart ? formatDate(source.periodStart) : '…'} to ${source.periodEnd ? formatDate(source.periodEnd) : '…'}`
      : null;
  const rule = describeRule(source.deadlineRule);
  return (
    <article aria-labelledby={headingId(source.id)} className="grid gap-2 rounded-xl border border-ink/10 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId(source.id)} tabIndex={-1} className="text-lg font-semibold min-w-0 wrap-anywhere text-ink">
          {source.name}
        </h3>
        <p className="text-sm text-ink-muted">
          {KIND_LABELS[source.kind]} · {source.currency}
        </p>
      </div>
      {editing ? (
        <FundingSourceForm
          source={source}
          onDone={() => {
            setEditing(false);
            focusWhenShown(`${headingId(source.id)}-edit`);
          }}
        />
      ) : (
        <>
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
            <div>
              <dt className="inline font-semibold">Award: </dt>
              <dd className="inline">{source.awardCents === null ? 'None' : formatMoney(source.awardCents, source.currency)}</dd>
            </div>
            {period ? (
              <div>
                <dt className="inline font-semibold">Period: </dt>
                <dd className="inline">{period}</dd>
              </div>
            ) : null}
            <div className="sm:col-span-2">
              <dt className="inline font-semibold">Deadlines: </dt>
              <dd className="inline">
                {[rule, ...source.deadlines.map((date) => formatDate(date))].filter(Boolean).join(' · ') || 'None listed'}
              </dd>
            </div>
          </dl>
          {source.notes ? <p className="text-sm whitespace-pre-line">{source.notes}</p> : null}
          <AddedBy author={source.addedBy} at={source.createdAt} />
          <RoleGate action={[fundingSourceActions.update, fundingSourceActions.delete]}>
            <div className="flex flex-wrap items-center gap-2">
              <Button
                id={`${headingId(source.id)}-edit`}
                variant="outline"
                size="sm"
                aria-label={`Edit ${source.name}`}
                onClick={() => setEditing(true)}
              >
                Edit
              </Button>
              <ConfirmDelete
                label="Delete"
                accessibleName={`Delete ${source.name}`}
                question={`Delete ${source.name}?`}
                pending={remove.isPending}
                onConfirm={async () => {
                  setDeleteError(null);
                  try {
                    await remove.mutateAsync({ id: source.id });
                    onDeleted();
                  } catch (error) {
                    // One line beside the button, the server's sentence (why it cannot go), not ConfirmDelete's generic one too.
                    setDeleteError(failureText(error));
                  }
                }}
              />
              <SaveError id={`${headingId(source.id)}-error`} message={deleteError} />
            </div>
          </RoleGate>
        </>
      )}
    </article>
  );
}

/** The child's funding sources: what each funder is, its award, period and deadlines; owners add and change them. */
export function FundingSourcesSection({
  sources,
  adding,
  setAdding,
}: {
  sources: readonly FundingSource[];
  adding: boolean;
  setAdding: (adding: boolean) => void;
}) {
  return (
    <section aria-labelledby="funding-sources-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="funding-sources-heading" tabIndex={-1} className="text-2xl font-bold text-ink">
          Funding sources
        </h2>
        {!adding ? (
          <RoleGate action={fundingSourceActions.create}>
            <Button id="add-funding-source" variant="outline" onClick={() => setAdding(true)}>
              Add a funding source
            </Button>
          </RoleGate>
        ) : null}
      </div>
      {adding ? (
        <div className="rounded-xl border border-brand-700 bg-white p-4">
          <FundingSourceForm
            onDone={(saved) => {
              setAdding(false);
              focusWhenShown(saved ? headingId(saved.id) : 'add-funding-source');
            }}
          />
        </div>
      ) : null}
      {sources.length === 0 && !adding ? <p className="text-ink-muted">No funding source yet.</p> : null}
      <ul className="grid gap-3 lg:grid-cols-2">
        {sources.map((source) => (
          <li key={source.id} className="grid">
            <FundingSourceItem source={source} onDeleted={() => focusWhenShown('funding-sources-heading')} />
          </li>
        ))}
      </ul>
    </section>
  );
}
