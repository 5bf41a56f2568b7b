import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export default function ProgressPlannerPage() {
  return (
    <PagePlaceholder
      title="Progress planner"
      description="Plan goals and strategies for your child, and follow how they are going over time."
    />
  );
}
