import { PagePlaceholder } from '../components/page-placeholder.tsx';

export default function FormEditPage() {
  return (
    <PagePlaceholder
      title="Form editor"
      description="When it is ready, you will build this form here and choose the questions a teacher or caregiver answers."
    />
  );
}
