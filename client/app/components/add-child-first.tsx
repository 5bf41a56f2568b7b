import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button.tsx';
import { PATHS } from '../../lib/paths.ts';

/**
 * What a child's screen shows before there is a child: its heading, a sentence of what the screen
 * will do (`children`), and "Add your child" to onboarding; `card` sets the two in a dashed card.
 */
export function AddChildFirst({ title, card = false, children }: { title: string; card?: boolean; children: ReactNode }) {
  const addChild = (
    <Link to={PATHS.onboarding} className={buttonClasses()}>
      Add your child
    </Link>
  );
  return (
    <div className="grid gap-6">
      <h1 className="text-3xl font-bold text-ink">{title}</h1>
      {card ? (
        <div className="grid max-w-2xl justify-items-start gap-3 rounded-2xl border border-dashed border-brand-800/40 bg-white p-6">
          <p className="text-lg text-ink">{children}</p>
          {addChild}
        </div>
      ) : (
        <>
          <p className="text-ink">{children}</p>
          <div>{addChild}</div>
        </>
      )}
    </div>
  );
}
