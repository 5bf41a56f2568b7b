import { Suspense, useEffect, useId, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/ui/skip-link.tsx';
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
    'flex min-h-11 items-center rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-ink no-underline hover:bg-brand-50 md:min-h-0',
    'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-800',
    isActive && 'bg-brand text-ink hover:bg-brand',
  );
}

/** The navigation entry for `pathname`, matched as the links are (the dashboard only exactly). */
function currentNavItem(pathname: string) {
  return APP_NAV.find((item) =>
    item.to === PATHS.dashboard
      ? pathname === item.to || pathname === `${item.to}/`
      : pathname === item.to || pathname.startsWith(`${item.to}/`),
  );
}

/**
 * Every screen, one tap away on any width: from the md breakpoint up the links wrap in rows; on a
 * phone a "Menu" button (naming the current screen) opens them all as a grid, and choosing one
 * closes it. The current screen's link has aria-current="page" (NavLink).
 */
function AppNav() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const current = currentNavItem(pathname);
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);
  return (
    <nav aria-label="App" className="mx-auto max-w-6xl px-4 pb-2 md:px-2">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-11 w-full items-center gap-2 rounded-md border border-ink/20 px-3 py-2 text-left text-sm font-semibold text-ink md:hidden focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-brand-800"
      >
        <span aria-hidden="true">{open ? '✕' : '☰'}</span>
        <span>Menu</span>
        {current ? (
          <>
            <span aria-hidden="true" className="text-ink-muted">
              ·
            </span>
            <span className="font-normal text-ink-muted">{current.label}</span>
          </>
        ) : null}
      </button>
      <ul id={listId} className={cn(open ? 'grid grid-cols-2 gap-1 pt-2' : 'hidden', 'md:flex md:flex-wrap md:gap-1 md:pt-0')}>
        {APP_NAV.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.to === PATHS.dashboard} className={navClasses} onClick={() => setOpen(false)}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The signed-in app's frame: a skip link, header (name, child switcher, sign-out), navigation between
 * the screens and the screen itself. The screen is keyed by the selected child, so switching child
 * remounts it and it can never keep showing the previous child's data.
 */
export function AppShell() {
  const signOut = useSignOut();
  const selectedChildId = useSelectedChildId();
  return (
    <div className="flex min-h-screen flex-col bg-brand-50/40">
      <SkipLink />
      <header className="border-b border-ink/10 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <NavLink to={PATHS.dashboard} className="text-xl font-bold text-ink no-underline">
            Trelli
          </NavLink>
          <div className="flex max-w-full min-w-0 flex-wrap items-center gap-3">
            <ChildSwitcher />
            <Button variant="outline" size="sm" onClick={() => void signOut()}>
              Sign out
            </Button>
          </div>
        </div>
        <AppNav />
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 outline-none">
        <Suspense fallback={<LoadingScreen />}>
          <Outlet key={selectedChildId ?? 'no-child'} />
        </Suspense>
      </main>
    </div>
  );
}
