import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { goalProgress, progressPercent, progressPercentText } from '#shared/goal-progress.ts';
import type { DashboardStats as Stats } from '#shared/schemas/dashboard.ts';
import { goalActions } from '#shared/schemas/goal.ts';
import { milestoneActions } from '#shared/schemas/milestone.ts';
import { observationActions } from '#shared/schemas/observation.ts';
import { strategyActions } from '#shared/schemas/strategy.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';
import { formatDate, formatRelativeDay } from '../../../lib/dates.ts';
import { PATHS } from '../../../lib/paths.ts';
import { RoleGate } from '../../components/child-role.tsx';
import { ChildTag } from '../../components/every-child-switch.tsx';
import { useEveryChildOffered } from '../../hooks/use-every-child-view.ts';
import { reimbursementWarningWords, weekBars, weekComparison, type ActiveGoal } from './dashboard-format.ts';
import { useDashboardStats, useEveryChildProgress } from './use-dashboard.ts';

const linkClasses = 'font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900';

/** A small "?" that explains how a number is counted, on hover or keyboard focus. */
function HowCounted({ what, children }: { what: string; children: ReactNode }) {
  return (
    <Tooltip content={children}>
      <button
        type="button"
        aria-label={`How ${what} is counted`}
        // 44 px for a finger on a phone (the margin keeps the line as it was); the circle drawn is 20.
        className="group -m-3 inline-flex size-11 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-800 sm:m-0 sm:size-5"
      >
        <span
          aria-hidden="true"
          className="inline-flex size-5 items-center justify-center rounded-full border border-ink/30 text-xs font-bold text-ink-muted group-hover:border-ink"
        >
          ?
        </span>
      </button>
    </Tooltip>
  );
}

function Card({ title, info, children, className = '' }: { title: string; info?: ReactNode; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <article
      aria-labelledby={id}
      className={`grid content-start gap-3 rounded-2xl border border-ink/10 bg-white p-5 shadow-sm ${className}`}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={id} className="text-sm font-semibold text-ink-muted">
          {title}
        </h3>
        {info ? <HowCounted what={title.toLowerCase()}>{info}</HowCounted> : null}
      </div>
      {children}
    </article>
  );
}

function Big({ children }: { children: ReactNode }) {
  return <p className="text-4xl font-bold text-ink">{children}</p>;
}

const BAR_HEIGHT = 36;

/** Two small bars, last week and this week, with the numbers in the label. */
function WeekBars({ thisWeek, lastWeek }: { thisWeek: number; lastWeek: number }) {
  const bars = weekBars(thisWeek, lastWeek, BAR_HEIGHT);
  return (
    <svg
      role="img"
      aria-label={`${thisWeek} this week, ${lastWeek} last week`}
      width="56"
      height={BAR_HEIGHT + 2}
      viewBox={`0 0 56 ${BAR_HEIGHT + 2}`}
    >
      <rect x="4" y={BAR_HEIGHT + 1 - bars.lastWeek} width="20" height={bars.lastWeek} rx="3" className="fill-brand-300" />
      <rect x="32" y={BAR_HEIGHT + 1 - bars.thisWeek} width="20" height={bars.thisWeek} rx="3" className="fill-brand-700" />
    </svg>
  );
}

function ObservationsCard({ observations, onLogObservation }: { observations: Stats['observations']; onLogObservation(): void }) {
  const { thisWeek, lastWeek } = observations;
  return (
    <Card title="Observations this week" info="Weeks run Monday to Sunday. The small bars compare this week with last week.">
      <div className="flex items-end justify-between gap-3">
        <Big>{thisWeek}</Big>
        <WeekBars thisWeek={thisWeek} lastWeek={lastWeek} />
      </div>
      {thisWeek === 0 ? (
        <RoleGate action={observationActions.create} otherwise={<p className="text-ink-muted">Nothing noted yet this week.</p>}>
          <p className="text-ink">
            <button type="button" onClick={onLogObservation} className={`text-left ${linkClasses}`}>
              Log one thing you noticed today
            </button>
          </p>
        </RoleGate>
      ) : (
        <p className="text-ink-muted">{weekComparison(thisWeek, lastWeek)}</p>
      )}
    </Card>
  );
}

function GoalBar({ goal, childName }: { goal: ActiveGoal; childName?: string }) {
  const progress = goalProgress(goal, goal.latestValue);
  return (
    <li className="grid gap-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="flex flex-wrap items-baseline gap-x-2 font-semibold text-ink">
          {childName ? <ChildTag name={childName} /> : null}
          {goal.title}
        </span>
        <span className="text-sm text-ink-muted">{progress.text}</span>
      </div>
      {progress.fraction !== null ? (
        <svg
          role="img"
          aria-label={progressPercentText(progress.fraction)}
          className="h-2 w-full"
          preserveAspectRatio="none"
          viewBox="0 0 100 8"
        >
          <rect x="0" y="0" width="100" height="8" rx="4" className="fill-brand-100" />
          <rect x="0" y="0" width={Math.max(progressPercent(progress.fraction), 2)} height="8" rx="4" className="fill-brand-700" />
        </svg>
      ) : null}
    </li>
  );
}

