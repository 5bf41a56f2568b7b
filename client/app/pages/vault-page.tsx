import { PagePlaceholder } from '../components/page-placeholder.tsx';

export default function VaultPage() {
  return (
    <PagePlaceholder
      title="Document vault"
      description="Keep your child's important documents in one safe place: evaluations, IEP and 504 plans, report cards and medical records."
    />
  );
}
