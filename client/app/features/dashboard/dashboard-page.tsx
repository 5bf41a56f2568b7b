import { Link, Navigate } from 'react-router-dom';
import type { Child } from '../../../../shared/schemas/child.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { ageLabel, childDisplayName, gradeLabel, supportPlanLabel } from '../../../lib/child-labels.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useChildContext } from '../../child-context.tsx';

function ChildCard({ child }: { child: Child }) {
  const name = childDisplayName(child);
  return (
    <section aria-labelledby="child-card-name" className="grid gap-4 rounded-2xl border border-ink/10 bg-white p-6 shadow-sm">
      <div className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex size-14 items-center justify-center rounded-full text-xl font-bold text-ink"
          style={{ backgroundColor: child.avatarColor ?? '#B5D5D0' }}
        >
          {child.firstName.slice(0, 1).toUpperCase()}
        </span>
        <h2 id="child-card-name" className="text-2xl font-bold text-ink">
          {name}
        </h2>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm font-semibold text-ink-muted">Age</dt>
          <dd className="text-lg text-ink">{ageLabel(child.ageYears)}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink-muted">Grade</dt>
          <dd className="text-lg text-ink">{child.grade ? gradeLabel(child.grade) : 'Not added yet'}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold text-ink-muted">Support plan</dt>
          <dd className="text-lg text-ink">{child.supportPlan ? supportPlanLabel(child.supportPlan) : 'Not added yet'}</dd>
        </div>
      </dl>
    </section>
  );
}

/** /app: the selected child's card, with the switcher in the header and a way to add a child. */
export default function DashboardPage() {
  const { children, selectedChild } = useChildContext();
  if (children.length === 0) return <Navigate to={PATHS.onboarding} replace />;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-ink">Dashboard</h1>
        <Link to={PATHS.newChild} className={buttonClasses({ variant: 'outline' })}>
          Add a child
        </Link>
      </div>
      {selectedChild ? <ChildCard child={selectedChild} /> : null}
    </div>
  );
}
