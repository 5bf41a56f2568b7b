import { Link, useSearchParams } from 'react-router-dom';
import { goalActions } from '#shared/schemas/goal.ts';
import type { MeetingPack } from '#shared/schemas/snapshot.ts';
import { MeetingPackDocument } from '../../../components/snapshot/meeting-pack-document.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { httpStatusOf, serverMessageOf } from '../../../lib/api-request.ts';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/dates.ts';
import { PATHS } from '../../../lib/paths.ts';
import { RoleGate } from '../../components/child-role.tsx';
import { AskForDataButton } from '../../components/ask-for-data-button.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { useFeatureFlag } from '../../feature-flags.tsx';
import { useOnline } from '../../hooks/use-online.ts';
import { MeetingPackActions } from './meeting-pack-actions.tsx';
import { MeetingPackRangeFields } from './meeting-pack-range.tsx';
import { useMeetingPack, type MeetingPackRange } from './use-meeting-pack.ts';

/** The period in the address (`?from=&to=`), so a reload and Back keep the days chosen. */
function useRangeParams(): [MeetingPackRange, (range: MeetingPackRange) => void] {
  const [params, setParams] = useSearchParams();
  const range = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const setRange = (next: MeetingPackRange) => {
    const kept = new URLSearchParams(params);
    for (const key of ['from', 'to'] as const) {
      const value = next[key];
      if (value) kept.set(key, value);
      else kept.delete(key);
    }
    // Each day typed replaces the entry: Back leaves the pack rather than stepping through dates.
    setParams(kept, { replace: true });
  };
  return [range, setRange];
}

/** No goals: the pack is built around them, so say what to add and where. */
function NoGoals({ childName }: { childName: string }) {
  return (
    <section
      aria-labelledby="meeting-pack-no-goals"
      className="grid max-w-2xl justify-items-start gap-3 rounded-2xl border border-dashed border-brand-800/40 bg-white p-6"
    >
      <h2 id="meeting-pack-no-goals" className="text-xl font-bold text-ink">
        No goals to show for {childName}
      </h2>
      <p className="text-ink">
        The meeting pack is built around goals. Add each goal from {childName}&apos;s plan in the progress planner, with where {childName}{' '}
        started (the baseline) and the target, then note progress as it comes: the pack charts it against both, with your observations and
        the strategies you tried.
      </p>
      <RoleGate
        action={goalActions.create}
        otherwise={<p className="text-ink-muted">Someone who can change {childName}&apos;s record can add the goals.</p>}
      >
        <Link to={PATHS.progressPlanner} className={buttonClasses()}>
          Add a goal in the progress planner
        </Link>
      </RoleGate>
    </section>
  );
}

/** Under a goal's no-data or no-progress question: a form that asks the team for data on that goal. */
function askForData(pack: MeetingPack) {
  return (question: MeetingPack['questions'][number]) => {
    const goal = question.goalId === null ? undefined : pack.goals.find((candidate) => candidate.id === question.goalId);
    if (!goal || question.kind === 'service-unmentioned') return null;
    return <AskForDataButton template="goal" goal={{ id: goal.id, title: goal.title, unit: goal.unit }} />;
  };
}

/** Whether anything besides goals is worth showing: documents added, or questions to bring. */
const hasOtherContent = (pack: MeetingPack) => pack.documents.length > 0 || pack.questions.length > 0;

/** Why the pack could not be loaded: the server's sentence for a period it refused, else the usual one. */
function loadFailure(error: unknown): string {
  const status = httpStatusOf(error);
  if (status === 400 || status === 422) return serverMessageOf(error) ?? 'That period cannot be shown. Please check the dates.';
  return 'We could not load the meeting pack just now. Please check your connection and try again.';
}

/**
 * /snapshots/meeting-pack for the selected child (issue 27): the period (the server's by default),
 * the pack on screen as the shared document draws it, its PDF on Letter or A4, and Print when
 * FLAG_PDF_PRINT_STYLES is on. A viewer reads and downloads it as anyone.
 */
export function MeetingPackScreen({ childName }: { childName: string }) {
  const [range, setRange] = useRangeParams();
  const pack = useMeetingPack(range);
  const online = useOnline();
  const printable = useFeatureFlag('FLAG_PDF_PRINT_STYLES');
  const shown = pack.data ?? null;
  const documentShown = shown !== null && (shown.goals.length > 0 || hasOtherContent(shown));

  let body;
  if (shown) {
    body = (
      <div aria-busy={pack.isFetching || undefined} className={cn('grid min-w-0 gap-6', pack.isPlaceholderData && 'opacity-70')}>
        {!online ? (
          <p className="rounded-lg border border-amber-700 bg-amber-50 px-4 py-3 text-sm text-amber-950">
            You&apos;re offline. This is the pack as it was last loaded; the PDF needs a connection.
          </p>
        ) : null}
        {shown.goals.length === 0 ? <NoGoals childName={childName} /> : null}
        {documentShown ? (
          <MeetingPackDocument pack={shown} printStyles={printable} headingLevel={2} questionAction={askForData(shown)} />
        ) : null}
      </div>
    );
  } else if (pack.isError) {
    body = <LoadFailed message={loadFailure(pack.error)} onRetry={() => void pack.refetch()} />;
  } else if (pack.fetchStatus === 'paused') {
    body = <p className="text-ink-muted">You&apos;re offline. The meeting pack will show when you&apos;re back online.</p>;
  } else if (pack.isPending && pack.fetchStatus === 'idle') {
    // Not asked: the days chosen cannot make a period (the field says why).
    body = <p className="text-ink-muted">Choose a first day before the last to see the pack.</p>;
  } else {
    body = <Spinner size="medium" label="Loading the meeting pack" showLabel className="py-8" />;
  }

  return (
    <div className="grid min-w-0 gap-8">
      <div className="grid max-w-2xl gap-2">
        <p className="text-sm">
          <Link to={PATHS.snapshots} className="font-semibold text-brand-800 underline underline-offset-4">
            Snapshots
          </Link>
        </p>
        <h1 className="text-3xl font-bold text-ink">IEP meeting pack</h1>
        <p className="text-ink-muted">
          {shown ? `${formatDate(shown.from)} to ${formatDate(shown.to)}. ` : null}
          For {childName}&apos;s review: each goal&apos;s progress against its baseline and target, your observations about it beside what
          teachers and therapists answered, the strategies tried and how they worked, the documents added, and the questions to bring.
        </p>
      </div>
      <div className="grid min-w-0 gap-6 rounded-2xl border border-ink/10 bg-white p-4 shadow-sm sm:p-6 lg:grid-cols-2">
        <MeetingPackRangeFields range={range} shown={shown} onChange={setRange} />
        <MeetingPackActions pack={shown && !pack.isPlaceholderData ? shown : null} printable={printable && documentShown} />
      </div>
      {body}
    </div>
  );
}
