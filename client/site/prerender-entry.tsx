import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { preloadAllPages } from './pages.tsx';
import { NOT_FOUND_PAGE, PUBLIC_PAGES, pageFileName, type SitePage } from './paths.ts';
import { SiteApp } from './site-app.tsx';

/** Built with `vite build --ssr` and used by scripts/prerender.ts. */
export { NOT_FOUND_PAGE, PUBLIC_PAGES, pageFileName, preloadAllPages };
export type { SitePage };

/** Where the not-found page is rendered from: any path no route matches. */
export const NOT_FOUND_RENDER_PATH = '/__trelli-not-found__';

/** The HTML of one page inside #root. Call `preloadAllPages()` once first so nothing suspends. */
export function renderPage(page: SitePage): string {
  const location = page.path === NOT_FOUND_PAGE.path ? NOT_FOUND_RENDER_PATH : page.path;
  return renderToString(
    <StrictMode>
      <StaticRouter location={location}>
        <SiteApp />
      </StaticRouter>
    </StrictMode>,
  );
}
