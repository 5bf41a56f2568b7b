import { PagePlaceholder } from '../components/page-placeholder.tsx';

export default function FormEditPage() {
  return (
    <PagePlaceholder
      title="Form editor"
      description="Here you will be able to build this form and choose the questions a teacher or caregiver answers."
    />
  );
}
