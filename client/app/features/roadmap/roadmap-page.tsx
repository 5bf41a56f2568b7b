import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Milestone } from '../../../../shared/schemas/milestone.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useChildContext } from '../../child-context.tsx';
import { useFeatureFlag } from '../../feature-flags.tsx';
import { MilestoneForm } from './milestone-form.tsx';
import { MilestoneItem } from './milestone-item.tsx';
import { groupByMonth, localTodayIso, nextMilestones } from './roadmap-timeline.ts';
import { useCreateMilestone, useGenerateRoadmap, useMilestones } from './use-milestones.ts';

const REFRESH_NOTE = 'Refreshing keeps everything you added, changed or finished.';

function ComingUp({ milestones, today }: { milestones: Milestone[]; today: string }) {
  return (
    <section aria-labelledby="roadmap-coming-up" className="grid gap-4">
      <h2 id="roadmap-coming-up" className="text-2xl font-bold text-ink">
        Coming up
      </h2>
      {milestones.length === 0 ? (
        <p className="rounded-2xl border border-ink/10 bg-white p-5 text-ink">
          Nothing is due soon. Take a breath, or add a milestone of your own.
        </p>
      ) : (
        <ol className="grid gap-4 lg:grid-cols-3">
          {milestones.map((milestone) => (
            <li key={milestone.id} className="grid">
              <MilestoneItem milestone={milestone} today={today} variant="card" headingLevel={3} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Timeline({ milestones, today, horizonLabel }: { milestones: Milestone[]; today: string; horizonLabel: string }) {
  const months = useMemo(() => groupByMonth(milestones), [milestones]);
  return (
    <section aria-labelledby="roadmap-timeline" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="roadmap-timeline" className="text-2xl font-bold text-ink">
          Timeline
        </h2>
        <p className="text-ink-muted">Everything on the roadmap, month by month, looking {horizonLabel} ahead.</p>
      </div>
      <div className="grid gap-8">
        {months.map((group) => (
          <div key={group.month} className="grid gap-3">
            <h3 className="border-b border-ink/10 pb-1 text-lg font-bold text-ink">{group.label}</h3>
            <ol className="grid gap-3">
              {group.milestones.map((milestone) => (
                <li key={milestone.id}>
                  <MilestoneItem milestone={milestone} today={today} variant="row" headingLevel={4} />
                </li>
              ))}
            </ol>
          </div>
        ))}
      </div>
    </section>
  );
}

function AddMilestone({ today, onClose }: { today: string; onClose(): void }) {
  const create = useCreateMilestone();
  return (
    <section aria-labelledby="roadmap-add" className="grid gap-3 rounded-2xl border border-ink/10 bg-white p-6 shadow-sm">
      <h2 id="roadmap-add" className="text-xl font-bold text-ink">
        Add your own milestone
      </h2>
      <p className="text-sm text-ink-muted">A meeting, a deadline, a moment to celebrate: a title and a date are enough.</p>
      <MilestoneForm
        mode="add"
        submitLabel="Add milestone"
        defaultDueDate={today}
        onSubmit={async (data) => {
          if (!('dueDate' in data) || !data.dueDate || !data.title) return;
          await create.mutateAsync({ data: { ...data, title: data.title, dueDate: data.dueDate } });
          onClose();
        }}
        onCancel={onClose}
      />
    </section>
  );
}

function EmptyRoadmap({ childName, onGenerate, generating, triedAlready }: { childName: string; onGenerate(): void; generating: boolean; triedAlready: boolean }) {
  return (
    <section aria-labelledby="roadmap-empty" className="grid max-w-2xl gap-4 rounded-2xl border border-dashed border-brand-800/40 bg-white p-8">
      <h2 id="roadmap-empty" className="text-2xl font-bold text-ink">
        Build {childName}&apos;s roadmap
      </h2>
      <p className="text-ink">
        Trelli builds the roadmap from {childName}&apos;s profile: the support plan&apos;s review date, the last evaluation, the grade
        and the goals you track. You get the meetings, checkpoints and school-year moments ahead, each with why it matters and what to
        do.
      </p>
      {triedAlready ? (
        <output className="block rounded-lg bg-sun px-4 py-3 text-ink">
          There was nothing to build from yet. Add the plan review date, the last evaluation date or the grade to {childName}&apos;s
          profile, or add a milestone of your own.
        </output>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={onGenerate} loading={generating}>
          Build my roadmap
        </Button>
        <Link to={`${PATHS.onboarding}?edit`} className={buttonClasses({ variant: 'link' })}>
          Add dates to {childName}&apos;s profile
        </Link>
      </div>
    </section>
  );
}

/** /roadmap: the selected child's milestones, the next three first, then month by month. */
export default function RoadmapPage() {
  const { selectedChild } = useChildContext();
  const sixMonths = useFeatureFlag('FLAG_ROADMAP_V2_6MO');
  const horizonLabel = sixMonths ? 'six months' : 'three months';
  const milestones = useMilestones();
  const generate = useGenerateRoadmap();
  const [adding, setAdding] = useState(false);
  const [triedEmpty, setTriedEmpty] = useState(false);
  const today = localTodayIso();
  const list = milestones.data;
  const comingUp = useMemo(() => nextMilestones(list ?? [], today), [list, today]);

  if (!selectedChild) {
    return (
      <div className="grid gap-6">
        <h1 className="text-3xl font-bold text-ink">Roadmap</h1>
        <p className="text-ink">Add your child&apos;s profile first, and Trelli will map out the months ahead.</p>
        <div>
          <Link to={PATHS.onboarding} className={buttonClasses()}>
            Add your child
          </Link>
        </div>
      </div>
    );
  }

  const name = selectedChild.firstName;
  const runGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: (result) => {
        if (list && list.length === 0 && result.created === 0) setTriedEmpty(true);
      },
    });

  return (
    <div className="grid gap-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid max-w-2xl gap-1">
          <h1 className="text-3xl font-bold text-ink">Roadmap</h1>
          <p className="text-ink-muted">
            The next {horizonLabel} for {name}: plan reviews, evaluations, progress reports and school-year moments.
          </p>
        </div>
        {list && list.length > 0 ? (
          <div className="grid justify-items-end gap-2">
            <div className="flex flex-wrap gap-3">
              <Button variant="outline" onClick={() => setAdding((value) => !value)} aria-expanded={adding}>
                Add a milestone
              </Button>
              <Button variant="secondary" onClick={runGenerate} loading={generate.isPending} aria-describedby="roadmap-refresh-note">
                Refresh my roadmap
              </Button>
            </div>
            <p id="roadmap-refresh-note" className="max-w-xs text-right text-sm text-ink-muted">
              {REFRESH_NOTE}
            </p>
          </div>
        ) : null}
      </div>

      {milestones.isPending ? (
        <Spinner size="medium" label="Loading the roadmap" showLabel />
      ) : milestones.isError ? (
        <div role="alert" className="grid max-w-xl gap-3 rounded-2xl border border-red-700 bg-red-50 p-6">
          <p className="text-red-900">We could not load the roadmap. Please check your connection and try again.</p>
          <div>
            <Button variant="outline" onClick={() => void milestones.refetch()}>
              Try again
            </Button>
          </div>
        </div>
      ) : list && list.length === 0 ? (
        <>
          <EmptyRoadmap childName={name} onGenerate={runGenerate} generating={generate.isPending} triedAlready={triedEmpty} />
          {adding ? (
            <AddMilestone today={today} onClose={() => setAdding(false)} />
          ) : (
            <div>
              <Button variant="outline" onClick={() => setAdding(true)}>
                Add a milestone
              </Button>
            </div>
          )}
        </>
      ) : (
        <>
          {adding ? <AddMilestone today={today} onClose={() => setAdding(false)} /> : null}
          <ComingUp milestones={comingUp} today={today} />
          <Timeline milestones={list ?? []} today={today} horizonLabel={horizonLabel} />
        </>
      )}
    </div>
  );
}
