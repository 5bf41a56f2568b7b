import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button.tsx';
import { PATHS } from '../../lib/paths.ts';
import { useChildContext } from '../child-context.tsx';
import { ReimbursementsScreen } from '../features/reimbursements/reimbursements-screen.tsx';

/** /reimbursements: the selected child's funders, expenses, claims and deadlines. */
export default function ReimbursementsPage() {
  const { selectedChild } = useChildContext();
  if (!selectedChild) {
    return (
      <div className="grid gap-6">
        <h1 className="text-3xl font-bold text-ink">Reimbursements</h1>
        <p className="text-ink">Add your child&apos;s profile first, then keep track of what you paid and what is paid back.</p>
        <div>
          <Link to={PATHS.onboarding} className={buttonClasses()}>
            Add your child
          </Link>
        </div>
      </div>
    );
  }
  // Keyed by child: the period, filters and open forms start over for another child.
  return <ReimbursementsScreen key={selectedChild.id} childName={selectedChild.firstName} />;
}
