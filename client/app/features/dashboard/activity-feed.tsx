import { useEffect, useState } from 'react';
import type { Activity } from '#shared/schemas/activity.ts';
import { observationActions } from '#shared/schemas/observation.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime, formatRelativeTime } from '../../../lib/dates.ts';
import { activityLabel } from '../../../lib/activity-labels.ts';
import { RoleGate } from '../../components/child-role.tsx';
import { activityAbout, activityBy } from './dashboard-format.ts';
import { useRecentActivity } from './use-dashboard.ts';

/** The current time, moving on every minute so "5 minutes ago" stays true while the page is open. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * One change: what it was, what it was about (the record's title as it is now, whole: text spacing
 * or a narrow screen wraps it, never cuts it), the day it is about when written up later, and when it was made.
 */
function ActivityItem({ activity, now }: { activity: Activity; now: Date }) {
  const about = activityAbout(activity);
  return (
    <li className="grid gap-0.5 border-b border-ink/10 pb-2 last:border-b-0 last:pb-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="text-ink">
          {activityLabel(activity.action)}
          {activity.actor ? <span className="text-ink-muted"> {activityBy(activity.actor)}</span> : null}
        </span>
        <time dateTime={activity.createdAt} className="text-sm text-ink-muted" title={formatDateTime(activity.createdAt)}>
          {formatRelativeTime(activity.createdAt, now)}
        </time>
      </div>
      {activity.title !== null || about ? (
        <p className="flex min-w-0 flex-wrap items-baseline gap-x-2 text-sm text-ink-muted">
          {activity.title !== null ? <span className="min-w-0 text-ink">{`‘${activity.title}’`}</span> : null}
          {about ? (
            <span className="shrink-0">
              about <time dateTime={about.dateTime}>{about.text}</time>
            </span>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

/** The selected child's latest changes, newest first, with relative times. */
export function ActivityFeed({ onLogObservation }: { onLogObservation(): void }) {
  const activities = useRecentActivity();
  const now = useNow();
  return (
    <section
      aria-labelledby="activity-feed-heading"
      className="grid content-start gap-3 rounded-2xl border border-ink/10 bg-white p-5 shadow-sm"
    >
      <h2 id="activity-feed-heading" className="text-xl font-bold text-ink">
        Recent activity
      </h2>
      {activities.isPending ? <Spinner size="small" label="Loading recent activity" showLabel /> : null}
      {activities.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-ink">We could not load recent activity.</p>
          <Button size="sm" variant="outline" onClick={() => void activities.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      {activities.data && activities.data.length === 0 ? (
        <RoleGate action={observationActions.create} otherwise={<p className="text-ink">Nothing here yet.</p>}>
          <p className="text-ink">
            Nothing here yet.{' '}
            <button
              type="button"
              onClick={onLogObservation}
              className="text-left font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900"
            >
              Log a first observation
            </button>{' '}
            to start the story.
          </p>
        </RoleGate>
      ) : null}
      {activities.data && activities.data.length > 0 ? (
        <ul className="grid gap-3" aria-label="Latest changes">
          {activities.data.map((activity) => (
            <ActivityItem key={activity.id} activity={activity} now={now} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
