import { PagePlaceholder } from '../components/page-placeholder.tsx';

export default function SnapshotsPage() {
  return (
    <PagePlaceholder
      title="Snapshots"
      description="When it is ready, you will make a one-page summary of your child here, to share with teachers, doctors and caregivers."
    />
  );
}
