import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { GOAL_STALE_DAYS, goalActions, type Goal } from '#shared/schemas/goal.ts';
import { observationActions } from '#shared/schemas/observation.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate, formatMomentDate } from '../../../lib/dates.ts';
import { focusElement, focusWhenShown } from '../../../lib/focus.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useScreenTitle } from '../../components/screen.tsx';
import { QuickProgressForm } from './quick-progress-form.tsx';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { RoleGate } from '../../components/child-role.tsx';
import { AddedBy, FromAnswer } from '../../components/added-by.tsx';
import { ProgressSummary } from './goal-card.tsx';
import { GoalForm } from './goal-form.tsx';
import { formatValue } from './goal-logic.ts';
import { ProgressChart } from './progress-chart.tsx';
import { ProgressEntryForm } from './progress-entry-form.tsx';
import { GOAL_AREA_LABELS, GOAL_SOURCE_LABELS, GOAL_STATUS_LABELS } from './progress-planner-labels.ts';
import { useDeleteProgress, useGoalDetail } from './use-goals.ts';

function BackLink() {
  return (
    <Link to={PATHS.progressPlanner} className="font-semibold text-brand-800 underline underline-offset-4">
      <span aria-hidden="true">← </span>All goals and strategies
    </Link>
  );
}

/**
 * `?goal=<id>`: one goal's chart, its entries (add, edit, delete) and the observations that back it up.
 * `forms` is what the page puts beside the entries for the loaded goal (asking for data on it, the
 * answers about it): another feature's, so passed in rather than imported.
 */
