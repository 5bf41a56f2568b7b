import { useRef, useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { goalActions } from '#shared/schemas/goal.ts';
import { observationActions } from '#shared/schemas/observation.ts';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { PATHS } from '../../lib/paths.ts';
import { useChildContext } from '../child-context.tsx';
import { RoleGate, ViewOnlyNote } from '../components/child-role.tsx';
import { ActivityFeed } from '../features/dashboard/activity-feed.tsx';
import { ChildCard } from '../features/dashboard/child-card.tsx';
import { DashboardStats } from '../features/dashboard/dashboard-stats.tsx';
import { RoadmapBanner } from '../features/dashboard/roadmap-banner.tsx';
import { useArrivalToast } from '../features/dashboard/use-dashboard.ts';
import { ForYouCard } from '../features/guide/for-you.tsx';
import { QuickObservationForm } from '../features/observations/quick-observation-form.tsx';
import { QuickProgressForm } from '../features/progress-planner/quick-progress-form.tsx';

type Panel = 'observation' | 'progress';

const PANEL_TITLES: Record<Panel, string> = { observation: 'Log an observation', progress: 'Add progress' };

/**
 * /app: the selected child's card, the roadmap banner after onboarding, quick actions (log an
 * observation, add progress) that open their form right here, the numbers and the recent activity.
 */
export default function DashboardPage() {
  const { selectedChild } = useChildContext();
  const [panel, setPanel] = useState<Panel | null>(null);
  const triggers = useRef<Record<Panel, HTMLButtonElement | null>>({ observation: null, progress: null });
  const panelRef = useRef<HTMLElement>(null);
  useArrivalToast();

  // RequireChildContext shows a screen only once a child is selected, if there is one: no child
  // selected here means none has been added yet.
  if (!selectedChild) return <Navigate to={PATHS.onboarding} replace />;

  const open = (which: Panel) => {
    setPanel(which);
    requestAnimationFrame(() => panelRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' }));
  };
  const close = () => {
    const was = panel;
    setPanel(null);
    if (was) requestAnimationFrame(() => triggers.current[was]?.focus());
  };
  const toggle = (which: Panel) => (panel === which ? close() : open(which));

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-ink">Dashboard</h1>
        <Link to={PATHS.newChild} className={buttonClasses({ variant: 'outline' })}>
          Add a child
        </Link>
      </div>
      <ViewOnlyNote />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ChildCard child={selectedChild} />
        <RoleGate action={[observationActions.create, goalActions.addProgress]}>
          <div className="grid content-start gap-3 rounded-2xl border border-ink/10 bg-white p-6 shadow-sm">
            <h2 className="text-xl font-bold text-ink">Quick actions</h2>
            <button
              type="button"
              ref={(element) => {
                triggers.current.observation = element;
              }}
              className={buttonClasses()}
              aria-expanded={panel === 'observation'}
              aria-controls={panel ? 'dashboard-quick-panel' : undefined}
              onClick={() => toggle('observation')}
            >
              Log an observation
            </button>
            <button
              type="button"
              ref={(element) => {
                triggers.current.progress = element;
              }}
              className={buttonClasses({ variant: 'outline' })}
              aria-expanded={panel === 'progress'}
              aria-controls={panel ? 'dashboard-quick-panel' : undefined}
              onClick={() => toggle('progress')}
            >
              Add progress
            </button>
          </div>
        </RoleGate>
      </div>
      <RoadmapBanner />
      {panel ? (
        <RoleGate action={panel === 'observation' ? observationActions.create : goalActions.addProgress}>
          <section
            ref={panelRef}
            id="dashboard-quick-panel"
            aria-labelledby="dashboard-quick-panel-heading"
            className="grid gap-4 rounded-2xl border border-brand-300 bg-white p-6 shadow-sm"
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="dashboard-quick-panel-heading" className="text-xl font-bold text-ink">
                {PANEL_TITLES[panel]} for {selectedChild.firstName}
              </h2>
              <Button variant="ghost" size="sm" onClick={close}>
                Close
              </Button>
            </div>
            {panel === 'observation' ? (
              // The parent just asked for this form, so the cursor goes straight to "What happened".
              // oxlint-disable-next-line jsx-a11y/no-autofocus
              <QuickObservationForm autoFocus compact onSaved={close} />
            ) : (
              <QuickProgressForm onSaved={close} />
            )}
          </section>
        </RoleGate>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <DashboardStats onLogObservation={() => open('observation')} />
        <div className="grid content-start gap-6">
          <ForYouCard />
          <ActivityFeed onLogObservation={() => open('observation')} />
        </div>
      </div>
    </div>
  );
}
