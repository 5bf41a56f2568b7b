import { useEffect, useRef, useState } from 'react';
import type { SnapshotPaper, SnapshotView } from '#shared/schemas/snapshot.ts';
import { browserPaper, PAPER_LABELS, PAPERS, snapshotPdfFileName } from '../components/snapshot/paper.ts';
import { SnapshotDocument } from '../components/snapshot/snapshot-document.tsx';
import { buttonVariants } from '../components/ui/button-variants.ts';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { focusElement } from '../lib/focus.ts';
import { saveBlob } from '../lib/save-blob.ts';
import { LinkRequestError, tokenFromHash, useLinkLoad, useLinkPage } from './link-page.ts';
import { MESSAGES, readSharedPdf, readSharedPhoto, readSharedSnapshot } from './shared-snapshot.ts';

/*
 * `/snapshots/view#<token>` (issue 27): a snapshot shared by link, read by someone without an account.
 * client/main.tsx renders it outside the app: no sign-in provider, no tRPC, no react-query, nothing
 * from another host. The token stays after `#` and travels only in request bodies.
 */

const SNAPSHOT_VIEW_TITLE = 'Shared snapshot';
const SITE_NAME = 'Trelli';

/** The photo as a blob: URL while the page shows it. */
function usePhotoUrl(token: string | null, view: SnapshotView | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const wanted = Boolean(token && view?.hasPhoto && view.layout === 'profile');
  useEffect(() => {
    if (!wanted || !token) return undefined;
    let made: string | null = null;
    let current = true;
    void readSharedPhoto(token).then((blob) => {
      if (!current || !blob) return;
      made = URL.createObjectURL(blob);
      setUrl(made);
    });
    return () => {
      current = false;
      if (made) URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [token, wanted]);
  return url;
}

function Message({ title, children, action }: { title: string; children: string; action?: { label: string; onClick(): void } }) {
  return (
    <div className="mx-auto max-w-xl py-10 text-center">
      <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
      <p role="alert" className="mt-3 text-lg">
        {children}
      </p>
      {action ? (
        <button type="button" className={buttonVariants({ className: 'mt-6' })} onClick={action.onClick}>
          {action.label}
        </button>
      ) : null}
    </div>
  );
}

function Toolbar({ token, view }: { token: string; view: SnapshotView }) {
  const [paper, setPaper] = useState<SnapshotPaper>(browserPaper);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      saveBlob(await readSharedPdf(token, paper), snapshotPdfFileName(view.firstName));
    } catch (failure) {
      setError(failure instanceof LinkRequestError ? failure.message : MESSAGES.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mb-6 flex flex-wrap items-end gap-3">
      <label className="flex flex-col text-sm font-semibold">
        Paper size
        <select
          value={paper}
          onChange={(event) => setPaper(event.target.value === 'a4' ? 'a4' : 'letter')}
          className="mt-1 min-h-11 rounded-lg border border-ink-muted bg-white px-3 text-base font-normal"
        >
          {PAPERS.map((choice) => (
            <option key={choice} value={choice}>
              {PAPER_LABELS[choice]}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className={buttonVariants()} aria-busy={busy || undefined} aria-disabled={busy || undefined} onClick={download}>
        {busy ? 'Preparing PDF...' : 'Download PDF'}
      </button>
      {view.printStyles ? (
        <button type="button" className={buttonVariants({ variant: 'outline' })} onClick={() => window.print()}>
          Print
        </button>
      ) : null}
      {error ? (
        <p role="alert" className="w-full text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export default function SnapshotViewPage() {
  const [token] = useState(() => tokenFromHash(window.location.hash));
  const { state, retry } = useLinkLoad(token, readSharedSnapshot, MESSAGES.failed);
  const main = useRef<HTMLElement>(null);
  // "Try again" goes with the message: once the answer is on the page, focus its heading, not the page's start.
  const retried = useRef(false);
  const tryAgain = () => {
    retried.current = true;
    retry();
  };
  useEffect(() => {
    if (!retried.current || state.kind === 'loading') return;
    retried.current = false;
    const heading = main.current?.querySelector('h1');
    if (heading) focusElement(heading);
  }, [state.kind]);
  const view = state.kind === 'ready' ? state.view : null;
  const photoUrl = usePhotoUrl(token, view);
  useLinkPage();
  useEffect(() => {
    document.title = `${view ? view.title : SNAPSHOT_VIEW_TITLE} - ${SITE_NAME}`;
  }, [view]);

  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-brand-300 bg-brand-50 py-3">
        <div className="mx-auto flex max-w-4xl flex-wrap items-baseline justify-between gap-x-4 px-4">
          <a href="/" className="text-xl font-bold text-ink no-underline">
            {SITE_NAME}
          </a>
          <span className="text-sm text-ink-muted">A snapshot shared with you, read-only</span>
        </div>
      </header>
      <main ref={main} className="mx-auto w-full max-w-4xl min-w-0 flex-1 px-4 py-6">
        {state.kind === 'loading' ? <PageSpinner label="Opening the snapshot..." /> : null}
        {state.kind === 'incomplete' ? <Message title="This link is not complete">{MESSAGES.incomplete}</Message> : null}
        {state.kind === 'offline' ? <Message title="You are offline">{MESSAGES.offline}</Message> : null}
        {state.kind === 'failed' ? (
          <Message title="This snapshot did not open" action={state.canRetry ? { label: 'Try again', onClick: tryAgain } : undefined}>
            {state.message}
          </Message>
        ) : null}
        {view && token ? (
          <>
            <Toolbar token={token} view={view} />
            <SnapshotDocument view={view} photoUrl={photoUrl} />
          </>
        ) : null}
      </main>
      {/* Shown once the page has its content, so nothing it holds moves when the snapshot arrives. */}
      {state.kind === 'loading' ? null : (
        <footer className="border-t border-brand-200 px-4 py-4 text-center text-sm text-ink-muted">
          Shared from Trelli by link. The link stops working when it expires or the family turns it off.
        </footer>
      )}
    </div>
  );
}
