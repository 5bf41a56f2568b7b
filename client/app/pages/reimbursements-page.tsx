import { useChildContext } from '../child-context.tsx';
import { AddChildFirst } from '../components/add-child-first.tsx';
import { ReimbursementsScreen } from '../features/reimbursements/reimbursements-screen.tsx';

/** /reimbursements: the selected child's funders, expenses, claims and deadlines. */
export default function ReimbursementsPage() {
  const { selectedChild } = useChildContext();
  if (!selectedChild) {
    return (
      <AddChildFirst title="Reimbursements">
        Add your child&apos;s profile first, then keep track of what you paid and what is paid back.
      </AddChildFirst>
    );
  }
  // Keyed by child: the period, filters and open forms start over for another child.
  return <ReimbursementsScreen key={selectedChild.id} childName={selectedChild.firstName} />;
}
