import { guideForMilestone } from '#shared/guide.ts';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { earliestPlanDate, latestPlanDate, planDate } from '#shared/schemas/dates.ts';
import {
  isOpenMilestoneStatus,
  milestoneActions,
  type Milestone,
  type MilestoneStatus,
  type MilestoneUpdate,
} from '#shared/schemas/milestone.ts';
import { MEETING_PACK_PATH } from '#shared/schemas/snapshot.ts';
import { Button } from '../../../components/ui/button.tsx';
import type { ButtonVariant } from '../../../components/ui/button-variants.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate, formatDatesInText, formatRelativeDay, formatShortDate } from '../../../lib/dates.ts';
import { RoleGate } from '../../components/child-role.tsx';
import { TextField } from '../../components/form-field.tsx';
import { GuideLink } from '../../components/guide-link.tsx';
import { SaveError } from '../../components/save-error.tsx';
import { MilestoneForm } from './milestone-form.tsx';
import { CATEGORY_LABELS, STATUS_LABELS } from './roadmap-labels.ts';
import { isPastDue } from './roadmap-timeline.ts';
import { useDeleteMilestone, useUpdateMilestone } from './use-milestones.ts';

/** The roadmap's "Prepare for the review" milestone (its rule's key), which leads to the IEP meeting pack. */
export function preparesPlanReview(milestone: Pick<Milestone, 'category' | 'ruleKey'>): boolean {
  return milestone.category === 'plan-review' && (milestone.ruleKey?.startsWith('plan-review-prep:') ?? false);
}

/** The text the screen shows next to an open milestone whose date has passed. */
export const PAST_DUE_TEXT = 'Past due — reschedule or mark done';

type Panel = 'reschedule' | 'edit' | 'delete' | null;

function Chip({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-ink', className)}>
      {children}
    </span>
  );
}

/** "Mark done: Annual IEP review": the visible action first, then which milestone, for screen readers. */
const actionName = (action: string, title: string) => `${action}: ${title}`;

/** The buttons that change a milestone's status: what each says, the status it sets, and its look. */
const STATUS_ACTIONS = {
  done: { label: 'Mark done', status: 'done', variant: 'primary' },
  start: { label: 'Start', status: 'in-progress', variant: 'outline' },
  skip: { label: 'Skip', status: 'skipped', variant: 'ghost' },
  undo: { label: 'Undo', status: 'upcoming', variant: 'outline' },
} as const satisfies Record<string, { label: string; status: MilestoneStatus; variant: ButtonVariant }>;
type StatusAction = keyof typeof STATUS_ACTIONS;

/** Which status buttons a milestone shows: an open one can be done, started (if not yet) or skipped; a closed one undone. */
function statusActionsFor(milestone: Milestone, open: boolean): StatusAction[] {
  if (!open) return ['undo'];
  return milestone.status === 'upcoming' ? ['done', 'start', 'skip'] : ['done', 'skip'];
}

/** Beside the buttons after a failure the hook's toast has said (the toast closes after 5 s). */
const MILESTONE_FAILED = 'That did not go through. Please try again.';

function RescheduleForm({ milestone, onDone }: { milestone: Milestone; onDone(): void }) {
  const id = useId();
  const { save, isPending } = useUpdateMilestone();
  const [date, setDate] = useState(milestone.dueDate);
  const [error, setError] = useState<string | undefined>();
  const [failed, setFailed] = useState(false);
  const failureId = useId();
  useEffect(() => document.getElementById(id)?.focus(), [id]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      setError('Choose a date');
      document.getElementById(id)?.focus();
      return;
    }
    if (date === milestone.dueDate) return onDone();
    const checked = planDate.safeParse(date);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      document.getElementById(id)?.focus();
      return;
    }
    setFailed(false);
    save(milestone, { dueDate: date }).then(onDone, () => setFailed(true));
  };
  return (
    <form noValidate onSubmit={submit} aria-label={`Reschedule ${milestone.title}`} className="flex flex-wrap items-end gap-3">
      <div className="min-w-48">
        <TextField
          id={id}
          label="New due date"
          type="date"
          required
          min={earliestPlanDate()}
          max={latestPlanDate()}
          value={date}
          error={error}
          onChange={(event) => setDate(event.target.value)}
        />
      </div>
      <Button type="submit" size="sm" loading={isPending} aria-describedby={failed ? failureId : undefined}>
        Save date
      </Button>
      <Button variant="ghost" size="sm" onClick={onDone}>
        Cancel
      </Button>
      <SaveError id={failureId} message={failed ? MILESTONE_FAILED : null} />
    </form>
  );
}

