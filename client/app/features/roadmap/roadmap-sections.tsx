import { EMPTY_STATE_GUIDES } from '#shared/guide.ts';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { childActions } from '#shared/schemas/child.ts';
import { milestoneActions, type Milestone } from '#shared/schemas/milestone.ts';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { RoleGate } from '../../components/child-role.tsx';
import { MilestoneForm } from './milestone-form.tsx';
import { MilestoneItem } from './milestone-item.tsx';
import { groupByMonth } from './roadmap-timeline.ts';
import { useCreateMilestone } from './use-milestones.ts';
import { GuideLink } from '../../components/guide-link.tsx';

/* The roadmap screen's sections; the page (client/app/pages/roadmap-page.tsx) arranges them. */

/** The next open milestones, as cards. */
export function ComingUp({ milestones, today }: { milestones: Milestone[]; today: string }) {
  return (
    <section aria-labelledby="roadmap-coming-up" className="grid gap-4">
      <h2 id="roadmap-coming-up" className="text-2xl font-bold text-ink">
        Coming up
      </h2>
      {milestones.length === 0 ? (
        <p className="rounded-2xl border border-ink/10 bg-white p-5 text-ink">
          Nothing is due soon.
          <RoleGate action={milestoneActions.create}> Take a breath, or add a milestone of your own.</RoleGate>
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

/** Every milestone, month by month. */
export function Timeline({ milestones, today, horizonLabel }: { milestones: Milestone[]; today: string; horizonLabel: string }) {
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

/** The parent's own milestone: a title and a date are enough. */
export function AddMilestone({ today, onClose }: { today: string; onClose(): void }) {
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

/** Before there is a roadmap: what it will hold and a button to build it. */
export function EmptyRoadmap({
  childName,
  onGenerate,
  generating,
  triedAlready,
}: {
  childName: string;
  onGenerate(): void;
  generating: boolean;
  triedAlready: boolean;
}) {
  return (
    <section
      aria-labelledby="roadmap-empty"
      className="grid max-w-2xl gap-4 rounded-2xl border border-dashed border-brand-800/40 bg-white p-8"
    >
      <h2 id="roadmap-empty" className="text-2xl font-bold text-ink">
        Build {childName}&apos;s roadmap
      </h2>
      <p className="text-ink">
        Trelli builds the roadmap from {childName}&apos;s profile: the support plan&apos;s review date, the last evaluation, the grade and
        the goals you track. You get the meetings, checkpoints and school-year moments ahead, each with why it matters and what to do.
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
        <RoleGate action={childActions.update}>
          <Link to={`${PATHS.onboarding}?edit`} className={buttonClasses({ variant: 'link' })}>
            Add dates to {childName}&apos;s profile
          </Link>
        </RoleGate>
      </div>
      <GuideLink link={EMPTY_STATE_GUIDES.roadmap} />
    </section>
  );
}
