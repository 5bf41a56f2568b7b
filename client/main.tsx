import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { isAppPath } from '#shared/app-paths.ts';
import './styles.css';

/** SPEC §8: what a startup failure shows in place of the page. */
const LOADING_ERROR_TITLE = 'Loading Error';
const LOADING_ERROR_MESSAGE = 'Something went wrong while loading the application.';
const RELOAD_PAGE_LABEL = 'Reload Page';

/** Plain DOM, so it works even when React itself failed to arrive. */
function showLoadingError(root: HTMLElement): void {
  const panel = document.createElement('div');
  panel.setAttribute('role', 'alert');
  panel.className = 'mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center';
  const title = document.createElement('h1');
  title.className = 'text-2xl font-bold text-brand-900';
  title.textContent = LOADING_ERROR_TITLE;
  const message = document.createElement('p');
  message.className = 'text-ink-muted';
  message.textContent = LOADING_ERROR_MESSAGE;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'rounded-lg bg-brand-800 px-5 py-2.5 font-semibold text-white hover:bg-brand-900';
  button.textContent = RELOAD_PAGE_LABEL;
  button.addEventListener('click', () => window.location.reload());
  panel.append(title, message, button);
  root.replaceChildren(panel);
}

/** `/forms/<id>/fill`, as client/link-pages/form-fill.ts reads it (not imported: it would join this first chunk). */
const FORM_FILL_PATH = /^\/forms\/[^/]+\/fill\/?$/;

/**
 * The fill screen's form, asked for while the page's code downloads (a teacher on a slow school network
 * waits one round trip less). The same request as client/link-pages/link-page.ts sends (postLink); the
 * page reads the answer and its errors. Nothing when the token is missing or the browser is offline.
 */
function earlyFormFill(hash: string): Promise<Response> | undefined {
  const token = hash.replace(/^#/, '').trim();
  if (!/^[A-Za-z0-9_-]{43}$/.test(token) || navigator.onLine === false) return undefined;
  const request = fetch('/api/forms/fill', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
    credentials: 'omit',
    cache: 'no-store',
    referrerPolicy: 'no-referrer',
  });
  // A failure is the page's to show; until it looks, the rejection is not "unhandled".
  request.catch(() => undefined);
  return request;
}

/** SPEC §2: app paths load the authenticated app, every other path the public site; each lazily. */
async function start(root: HTMLElement): Promise<void> {
  // A snapshot shared by link (issue 27): a light page of its own, outside the app and its sign-in.
  if (window.location.pathname === '/snapshots/view') {
    const { default: SnapshotViewPage } = await import('./link-pages/snapshot-view-page.tsx');
    createRoot(root).render(
      <StrictMode>
        <SnapshotViewPage />
      </StrictMode>,
    );
    return;
  }
  // A smart form's fill link (issue 28): a light page of its own too; a teacher never meets the app's sign-in.
  if (FORM_FILL_PATH.test(window.location.pathname)) {
    const early = earlyFormFill(window.location.hash);
    const { default: FormFillPage } = await import('./link-pages/form-fill-page.tsx');
    createRoot(root).render(
      <StrictMode>
        <FormFillPage early={early} />
      </StrictMode>,
    );
    return;
  }
  if (isAppPath(window.location.pathname)) {
    const { default: AppRoot } = await import('./app/app-root.tsx');
    createRoot(root).render(<AppRoot />);
    return;
  }
  const site = await import('./site/site-client.tsx');
  // The current page's chunk first, so hydration renders it at once (no fallback, no mismatch).
  await site.preloadPageForPath(window.location.pathname);
  const tree = (
    <StrictMode>
      <site.SiteBrowserApp />
    </StrictMode>
  );
  // Prerendered pages have element children; the plain index.html only has a placeholder comment.
  // Hydrating in a transition lets React yield to the browser between chunks of work (the page is
  // already visible, so nothing waits for it), which keeps the main thread free for input.
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, tree));
  else createRoot(root).render(tree);
}

const root = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
start(root).catch((error: unknown) => {
  console.error('Trelli failed to start', error);
  showLoadingError(root);
});
