import { BrowserRouter } from 'react-router-dom';
import { preloadPageForPath } from './pages.tsx';
import { SiteApp } from './site-app.tsx';

export { preloadPageForPath };

/** The site in the browser (main.tsx hydrates or mounts it once the current page has loaded). */
export function SiteBrowserApp() {
  return (
    <BrowserRouter>
      <SiteApp />
    </BrowserRouter>
  );
}
