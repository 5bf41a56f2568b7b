import { isAvailable, type FeatureId } from './content/feature-status.ts';
import { capitalise, listOf } from './content/words.ts';

/**
 * The public site's routes (SPEC §2). One entry per page: its path, the file the prerender writes
 * (`dist/client/site/<file>`), the document title and description, and the page's one h1.
 * No React here, so the build script and the tests can read it too.
 */
export interface PublicPage {
  /** The route, matched case-sensitively; `*` for the not-found page. */
  path: string;
  /** Key of the page's module in `pages.tsx`, and its file name without `.html`. */
  name: string;
  /** `<title>` of the page. */
  title: string;
  /** `<meta name="description">` of the page. */
  description: string;
  /** The page's only h1. */
  heading: string;
}

export const PRODUCT_NAME = 'Trelli';
export const TAGLINE = 'track. plan. thrive.';
export const FOOTER_DESCRIPTION = 'Tools, insight and support for families of kids who learn and think differently.';
export const FOOTER_STRAPLINE = 'Smarter tools for real family life';
/** SPEC §9: the copyright year. */
export const COPYRIGHT_YEAR = 2025;
/** Where "Sign In" and "Continue to Trelli" lead: the authenticated app (full page loads, not site routes). */
export const SIGN_IN_PATH = '/sign-in';
export const APP_HOME_PATH = '/app';
/** The page the beta gate sends a signed-up parent to (SPEC §2). */
export const BETA_ACCESS_PATH = '/beta-access';

/** The tour's features as the page descriptions name them, in tour order (see content/features.ts). */
const DESCRIBED: ReadonlyArray<readonly [FeatureId, string]> = [
  ['child-profile', 'a child profile'],
  ['observations', 'observations'],
  ['progress-planner', 'goals with their strategies'],
  ['roadmap', 'a roadmap of milestones'],
  ['document-vault', 'a document vault'],
  ['reimbursements', 'reimbursements'],
  ['snapshots', 'one-page snapshots to share'],
  ['smart-forms', 'smart forms for teachers'],
  ['guide', 'a guide'],
];
const working = listOf(DESCRIBED.filter(([id]) => isAvailable(id)).map(([, words]) => words));
const coming = listOf(DESCRIBED.filter(([id]) => !isAvailable(id)).map(([, words]) => words));
const helpTopics = listOf([
  'getting started',
  'child profiles',
  ...(isAvailable('document-vault') || isAvailable('reimbursements') ? ['documents'] : []),
  ...(isAvailable('snapshots') || isAvailable('smart-forms') ? ['sharing'] : []),
  'privacy',
  'your account',
]);

export const PUBLIC_PAGES = [
  {
    path: '/',
    name: 'index',
    title: 'Trelli: track. plan. thrive.',
    description: `Trelli keeps what you know about your child who learns and thinks differently in one calm place: ${working}.${coming ? ' More is on the way.' : ''}`,
    heading: 'The whole picture of your child, in one calm place',
  },
  {
    path: '/about',
    name: 'about',
    title: 'About Trelli',
    description:
      'Why Trelli exists: parents of kids with ADHD, dyslexia, autism, anxiety and IEP or 504 plans deserve one place to keep track, plan and help their child thrive.',
    heading: 'Built for the parent who holds it all together',
  },
  {
    path: '/features',
    name: 'features',
    title: 'Features · Trelli',
    description: coming
      ? `What works in Trelli today: ${working}. On the way: ${coming}.`
      : `${capitalise(working)}: everything Trelli does for your family.`,
    heading: 'Everything Trelli does for your family',
  },
  {
    path: '/security',
    name: 'security',
    title: 'Security and privacy · Trelli',
    description:
      'How Trelli protects your family’s information: strict access control, encryption in transit, and we never sell your data.',
    heading: 'Your child’s story stays yours',
  },
  {
    path: '/pricing',
    name: 'pricing',
    title: 'Pricing · Trelli',
    description: 'Trelli is free for families during the beta, with every feature included and no card needed.',
    heading: 'Simple pricing for busy families',
  },
  {
    path: '/contact',
    name: 'contact',
    title: 'Contact us · Trelli',
    description: 'Questions, ideas or a privacy request? Write to the Trelli team; a real person replies within two working days.',
    heading: 'Talk to a real person',
  },
  {
    path: '/privacy',
    name: 'privacy',
    title: 'Privacy Policy · Trelli',
    description: 'What Trelli collects, why, who can see it, how long we keep it, and the choices you have.',
    heading: 'Privacy Policy',
  },
  {
    path: '/terms',
    name: 'terms',
    title: 'Terms of Service · Trelli',
    description: 'The terms for using Trelli, written to be read.',
    heading: 'Terms of Service',
  },
  {
    path: '/help-center',
    name: 'help-center',
    title: 'Help Center · Trelli',
    description: `Answers to common questions about Trelli: ${helpTopics}.`,
    heading: 'Help Center',
  },
  {
    path: '/brand',
    name: 'brand',
    title: 'Brand and logo · Trelli',
    description: 'The Trelli logo on light and dark backgrounds, our colors and how to use them.',
    heading: 'The Trelli brand',
  },
  {
    path: BETA_ACCESS_PATH,
    name: 'beta-access',
    title: 'Welcome to the beta · Trelli',
    description: 'Trelli is in beta. Here is what that means for your family, and how to get started.',
    heading: 'Welcome to the Trelli beta',
  },
] as const satisfies readonly PublicPage[];

export const NOT_FOUND_PAGE = {
  path: '*',
  name: '404',
  title: 'Page not found · Trelli',
  description: 'We could not find that page on Trelli.',
  heading: 'We couldn’t find that page',
} as const satisfies PublicPage;

/** Any page of the site, with its literal name. */
export type SitePage = (typeof PUBLIC_PAGES)[number] | typeof NOT_FOUND_PAGE;
export type PublicPageName = SitePage['name'];

/** The entry for a public page by its name. */
export function publicPage(name: PublicPageName): SitePage {
  if (name === NOT_FOUND_PAGE.name) return NOT_FOUND_PAGE;
  const page = PUBLIC_PAGES.find((entry) => entry.name === name);
  if (!page) throw new Error(`Unknown public page: ${name}`);
  return page;
}

/**
 * The page a pathname shows: exact and case-sensitive, one trailing slash ignored (as the router
 * does); the not-found page for anything else.
 */
export function pageForPath(pathname: string): SitePage {
  const normalised = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return PUBLIC_PAGES.find((entry) => entry.path === normalised) ?? NOT_FOUND_PAGE;
}

/** The prerendered file for a page: `/` → `index.html`, `/about` → `about.html`, not found → `404.html`. */
export function pageFileName(page: PublicPage): string {
  return `${page.name}.html`;
}
