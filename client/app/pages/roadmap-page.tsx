import { useMemo, useState } from 'react';
import { milestoneActions } from '#shared/schemas/milestone.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { localToday } from '../../lib/dates.ts';
import { useChildContext } from '../child-context.tsx';
import { AddChildFirst } from '../components/add-child-first.tsx';
import { RoleGate, ViewOnlyNote } from '../components/child-role.tsx';
import { useFeatureFlag } from '../feature-flags.tsx';
import { AddMilestone, ComingUp, EmptyRoadmap, Timeline } from '../features/roadmap/roadmap-sections.tsx';
import { nextMilestones } from '../features/roadmap/roadmap-timeline.ts';
import { useGenerateRoadmap, useMilestones } from '../features/roadmap/use-milestones.ts';

const REFRESH_NOTE = 'Refreshing keeps everything you added, changed or finished.';

/** /roadmap: the selected child's milestones, the next three first, then month by month. */
export default function RoadmapPage() {
  const { selectedChild } = useChildContext();
  const sixMonths = useFeatureFlag('FLAG_ROADMAP_V2_6MO');
  const horizonLabel = sixMonths ? 'six months' : 'three months';
  const milestones = useMilestones();
  const generate = useGenerateRoadmap();
  const [adding, setAdding] = useState(false);
  const [triedEmpty, setTriedEmpty] = useState(false);
  const today = localToday();
  const list = milestones.data;
  const comingUp = useMemo(() => nextMilestones(list ?? [], today), [list, today]);

  if (!selectedChild) {
    return <AddChildFirst title="Roadmap">Add your child&apos;s profile first, and Trelli will map out the months ahead.</AddChildFirst>;
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
          <ViewOnlyNote />
        </div>
        {list && list.length > 0 ? (
          <RoleGate action={[milestoneActions.create, milestoneActions.regenerate]}>
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
          </RoleGate>
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
        <RoleGate
          action={[milestoneActions.regenerate, milestoneActions.create]}
          otherwise={<p className="text-ink">Nothing is on {name}&apos;s roadmap yet.</p>}
        >
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
        </RoleGate>
      ) : (
        <>
          {adding ? (
            <RoleGate action={milestoneActions.create}>
              <AddMilestone today={today} onClose={() => setAdding(false)} />
            </RoleGate>
          ) : null}
          <ComingUp milestones={comingUp} today={today} />
          <Timeline milestones={list ?? []} today={today} horizonLabel={horizonLabel} />
        </>
      )}
    </div>
  );
}
