import { PagePlaceholder } from '../components/page-placeholder.tsx';

export default function ReimbursementsPage() {
  return (
    <PagePlaceholder
      title="Reimbursements"
      description="When it is ready, you will keep track here of therapy, tutoring and other costs, and of what has been paid back."
    />
  );
}
