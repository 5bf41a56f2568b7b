import { PagePlaceholder } from '../components/page-placeholder.tsx';

export default function SnapshotsPage() {
  return (
    <PagePlaceholder
      title="Snapshots"
      description="Create a one-page summary of your child to share with teachers, doctors and caregivers."
    />
  );
}
