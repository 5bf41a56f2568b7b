import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button.tsx';
import { PATHS } from '../../lib/paths.ts';

/** SPEC §2: /forms is a placeholder with a button to Snapshots. */
export default function FormsPage() {
  return (
    <div className="grid gap-6">
      <h1 className="text-3xl font-bold text-ink">Smart Forms - Coming Soon</h1>
      <section
        aria-label="About Smart Forms"
        className="grid max-w-2xl gap-4 rounded-2xl border border-dashed border-brand-800/40 bg-white p-8"
      >
        <p className="text-lg text-ink">
          This feature is under development. Smart Forms will let teachers and caregivers fill in forms about your child that flow straight
          into Trelli.
        </p>
        <p className="text-ink-muted">
          Smart forms work from Snapshots: choose Ask a teacher there, or Ask for data on a goal in the progress planner. Answers wait on
          Snapshots for you to approve.
        </p>
        <div>
          <Link to={PATHS.snapshots} className={buttonClasses()}>
            Go to Snapshots
          </Link>
        </div>
      </section>
    </div>
  );
}
