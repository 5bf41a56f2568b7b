import { lazy, type ComponentType } from 'react';
import { pageForPath, type PublicPageName } from './paths.ts';

type PageModule = { default: ComponentType };

/**
 * One page, loaded on demand. Once its module has arrived (`preload()`), `Component` renders it
 * directly instead of through React.lazy, so a prerendered page hydrates without suspending and
 * the prerender can render every page synchronously.
 */
export interface LazyPage {
  Component: ComponentType;
  preload: () => Promise<void>;
}

function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let Loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = (): Promise<void> => {
    pending ??= load().then(
      (module) => {
        Loaded = module.default;
      },
      (error: unknown) => {
        pending = undefined; // let a later navigation try again
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(async (): Promise<PageModule> => {
    await preload();
    return { default: Loaded as ComponentType };
  });
  function Component() {
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return { Component, preload };
}

export const PAGES: Record<PublicPageName, LazyPage> = {
  index: lazyPage(() => import('./pages/home.tsx')),
  about: lazyPage(() => import('./pages/about.tsx')),
  features: lazyPage(() => import('./pages/features.tsx')),
  security: lazyPage(() => import('./pages/security.tsx')),
  pricing: lazyPage(() => import('./pages/pricing.tsx')),
  contact: lazyPage(() => import('./pages/contact.tsx')),
  privacy: lazyPage(() => import('./pages/privacy.tsx')),
  terms: lazyPage(() => import('./pages/terms.tsx')),
  'help-center': lazyPage(() => import('./pages/help-center.tsx')),
  brand: lazyPage(() => import('./pages/brand.tsx')),
  'beta-access': lazyPage(() => import('./pages/beta-access.tsx')),
  '404': lazyPage(() => import('./pages/not-found.tsx')),
};

/** Loads the page a pathname shows (before hydrating it). */
export function preloadPageForPath(pathname: string): Promise<void> {
  return PAGES[pageForPath(pathname).name].preload();
}

/** Loads every page (the prerender renders them all synchronously). */
export async function preloadAllPages(): Promise<void> {
  await Promise.all(Object.values(PAGES).map((page) => page.preload()));
}
