import { useParams } from 'react-router-dom';
import { useChildContext } from '../child-context.tsx';
import { AddChildFirst } from '../components/add-child-first.tsx';
import { FormEditor } from '../features/forms/form-editor.tsx';

/** The form's id in the address, when it is one; null for anything else (the editor says it is not found). */
function formIdOf(param: string | undefined): number | null {
  return param !== undefined && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;
}

/**
 * /forms/{id}/edit: one smart form of the selected child (issue 28), its questions, the phone preview,
 * its links and "Send to someone". Forms are listed on Snapshots.
 */
export default function FormEditPage() {
  const { selectedChild } = useChildContext();
  const { formId } = useParams();
  if (!selectedChild) {
    return <AddChildFirst title="Edit a form">Add your child first, then ask their teachers and therapists for data.</AddChildFirst>;
  }
  const id = formIdOf(formId);
  // Keyed by child and form: another child's or form's editor starts from its own saved copy.
  return <FormEditor key={`${selectedChild.id}-${id ?? 'none'}`} formId={id} firstName={selectedChild.firstName} />;
}
