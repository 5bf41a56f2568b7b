import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button.tsx';
import { PATHS } from '../../lib/paths.ts';
import { useChildContext } from '../child-context.tsx';
import { VaultScreen } from '../features/documents/vault-screen.tsx';

/** /vault for the selected child: their documents, kept encrypted, searchable to the word. */
export default function VaultPage() {
  const { selectedChild } = useChildContext();

  // RequireChildContext shows a screen only once a child is selected, if there is one: no child
  // selected here means none has been added yet.
  if (!selectedChild) {
    return (
      <div className="grid gap-6">
        <h1 className="text-3xl font-bold text-ink">Document vault</h1>
        <div className="grid max-w-2xl justify-items-start gap-3 rounded-2xl border border-dashed border-brand-800/40 bg-white p-6">
          <p className="text-lg text-ink">Add your child first, then keep their documents here.</p>
          <Link to={PATHS.onboarding} className={buttonClasses()}>
            Add your child
          </Link>
        </div>
      </div>
    );
  }

  return <VaultScreen key={selectedChild.id} childName={selectedChild.firstName} />;
}
