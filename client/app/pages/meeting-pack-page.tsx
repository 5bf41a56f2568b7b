import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button.tsx';
import { PATHS } from '../../lib/paths.ts';
import { useChildContext } from '../child-context.tsx';
import { MeetingPackScreen } from '../features/snapshots/meeting-pack-screen.tsx';

/** /snapshots/meeting-pack: the selected child's IEP meeting pack (issue 27). */
export default function MeetingPackPage() {
  const { selectedChild } = useChildContext();
  if (!selectedChild) {
    return (
      <div className="grid gap-6">
        <h1 className="text-3xl font-bold text-ink">IEP meeting pack</h1>
        <p className="text-ink">Add your child&apos;s profile first, then bring their goals, progress and questions to the next review.</p>
        <div>
          <Link to={PATHS.onboarding} className={buttonClasses()}>
            Add your child
          </Link>
        </div>
      </div>
    );
  }
  // Keyed by child: another child's pack starts from its own state.
  return <MeetingPackScreen key={selectedChild.id} childName={selectedChild.firstName} />;
}