export function GoalDetail({ goalId, forms }: { goalId: number; forms?: (goal: Goal) => ReactNode }) {
  const detail = useGoalDetail(goalId);
  const deleteProgress = useDeleteProgress();
  const [editing, setEditing] = useState(false);
  const [editingEntryId, setEditingEntryId] = useState<number | null>(null);
  const entryPrefix = useId();
  const editButtonId = (entryId: number) => `${entryPrefix}-edit-${entryId}`;
  // Closing an entry's form puts focus back on its Edit button.
  const closeEntryForm = (entryId: number) => {
    setEditingEntryId(null);
    setTimeout(() => document.getElementById(editButtonId(entryId))?.focus(), 0);
  };
  const entryValueId = (entryId: number) => `${entryPrefix}-value-${entryId}`;
  const loaded = detail.data !== undefined;
  useScreenTitle(detail.data ? `Goal: ${detail.data.goal.title}` : null);
  // Opened from a card's "See progress" link, which is gone now: focus starts at the goal's name.
  useEffect(() => {
    if (loaded && (document.activeElement === document.body || document.activeElement === null)) {
      const title = document.getElementById('goal-detail-title');
      if (title) focusElement(title);
    }
  }, [loaded]);

  if (detail.isPending) return <Spinner size="medium" label="Loading the goal" showLabel />;
  if (detail.isError || !detail.data) {
    const notFound = detail.error?.data?.code === 'NOT_FOUND';
    return (
      <div className="grid gap-4">
        <BackLink />
        <p className="text-ink">
          {notFound ? 'We could not find this goal. It may have been deleted.' : 'We could not load this goal. Please try again.'}
        </p>
        {!notFound ? (
          <div>
            <Button variant="outline" onClick={() => void detail.refetch()}>
              Try again
            </Button>
          </div>
        ) : null}
      </div>
    );
  }

  const { goal, progress, evidence, documents } = detail.data;
  const newestFirst = progress.toReversed();

  return (
    <div className="grid gap-6">
      <BackLink />
      <section aria-labelledby="goal-detail-title" className="grid gap-4 rounded-2xl border border-ink/10 bg-white p-6 shadow-sm">
        {editing ? (
          <GoalForm goal={goal} onDone={() => setEditing(false)} />
        ) : (
          <>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div>
                <p className="text-sm text-ink-muted">
                  {GOAL_AREA_LABELS[goal.area]} · {GOAL_SOURCE_LABELS[goal.source]} · {GOAL_STATUS_LABELS[goal.status]}
                </p>
                <h2 id="goal-detail-title" className="text-2xl font-bold text-ink">
                  {goal.title}
                </h2>
                <AddedBy author={goal.addedBy} at={goal.createdAt} />
              </div>
              <RoleGate action={goalActions.update}>
                <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                  Edit goal
                </Button>
              </RoleGate>
            </div>
            {goal.description ? <p className="whitespace-pre-line text-ink">{goal.description}</p> : null}
            <ProgressSummary goal={goal} />
            {goal.isStale ? (
              <p className="rounded-xl bg-sun px-4 py-3 text-sm font-medium text-ink">No progress recorded in {GOAL_STALE_DAYS} days</p>
            ) : null}
          </>
        )}
      </section>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-6">
          <section aria-labelledby="goal-chart-heading" className="grid gap-3 rounded-2xl border border-ink/10 bg-white p-6 shadow-sm">
            <h3 id="goal-chart-heading" className="text-lg font-bold text-ink">
              Progress over time
            </h3>
            {progress.length > 0 ? (
              <ProgressChart goal={goal} entries={progress} />
            ) : (
              <p className="text-ink-muted">
                No progress recorded yet.
                <RoleGate action={goalActions.addProgress}> Add the first measurement below and the chart will start.</RoleGate>
              </p>
            )}
          </section>

          <RoleGate action={goalActions.addProgress}>
            <section aria-labelledby="goal-add-heading" className="grid gap-3 rounded-2xl border border-ink/10 bg-white p-6 shadow-sm">
              <h3 id="goal-add-heading" className="text-lg font-bold text-ink">
                Add progress
              </h3>
              <QuickProgressForm goalId={goal.id} onSaved={(entry) => focusWhenShown(entryValueId(entry.id))} />
            </section>
          </RoleGate>

          <section aria-labelledby="goal-entries-heading" className="grid gap-3 rounded-2xl border border-ink/10 bg-white p-6 shadow-sm">
            <h3 id="goal-entries-heading" className="text-lg font-bold text-ink">
              Entries
            </h3>
            {newestFirst.length === 0 ? (
              <RoleGate action={goalActions.addProgress} otherwise={<p className="text-ink-muted">No entries yet.</p>}>
                <p className="text-ink-muted">Entries you add will be listed here, newest first.</p>
              </RoleGate>
            ) : (
              <ul className="grid divide-y divide-ink/10">
                {newestFirst.map((entry) =>
                  editingEntryId === entry.id ? (
                    <li key={entry.id} className="py-3">
                      <ProgressEntryForm entry={entry} unit={goal.unit} onDone={() => closeEntryForm(entry.id)} />
                    </li>
                  ) : (
                    <li key={entry.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                      <div className="min-w-0">
                        <p id={entryValueId(entry.id)} className="font-semibold text-ink">
                          {formatValue(entry.value, goal.unit)}
                        </p>
                        <p className="text-sm text-ink-muted">
                          {formatDate(entry.recordedOn)}
                          {entry.note ? ` · ${entry.note}` : ''}
                        </p>
                        {entry.source ? <FromAnswer source={entry.source} /> : null}
                        <AddedBy author={entry.addedBy} at={entry.createdAt} verb="Recorded" />
                      </div>
                      <RoleGate action={goalActions.updateProgress}>
                        <div className="flex flex-wrap gap-2">
                          {/* An entry from a form answer stays as it was answered (decision 0109): delete, not edit. */}
                          {entry.source ? null : (
                            <Button
                              id={editButtonId(entry.id)}
                              variant="ghost"
                              size="sm"
                              aria-label={`Edit the ${formatDate(entry.recordedOn)} entry`}
                              onClick={() => setEditingEntryId(entry.id)}
                            >
                              Edit
                            </Button>
                          )}
                          <RoleGate action={goalActions.deleteProgress}>
                            <ConfirmDelete
                              label="Delete entry"
                              accessibleName={`Delete entry: ${formatDate(entry.recordedOn)}`}
                              question={`Delete the ${formatDate(entry.recordedOn)} entry?`}
                              pending={deleteProgress.isPending && deleteProgress.variables?.id === entry.id}
                              onConfirm={() =>
                                deleteProgress.mutateAsync({ id: entry.id }).then(() => focusWhenShown('goal-entries-heading'))
                              }
                            />
                          </RoleGate>
                        </div>
                      </RoleGate>
                    </li>
                  ),
                )}
              </ul>
            )}
          </section>

          {forms ? <div className="grid min-w-0 gap-4 rounded-2xl border border-ink/10 bg-white p-6 shadow-sm">{forms(goal)}</div> : null}
        </div>

        <section
          aria-labelledby="goal-evidence-heading"
          className="grid content-start gap-3 rounded-2xl border border-ink/10 bg-white p-6 shadow-sm"
        >
          <h3 id="goal-evidence-heading" className="text-lg font-bold text-ink">
            What you've noticed
          </h3>
          {evidence.length === 0 ? (
            <div className="grid gap-3">
              <p className="text-ink-muted">
                Observations linked to this goal show up here as evidence. When you log an observation, you can link it to this goal.
              </p>
              <RoleGate action={observationActions.create}>
                <div>
                  <Link to={PATHS.observations} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
                    Log an observation
                  </Link>
                </div>
              </RoleGate>
            </div>
          ) : (
            <ul className="grid gap-3">
              {evidence.map((observation) => (
                <li key={observation.id} className="rounded-xl border border-ink/10 p-3">
                  <p className="text-sm text-ink-muted">
                    {formatMomentDate(observation.occurredAt)}
                    {observation.isWin ? ' · A win' : ''}
                  </p>
                  <p className="whitespace-pre-line text-ink">{observation.what}</p>
                  {observation.source ? <FromAnswer source={observation.source} /> : null}
                  <AddedBy author={observation.addedBy} at={observation.createdAt} />
                </li>
              ))}
            </ul>
          )}
          <h3 id="goal-documents-heading" className="pt-2 text-lg font-bold text-ink">
            Documents
          </h3>
          {documents.length === 0 ? (
            <p className="text-ink-muted">
              Documents from the{' '}
              <Link to={PATHS.vault} className="font-medium text-brand-800 underline underline-offset-4">
                vault
              </Link>{' '}
              that you link to this goal (a progress report, an evaluation) show up here.
            </p>
          ) : (
            <ul aria-labelledby="goal-documents-heading" className="grid gap-2">
              {documents.map((document) => (
                <li key={document.id} className="rounded-xl border border-ink/10 p-3">
                  <Link to={PATHS.vault} className="font-semibold break-words text-brand-800 underline underline-offset-4">
                    {document.title}
                  </Link>
                  {document.documentDate ? <p className="text-sm text-ink-muted">{formatDate(document.documentDate)}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
