import { Link } from 'react-router-dom';
import { COPYRIGHT_YEAR, FOOTER_DESCRIPTION, FOOTER_STRAPLINE, PRODUCT_NAME } from '../paths.ts';
import { Logo } from './logo.tsx';

export const FOOTER_COLUMNS = [
  {
    title: 'Product',
    links: [
      { to: '/about', label: 'About' },
      { to: '/features', label: 'Features' },
      { to: '/security', label: 'Security' },
      { to: '/pricing', label: 'Pricing' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/help-center', label: 'Help Center' },
      { to: '/contact', label: 'Contact Us' },
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms of Service' },
    ],
  },
] as const;

const linkClasses = 'rounded-sm text-brand-100 underline-offset-4 hover:text-white hover:underline';

export function SiteFooter() {
  return (
    <footer className="bg-brand-900 text-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="max-w-sm">
          <Logo tone="dark" />
          <p className="mt-4 text-brand-100">{FOOTER_DESCRIPTION}</p>
          <p className="mt-3 font-semibold text-brand">{FOOTER_STRAPLINE}</p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-bold tracking-wide text-white uppercase">{column.title}</h2>
            <ul className="mt-4 space-y-3">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className={linkClasses}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-5 text-sm text-brand-100 sm:px-6">
          <p>{`© ${COPYRIGHT_YEAR} ${PRODUCT_NAME}`}</p>
          <Link to="/brand" className={linkClasses}>
            Brand and logo
          </Link>
        </div>
      </div>
    </footer>
  );
}
