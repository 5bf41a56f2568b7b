import { useParams } from 'react-router-dom';
import { PATHS } from '../../lib/paths.ts';

/** SPEC §2: the form fill screen is open without signing in (a teacher follows a parent's link). */
export default function FormFillPage() {
  const { formId } = useParams();
  return (
    <div className="flex min-h-screen flex-col bg-brand-50">
      <header className="border-b border-ink/10 bg-white px-4 py-3">
        <a href={PATHS.home} className="text-xl font-bold text-ink no-underline">
          Trelli
        </a>
      </header>
      <main className="mx-auto grid w-full max-w-2xl gap-4 px-4 py-10">
        <h1 className="text-3xl font-bold text-ink">Fill in a form</h1>
        <p className="text-lg text-ink">
          This form{formId ? ` (${formId})` : ''} is not ready to be filled in yet. Smart Forms are under development.
        </p>
        <p className="text-ink-muted">Please check back later, or ask the family who shared it with you.</p>
      </main>
    </div>
  );
}