/** Every child's active goals and their progress, each named by its child (FLAG_SCOPED_PROGRESS off, decision 0098). */
function EveryChildGoalsCard() {
  const progress = useEveryChildProgress();
  let body: ReactNode;
  if (progress.isPending) body = <Spinner label="Loading every child’s goals" showLabel />;
  else if (progress.isError) {
    body = (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-ink">We could not load every child’s goals just now.</p>
        <Button size="sm" variant="outline" onClick={() => void progress.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (progress.data.length === 0) {
    body = <p className="text-ink">No active goals for any child yet.</p>;
  } else {
    body = (
      <ul className="grid gap-4">
        {progress.data.map((goal) => (
          <GoalBar key={goal.id} goal={goal} childName={goal.childName} />
        ))}
      </ul>
    );
  }
  return (
    <Card title="Active goals, every child" className="lg:col-span-2">
      {body}
    </Card>
  );
}

function GoalsCard({ goals }: { goals: Stats['activeGoals'] }) {
  if (useEveryChildOffered('FLAG_SCOPED_PROGRESS')) return <EveryChildGoalsCard />;
  return (
    <Card title="Active goals" className="lg:col-span-2">
      {goals.length === 0 ? (
        <p className="text-ink">
          No goals yet.{' '}
          <RoleGate action={goalActions.create}>
            <Link to={PATHS.progressPlanner} className={linkClasses}>
              Set a first goal in the progress planner
            </Link>
          </RoleGate>
        </p>
      ) : (
        <ul className="grid gap-4">
          {goals.map((goal) => (
            <GoalBar key={goal.id} goal={goal} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function MilestonesCard({ milestones }: { milestones: Stats['nextMilestones'] }) {
  return (
    <Card title="Next milestones">
      {milestones.length === 0 ? (
        <p className="text-ink">
          Nothing coming up.{' '}
          <RoleGate action={milestoneActions.create}>
            <Link to={PATHS.roadmap} className={linkClasses}>
              Plan the months ahead on the roadmap
            </Link>
          </RoleGate>
        </p>
      ) : (
        <>
          <ol className="grid gap-3">
            {milestones.map((milestone) => (
              <li key={milestone.id} className="grid">
                <span className="font-semibold text-ink">
                  {milestone.overdue ? (
                    <span className="mr-2 rounded-full bg-sun px-2 py-0.5 align-middle text-xs font-bold text-ink">Overdue</span>
                  ) : null}
                  {milestone.title}
                </span>
                <span className="text-sm text-ink-muted">
                  <time dateTime={milestone.dueDate}>{formatDate(milestone.dueDate)}</time> ({formatRelativeDay(milestone.dueDate)})
                </span>
              </li>
            ))}
          </ol>
          <Link to={PATHS.roadmap} className={`text-sm ${linkClasses}`}>
            See the whole roadmap
          </Link>
        </>
      )}
    </Card>
  );
}

/** Deadlines with expenses to submit, and claims with no answer (issue 26): each line opens Reimbursements. */
function ReimbursementsCard({ warnings }: { warnings: Stats['reimbursementWarnings'] }) {
  return (
    <Card title="Reimbursements" className="sm:col-span-2 lg:col-span-3">
      <ul className="grid gap-2">
        {warnings.map((warning) => {
          const { text, left } = reimbursementWarningWords(warning);
          const urgent = warning.kind === 'deadline' && warning.urgent;
          return (
            <li key={`${warning.kind}-${warning.fundingSourceId}`} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <Link to={PATHS.reimbursements} className={linkClasses}>
                {text}
              </Link>
              {left ? (
                <span className={urgent ? 'rounded-full bg-sun px-2 py-0.5 text-xs font-bold text-ink' : 'text-sm text-ink-muted'}>
                  {left}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** The selected child's numbers, from one `dashboard.stats` call. */
export function DashboardStats({ onLogObservation }: { onLogObservation(): void }) {
  const stats = useDashboardStats();
  let body: ReactNode;
  if (stats.isPending) body = <Spinner label="Loading the numbers" showLabel />;
  else if (stats.isError) {
    body = (
      <div className="flex flex-wrap items-center gap-3 rounded-2xl border border-ink/10 bg-white p-5">
        <p className="text-ink">We could not load the numbers just now.</p>
        <Button size="sm" variant="outline" onClick={() => void stats.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    const data = stats.data;
    body = (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {data.reimbursementWarnings.length > 0 ? <ReimbursementsCard warnings={data.reimbursementWarnings} /> : null}
        <ObservationsCard observations={data.observations} onLogObservation={onLogObservation} />
        <Card title="Wins this month" info="Observations marked “This was a win” since the first of the month.">
          <Big>{data.winsThisMonth}</Big>
          <p className="text-ink-muted">
            {data.winsThisMonth === 0 ? 'When something goes well, log it and mark it as a win.' : 'Worth celebrating.'}
          </p>
        </Card>
        <Card title="Strategies in use">
          <Big>{data.strategiesInUse}</Big>
          {data.strategiesInUse === 0 ? (
            <RoleGate action={strategyActions.create}>
              <p className="text-ink">
                <Link to={PATHS.progressPlanner} className={linkClasses}>
                  Add a strategy that helps
                </Link>
              </p>
            </RoleGate>
          ) : (
            <p className="text-ink-muted">
              <Link to={PATHS.progressPlanner} className={linkClasses}>
                See them in the progress planner
              </Link>
            </p>
          )}
        </Card>
        <GoalsCard goals={data.activeGoals} />
        <MilestonesCard milestones={data.nextMilestones} />
      </div>
    );
  }
  return (
    <section aria-labelledby="dashboard-stats-heading" className="grid gap-3">
      <h2 id="dashboard-stats-heading" className="text-xl font-bold text-ink">
        At a glance
      </h2>
      {body}
    </section>
  );
}
