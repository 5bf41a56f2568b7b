import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { PATHS } from '../../lib/paths.ts';
import { useSignOut } from '../auth/use-sign-out.ts';
import { useSelectedChildId } from '../child-context.tsx';
import { ChildSwitcher } from './child-switcher.tsx';
import { LoadingScreen } from './status-screens.tsx';

export const APP_NAV = [
  { to: PATHS.dashboard, label: 'Dashboard' },
  { to: PATHS.observations, label: 'Observations' },
  { to: PATHS.progressPlanner, label: 'Progress planner' },
  { to: PATHS.roadmap, label: 'Roadmap' },
  { to: PATHS.snapshots, label: 'Snapshots' },
  { to: PATHS.forms, label: 'Forms' },
  { to: PATHS.vault, label: 'Vault' },
  { to: PATHS.reimbursements, label: 'Reimbursements' },
  { to: PATHS.guide, label: 'Guide' },
  { to: PATHS.settings, label: 'Settings' },
] as const;

function navClasses({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-ink no-underline hover:bg-brand-50',
    'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-800',
    isActive && 'bg-brand text-ink hover:bg-brand',
  );
}

/**
 * The signed-in app's frame: header (name, child switcher, sign-out), navigation between the screens
 * and the screen itself. The screen is keyed by the selected child, so switching child remounts it
 * and it can never keep showing the previous child's data.
 */
export function AppShell() {
  const signOut = useSignOut();
  const selectedChildId = useSelectedChildId();
  return (
    <div className="flex min-h-screen flex-col bg-brand-50/40">
      <header className="border-b border-ink/10 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <NavLink to={PATHS.dashboard} className="text-xl font-bold text-ink no-underline">
            Trelli
          </NavLink>
          <div className="flex flex-wrap items-center gap-3">
            <ChildSwitcher />
            <Button variant="outline" size="sm" onClick={() => void signOut()}>
              Sign out
            </Button>
          </div>
        </div>
        <nav aria-label="App" className="mx-auto max-w-6xl overflow-x-auto px-2 pb-2">
          <ul className="flex gap-1">
            {APP_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === PATHS.dashboard} className={navClasses}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
        <Suspense fallback={<LoadingScreen />}>
          <Outlet key={selectedChildId ?? 'no-child'} />
        </Suspense>
      </main>
    </div>
  );
}
