import { useId, useState } from 'react';
import type { ActivityAction } from '#shared/schemas/activity.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { activityLabel } from '../../../lib/activity-labels.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { LoadFailed } from '../../components/load-failed.tsx';
import { ROLE_LABELS } from './caregiver-labels.ts';
import { useAuditLog } from './use-caregivers.ts';

/**
 * The child's audit log, opened on demand: who viewed, changed, joined, left, each entry naming its record
 * or person as they are now (decision 0072) and a role change's two roles.
 */
export function AuditLog({ childId, childName }: { childId: number; childName: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const log = useAuditLog(childId, open);
  const entries = log.data?.pages.flat() ?? [];
  return (
    <div className="grid gap-3">
      <div>
        <Button variant="outline" size="sm" aria-expanded={open} aria-controls={id} onClick={() => setOpen((was) => !was)}>
          {/* Buttons do not wrap: the child's name, which may be long, is for screen readers only. */}
          {open ? 'Hide the audit log' : 'Audit log'}
          <span className="sr-only"> for {childName}</span>
        </Button>
      </div>
      {open ? (
        <div id={id} className="grid gap-2">
          {log.isPending ? (
            <p className="flex items-center gap-2 text-ink-muted">
              <Spinner size="small" /> Loading the audit log…
            </p>
          ) : log.isError ? (
            <LoadFailed message="We could not load the audit log just now." onRetry={() => void log.refetch()} />
          ) : entries.length === 0 ? (
            <p className="text-ink-muted">Nothing recorded yet.</p>
          ) : (
            <ol className="grid gap-1 text-sm" aria-label={`Audit log for ${childName}, newest first`}>
              {entries.map((entry) => (
                <li key={entry.id} className="flex flex-wrap gap-x-2">
                  <time dateTime={entry.at} className="text-ink-muted tabular-nums">
                    {formatDateTime(entry.at)}
                  </time>
                  <span className="text-ink">
                    {entry.actor
                      ? entry.actor.isYou
                        ? 'You'
                        : (entry.actor.name ?? entry.actor.email ?? 'A caregiver')
                      : 'A deleted account'}
                  </span>
                  <span className="text-ink">· {activityLabel(entry.action as ActivityAction)}</span>
                  {entry.subject !== null ? <span className="min-w-0 break-words text-ink">{`‘${entry.subject}’`}</span> : null}
                  {entry.roleChange ? (
                    <span className="text-ink-muted">
                      from {ROLE_LABELS[entry.roleChange.from].name.toLowerCase()} to {ROLE_LABELS[entry.roleChange.to].name.toLowerCase()}
                    </span>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
          {log.hasNextPage ? (
            <div>
              <Button variant="ghost" size="sm" loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                Show older entries
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