function DeleteConfirm({ milestone, onDone }: { milestone: Milestone; onDone(): void }) {
  const remove = useDeleteMilestone();
  const keepId = useId();
  const failureId = useId();
  // Focus lands on the safe choice.
  useEffect(() => document.getElementById(keepId)?.focus(), [keepId]);
  return (
    <fieldset className="rounded-lg border border-red-700/40 bg-red-50 p-4">
      <legend className="sr-only">Delete “{milestone.title}”?</legend>
      <p className="text-sm text-ink">Delete “{milestone.title}”? This cannot be undone.</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button
          variant="destructive"
          size="sm"
          loading={remove.isPending}
          aria-describedby={remove.isError ? failureId : undefined}
          onClick={() => remove.mutate({ id: milestone.id })}
        >
          Delete
        </Button>
        <Button id={keepId} variant="ghost" size="sm" onClick={onDone}>
          Keep it
        </Button>
        <SaveError id={failureId} message={remove.isError ? MILESTONE_FAILED : null} />
      </div>
    </fieldset>
  );
}

interface MilestoneItemProps {
  milestone: Milestone;
  today: string;
  /** "card" is the larger "Coming up" look with why and what shown; "row" is a timeline entry. */
  variant: 'card' | 'row';
  headingLevel: 3 | 4;
}

