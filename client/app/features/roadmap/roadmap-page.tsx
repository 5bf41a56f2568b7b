import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export default function RoadmapPage() {
  return (
    <PagePlaceholder
      title="Roadmap"
      description="See the milestones ahead for your child over the coming months."
    />
  );
}
