import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button.tsx';
import { PATHS } from '../../lib/paths.ts';

/** SPEC §2, §8: any unknown path in the app. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-brand-50 p-6">
      <div className="grid max-w-md justify-items-center gap-4 text-center">
        <p className="text-5xl font-bold text-brand-800" aria-hidden="true">
          404
        </p>
        <h1 className="text-xl font-semibold text-ink">This page could not be found.</h1>
        <Link to={PATHS.dashboard} className={buttonClasses()}>
          Go to Dashboard
        </Link>
      </div>
    </main>
  );
}
