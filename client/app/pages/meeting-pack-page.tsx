import { useChildContext } from '../child-context.tsx';
import { AddChildFirst } from '../components/add-child-first.tsx';
import { MeetingPackScreen } from '../features/snapshots/meeting-pack-screen.tsx';

/** /snapshots/meeting-pack: the selected child's IEP meeting pack (issue 27). */
export default function MeetingPackPage() {
  const { selectedChild } = useChildContext();
  if (!selectedChild) {
    return (
      <AddChildFirst title="IEP meeting pack">
        Add your child&apos;s profile first, then bring their goals, progress and questions to the next review.
      </AddChildFirst>
    );
  }
  // Keyed by child: another child's pack starts from its own state.
  return <MeetingPackScreen key={selectedChild.id} childName={selectedChild.firstName} />;
}
