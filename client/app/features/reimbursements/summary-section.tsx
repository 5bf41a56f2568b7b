import { formatMoney } from '#shared/money.ts';
import {
  CLAIM_NO_ANSWER_DAYS,
  DEADLINE_WARNING_DAYS,
  type FundingSourceSummary,
  type ReimbursementSummary,
} from '#shared/schemas/reimbursement.ts';
import { Button } from '../../../components/ui/button.tsx';
import { calendarDaysFrom, formatDate, formatRelativeDay } from '../../../lib/dates.ts';
import { cn } from '../../../lib/cn.ts';
import { useOnline } from '../../hooks/use-online.ts';
import { CATEGORY_LABELS, KIND_LABELS } from './reimbursement-labels.ts';
import { type Period } from './reimbursement-logic.ts';
import { useExportDownload } from './use-reimbursements.ts';

const WARN_DAYS = Math.max(...DEADLINE_WARNING_DAYS);

function Figure({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd className={cn('tabular-nums min-w-0 wrap-anywhere', strong && 'font-bold')}>{value}</dd>
    </div>
  );
}

function plural(count: number, one: string, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}

/** One funding source's line: what was asked, what is pending, approved, paid, denied, left, and the next deadline. */
function SourceLine({
  source,
  today,
  providerOf,
  period,
}: {
  source: FundingSourceSummary;
  today: string;
  providerOf: (expenseId: number) => string | null;
  period: Partial<Period>;
}) {
  const money = (cents: number) => formatMoney(cents, source.currency);
  const { download, busy } = useExportDownload();
  const online = useOnline();
  const deadline = source.nextDeadline;
  const toSubmit = deadline ? deadline.expenseIds.length : 0;
  const soon = deadline !== null && toSubmit > 0 && (calendarDaysFrom(today, deadline.date) ?? Infinity) <= WARN_DAYS;
  const names = deadline ? deadline.expenseIds.map(providerOf).filter((name): name is string => name !== null) : [];
  const headingId = `summary-source-${source.id}`;
  return (
    <article aria-labelledby={headingId} className="grid gap-3 rounded-xl border border-ink/10 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold min-w-0 wrap-anywhere text-ink">
          {source.name}
        </h3>
        <p className="text-sm text-ink-muted">{KIND_LABELS[source.kind]}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7">
        <Figure label="Award" value={source.awardCents === null ? 'None' : money(source.awardCents)} />
        <Figure label="Claimed" value={money(source.claimedCents)} />
        <Figure label="Pending" value={money(source.pendingCents)} />
        <Figure label="Approved" value={money(source.approvedCents)} />
        <Figure label="Paid" value={money(source.paidCents)} />
        <Figure label="Denied" value={money(source.deniedCents)} />
        <Figure label="Remaining" value={source.remainingCents === null ? '—' : money(source.remainingCents)} strong />
      </dl>
      {deadline ? (
        <p
          className={cn(
            'rounded-lg px-3 py-2 text-sm',
            soon ? 'border border-amber-700 bg-amber-50 text-amber-950' : 'bg-brand-50 text-ink',
          )}
        >
          <strong>
            Next deadline: {formatDate(deadline.date)} ({formatRelativeDay(deadline.date, today)}).
          </strong>{' '}
          {toSubmit > 0
            ? `${plural(toSubmit, 'expense')} still to submit (${money(deadline.toSubmitCents)})${names.length > 0 ? `: ${names.join(', ')}` : ''}.`
            : 'Nothing is waiting to be submitted.'}
        </p>
      ) : (
        <p className="text-sm text-ink-muted">No deadline ahead.</p>
      )}
      {source.noAnswerClaims > 0 ? (
        <p className="rounded-lg border border-red-700/40 bg-red-50 px-3 py-2 text-sm text-red-900">
          {plural(source.noAnswerClaims, 'claim')} with no answer for over {CLAIM_NO_ANSWER_DAYS} days. Consider calling the funder.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!online}
          loading={busy === `csv-${source.id}`}
          aria-label={`Download CSV: ${source.name}`}
          onClick={() => void download('csv', source, period)}
        >
          Download CSV
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!online}
          loading={busy === `zip-${source.id}`}
          aria-label={`Download receipts (ZIP): ${source.name}`}
          onClick={() => void download('zip', source, period)}
        >
          Download receipts (ZIP)
        </Button>
      </div>
    </article>
  );
}

/** Per funding source, then out of pocket per currency and category, for the chosen period. */
export function SummarySection({
  summary,
  today,
  providerOf,
  period,
}: {
  summary: ReimbursementSummary;
  today: string;
  providerOf: (expenseId: number) => string | null;
  period: Partial<Period>;
}) {
  return (
    <section aria-labelledby="summary-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="summary-heading" className="text-2xl font-bold text-ink">
          Summary
        </h2>
        <p className="text-ink-muted">
          {formatDate(summary.from)} to {formatDate(summary.to)}, by the date of service.
        </p>
      </div>
      {summary.fundingSources.length > 0 ? (
        <ul className="grid gap-3">
          {summary.fundingSources.map((source) => (
            <li key={source.id} className="grid">
              <SourceLine source={source} today={today} providerOf={providerOf} period={period} />
            </li>
          ))}
        </ul>
      ) : null}
      <section aria-labelledby="out-of-pocket-heading" className="grid gap-3 rounded-xl border border-ink/10 bg-white p-4">
        <h3 id="out-of-pocket-heading" className="text-lg font-semibold text-ink">
          Out of pocket
        </h3>
        <p className="text-sm text-ink-muted">What the family paid, less what was paid back. Useful for taxes and budgeting.</p>
        {summary.outOfPocket.length === 0 ? (
          <p>Nothing paid in this period.</p>
        ) : (
          summary.outOfPocket.map((pocket) => (
            <div key={pocket.currency} className="grid gap-2">
              <p className="text-xl font-bold tabular-nums">
                {formatMoney(pocket.totalCents, pocket.currency)}
                {summary.outOfPocket.length > 1 ? (
                  <span className="ml-2 text-sm font-normal text-ink-muted">in {pocket.currency}</span>
                ) : null}
              </p>
              {pocket.byCategory.length > 0 ? (
                <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                  {pocket.byCategory.map((row) => (
                    <Figure key={row.category} label={CATEGORY_LABELS[row.category]} value={formatMoney(row.totalCents, pocket.currency)} />
                  ))}
                </dl>
              ) : null}
            </div>
          ))
        )}
      </section>
    </section>
  );
}
