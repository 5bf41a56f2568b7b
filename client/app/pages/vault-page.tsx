import { useChildContext } from '../child-context.tsx';
import { AddChildFirst } from '../components/add-child-first.tsx';
import { VaultScreen } from '../features/documents/vault-screen.tsx';

/** /vault for the selected child: their documents, kept encrypted, searchable to the word. */
export default function VaultPage() {
  const { selectedChild } = useChildContext();

  // RequireChildContext shows a screen only once a child is selected, if there is one: no child
  // selected here means none has been added yet.
  if (!selectedChild) {
    return (
      <AddChildFirst title="Document vault" card>
        Add your child first, then keep their documents here.
      </AddChildFirst>
    );
  }

  return <VaultScreen key={selectedChild.id} childName={selectedChild.firstName} />;
}