/** One milestone with what a parent can do with it: done, start, skip, reschedule, edit, delete their own, undo. */
export function MilestoneItem({ milestone, today, variant, headingLevel }: MilestoneItemProps) {
  const { save, isPending } = useUpdateMilestone();
  const [panel, setPanel] = useState<Panel>(null);
  const [pendingAction, setPendingAction] = useState<StatusAction | null>(null);
  const titleId = useId();
  const open = isOpenMilestoneStatus(milestone.status);
  const pastDue = isPastDue(milestone, today);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';

  // A toast says a failure once; the line beside the buttons stays until the next try.
  const [failed, setFailed] = useState(false);
  const failureId = useId();
  const change = (action: StatusAction, patch: MilestoneUpdate) => {
    setPendingAction(action);
    setFailed(false);
    save(milestone, patch)
      .catch(() => setFailed(true))
      .finally(() => setPendingAction(null));
  };
  const busy = (action: StatusAction) => isPending && pendingAction === action;
  const buttonId = (name: Exclude<Panel, null>) => `${titleId}-${name}`;
  // Closing a panel puts focus back on the button that opened it (if the milestone is still there).
  const returnTo = useRef<Exclude<Panel, null> | null>(null);
  useEffect(() => {
    if (panel !== null || returnTo.current === null) return;
    document.getElementById(`${titleId}-${returnTo.current}`)?.focus();
    returnTo.current = null;
  }, [panel, titleId]);
  const closePanel = () => {
    returnTo.current = panel;
    setPanel(null);
  };

  // Trelli's own words (the roadmap's, a funder's deadline) name days as YYYY-MM-DD; shown as every other date. A parent's stay as typed.
  const generatedWords = (text: string) => (milestone.source !== 'parent' ? formatDatesInText(text) : text);
  const details =
    milestone.whyItMatters || milestone.whatToDo ? (
      <div className="grid gap-2 text-sm text-ink">
        {milestone.whyItMatters ? (
          <p>
            <span className="font-semibold">Why it matters: </span>
            {generatedWords(milestone.whyItMatters)}
          </p>
        ) : null}
        {milestone.whatToDo ? (
          <p>
            <span className="font-semibold">What to do: </span>
            {generatedWords(milestone.whatToDo)}
          </p>
        ) : null}
      </div>
    ) : null;

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex flex-col gap-3 rounded-2xl border p-5',
        variant === 'card' && 'h-full',
        open ? 'border-ink/10 bg-white shadow-sm' : 'border-ink/10 bg-ink/[0.03]',
        pastDue && 'border-amber-700/50',
      )}
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className={open ? 'font-semibold text-ink' : 'text-ink-muted'}>
          <time dateTime={milestone.dueDate}>
            {variant === 'card' ? formatDate(milestone.dueDate) : formatShortDate(milestone.dueDate)}
          </time>
          {open && !pastDue ? <span className="font-normal text-ink-muted"> ({formatRelativeDay(milestone.dueDate, today)})</span> : null}
        </span>
        {milestone.source === 'parent' ? (
          // Who added it, read from their account (decision 0086): on a shared child it may be someone else.
          <Chip className="bg-sun">
            {milestone.addedBy
              ? milestone.addedBy.isYou
                ? 'Added by you'
                : `Added by ${milestone.addedBy.name}`
              : 'Added by a former caregiver'}
          </Chip>
        ) : (
          <Chip>{CATEGORY_LABELS[milestone.category]}</Chip>
        )}
        {milestone.status !== 'upcoming' ? (
          <Chip className={open ? 'bg-brand-800 text-white' : 'bg-ink/10 text-ink'}>{STATUS_LABELS[milestone.status]}</Chip>
        ) : null}
      </div>
      <Heading
        id={titleId}
        className={cn(
          'font-semibold',
          variant === 'card' ? 'text-xl' : 'text-lg',
          open ? 'text-ink' : 'text-ink-muted line-through decoration-1',
        )}
      >
        {milestone.title}
      </Heading>
      {pastDue ? <p className="w-fit rounded-md bg-sun px-3 py-1 text-sm font-medium text-ink">{PAST_DUE_TEXT}</p> : null}
      {open ? <GuideLink link={guideForMilestone(milestone)} /> : null}
      {open && preparesPlanReview(milestone) ? (
        <Link to={MEETING_PACK_PATH} className="w-fit text-sm font-semibold text-brand-800 underline underline-offset-4">
          Prepare the meeting pack
        </Link>
      ) : null}
      {details && open ? (
        variant === 'card' ? (
          details
        ) : (
          <details className="group">
            <summary className="w-fit cursor-pointer text-sm font-semibold text-brand-800 underline underline-offset-4">
              Why it matters and what to do
            </summary>
            <div className="mt-2">{details}</div>
          </details>
        )
      ) : null}

      {panel === null ? (
        <RoleGate action={milestoneActions.update}>
          <div className={cn('flex flex-wrap gap-2', variant === 'card' && 'mt-auto pt-1')}>
            {statusActionsFor(milestone, open).map((action) => {
              const { label, status, variant: look } = STATUS_ACTIONS[action];
              return (
                <Button
                  key={action}
                  variant={look}
                  size="sm"
                  loading={busy(action)}
                  onClick={() => change(action, { status })}
                  aria-label={actionName(label, milestone.title)}
                  aria-describedby={failed ? failureId : undefined}
                >
                  {label}
                </Button>
              );
            })}
            {open && variant === 'row' ? (
              <>
                <Button
                  variant="ghost"
                  size="sm"
                  id={buttonId('reschedule')}
                  onClick={() => setPanel('reschedule')}
                  aria-label={actionName('Reschedule', milestone.title)}
                >
                  Reschedule
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  id={buttonId('edit')}
                  onClick={() => setPanel('edit')}
                  aria-label={actionName('Edit', milestone.title)}
                >
                  Edit
                </Button>
              </>
            ) : null}
            {variant === 'row' && milestone.source === 'parent' ? (
              <RoleGate action={milestoneActions.delete}>
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-800 hover:bg-red-50"
                  id={buttonId('delete')}
                  onClick={() => setPanel('delete')}
                  aria-label={actionName('Delete', milestone.title)}
                >
                  Delete
                </Button>
              </RoleGate>
            ) : null}
            <SaveError id={failureId} message={failed ? MILESTONE_FAILED : null} />
          </div>
        </RoleGate>
      ) : null}
      {panel === 'reschedule' ? <RescheduleForm milestone={milestone} onDone={closePanel} /> : null}
      {panel === 'edit' ? (
        <div className="rounded-lg border border-ink/10 bg-brand-50 p-4">
          <MilestoneForm
            mode="edit"
            initial={milestone}
            submitLabel="Save changes"
            onSubmit={(data) => save(milestone, data).then(closePanel)}
            onCancel={closePanel}
          />
        </div>
      ) : null}
      {panel === 'delete' ? <DeleteConfirm milestone={milestone} onDone={closePanel} /> : null}
    </article>
  );
}
