import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { buttonVariants } from '../../components/ui/button-variants.ts';
import { clsx } from 'clsx';
import { BETA_ACCESS_PATH, SIGN_IN_PATH, TAGLINE } from '../paths.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { Logo } from './logo.tsx';

export const MAIN_NAV = [
  { to: '/about', label: 'About' },
  { to: '/features', label: 'Features' },
  { to: '/security', label: 'Security' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
] as const;

const MOBILE_MENU_ID = 'site-mobile-menu';

function navLinkClasses({ isActive }: { isActive: boolean }) {
  return clsx(
    'rounded-md px-3 py-2 font-medium text-ink hover:bg-brand-50 hover:text-brand-900',
    isActive && 'bg-brand-100 text-brand-900 underline decoration-2 underline-offset-4',
  );
}

/** Sticky header: name and tagline, the main navigation (a menu on small screens) and Sign In. */
export function SiteHeader() {
  const { pathname } = useLocation();
  // The menu is open on the page where it was opened: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  // Prerendered, the button does nothing until React takes the page over: a tap before that would be lost.
  const hydrated = useHydrated();
  const setMenuOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  const menuButton = useRef<HTMLButtonElement>(null);

  // Escape closes it and gives focus back to the button that opened it.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenOn(null);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b border-brand-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Link to="/" className="mr-auto rounded-md">
          <Logo tagline={TAGLINE} />
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={navLinkClasses}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {/* The beta page greets a parent who has just signed up: "Sign In" would read as if they had not. */}
        {pathname === BETA_ACCESS_PATH ? null : (
          <a href={SIGN_IN_PATH} className={buttonVariants({ size: 'sm', className: 'md:ml-3' })}>
            Sign In
          </a>
        )}
        <button
          ref={menuButton}
          type="button"
          className={buttonVariants({ variant: 'ghost', size: 'icon', className: 'md:hidden' })}
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          aria-label="Menu"
          disabled={!hydrated}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            {menuOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
      <nav id={MOBILE_MENU_ID} aria-label="Main menu" hidden={!menuOpen} className="border-t border-brand-200 bg-white md:hidden">
        <ul className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3">
          {MAIN_NAV.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                className={(state) => clsx(navLinkClasses(state), 'block py-3 text-lg')}
                onClick={() => setMenuOpen(false)}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
