import { PagePlaceholder } from '../../components/page-placeholder.tsx';

export default function ObservationsPage() {
  return (
    <PagePlaceholder
      title="Observations"
      description="Note what you notice day to day (moments, patterns, wins and worries) and see them over time."
    />
  );
}
