import { useId, useState, type FormEvent } from 'react';
import { ACCOUNT_DELETE_CONFIRMATION, EXPORT_AVAILABLE_HOURS, type AccountExport } from '#shared/schemas/account-data.ts';
import { formatBytes } from '#shared/bytes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { LoadFailed } from '../../components/load-failed.tsx';
import { SaveError } from '../../components/save-error.tsx';
import { SettingsSection } from '../../components/settings-section.tsx';
import { useOnline } from '../../hooks/use-online.ts';
import { isBuilding, useCurrentExport, useDeleteAccount, useDownloadExport, useStartExport } from './use-account-data.ts';

const OFFLINE = 'You\u2019re offline. Connect to the internet to download or delete your data.';

function ExportProgress({ current }: { current: AccountExport }) {
  return (
    <div className="grid gap-2">
      <p className="font-medium text-ink">Preparing your data{current.status === 'queued' ? '' : `: ${current.progress}%`}</p>
      <div
        role="progressbar"
        aria-label="Preparing your data"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={current.progress}
        className="h-3 w-full overflow-hidden rounded-full bg-ink/10"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${Math.max(current.progress, 3)}%` }} />
      </div>
      <p className="text-sm text-ink-muted">You can leave this page; the file keeps being prepared and will be here when you come back.</p>
    </div>
  );
}

function ExportPanel() {
  const current = useCurrentExport();
  const start = useStartExport();
  const { download, downloading, failed } = useDownloadExport();
  const online = useOnline();
  const statusId = useId();
  const errorId = useId();
  // Starting hides the button pressed: focus goes to what it started, the status (always in the page).
  const startExport = () =>
    start.mutate(undefined, {
      onSuccess: () => requestAnimationFrame(() => document.getElementById(statusId)?.focus()),
    });
  const startFailed = start.isError ? 'Your data could not be prepared. Check your connection and try again.' : null;

  if (current.isPending) return <Spinner size="small" label="Loading your data export" showLabel />;
  if (current.isError)
    return <LoadFailed message="We could not check on your data export just now." onRetry={() => void current.refetch()} />;
  const data = current.data;
  const startButton = (label: string, variant: 'primary' | 'outline') => (
    <Button
      variant={variant}
      loading={start.isPending}
      disabled={!online}
      aria-describedby={startFailed ? errorId : undefined}
      onClick={startExport}
    >
      {label}
    </Button>
  );

  return (
    <div className="grid gap-4">
      <div id={statusId} role="status" tabIndex={-1} className="grid gap-3">
        {data && isBuilding(data) ? <ExportProgress current={data} /> : null}
        {data?.status === 'ready' ? (
          <p className="text-ink">
            Your data is ready{data.sizeBytes === null ? '' : ` (${formatBytes(data.sizeBytes)})`}. The download link works for{' '}
            {EXPORT_AVAILABLE_HOURS} hours, until {data.expiresAt ? formatDateTime(data.expiresAt) : 'tomorrow'}.
          </p>
        ) : null}
        {data?.status === 'failed' ? <p className="text-red-800">We could not prepare your data. Please try again.</p> : null}
        {data?.status === 'withdrawn' ? (
          <p className="text-ink">
            Your earlier export was withdrawn: a child or a document it held was deleted after it was made, so its copy was deleted too.
            Start a new export to download what you keep now.
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        {data?.status === 'ready' ? (
          <>
            <Button
              loading={downloading}
              disabled={!online}
              aria-describedby={failed ? errorId : undefined}
              onClick={() => void download(data)}
            >
              Download {data.fileName}
            </Button>
            {startButton('Prepare a new copy', 'outline')}
          </>
        ) : null}
        {data === null ? startButton('Download my data', 'primary') : null}
        {data?.status === 'failed' ? startButton('Try again', 'primary') : null}
        {data?.status === 'withdrawn' ? startButton('Start a new export', 'primary') : null}
        <SaveError id={errorId} message={startFailed ?? failed} />
      </div>
    </div>
  );
}

function DeleteAccount() {
  const inputId = useId();
  const hintId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const online = useOnline();
  const confirmed = typed.trim() === ACCOUNT_DELETE_CONFIRMATION;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed) remove.mutate({ confirm: ACCOUNT_DELETE_CONFIRMATION });
  };

  return (
    <div className="grid gap-3 border-t border-ink/10 pt-5">
      <h3 className="text-lg font-semibold text-ink">Delete my account</h3>
      <p className="text-ink-muted">
        Deletes your account and, for good, every child whose record you created, with all their records and documents, your data exports,
        and your access to children others share with you. Download your data first if you want to keep a copy.
      </p>
      {open ? (
        <form onSubmit={submit} className="grid gap-3 rounded-lg border border-red-700/40 bg-red-50 p-4">
          <label htmlFor={inputId} className="font-semibold text-ink">
            Type {ACCOUNT_DELETE_CONFIRMATION} to confirm
          </label>
          <input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-describedby={hintId}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            className="w-full max-w-xs rounded-lg border border-ink/30 bg-white px-3 py-2 text-ink"
          />
          <p id={hintId} className="text-sm text-ink-muted">
            This cannot be undone.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" variant="destructive" disabled={!confirmed || !online} loading={remove.isPending}>
              Delete my account forever
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                setOpen(false);
                setTyped('');
              }}
            >
              Keep my account
            </Button>
          </div>
        </form>
      ) : (
        <div>
          <Button variant="outline" className="text-red-800" onClick={() => setOpen(true)}>
            Delete my account…
          </Button>
        </div>
      )}
    </div>
  );
}

/** Settings: "Your data": download everything as one ZIP, or delete the account and everything it owns. */
export function YourDataSection() {
  const online = useOnline();
  return (
    <SettingsSection
      title="Your data"
      id="your-data"
      description={
        <>
          One ZIP file of everything you keep in Trelli: your account, each of your children&apos;s profiles and records (as JSON and as
          spreadsheet files), and your documents as you uploaded them.
        </>
      }
    >
      {online ? null : <p className="rounded-lg border border-amber-700 bg-amber-50 px-4 py-3 text-sm text-amber-950">{OFFLINE}</p>}
      <ExportPanel />
      <DeleteAccount />
    </SettingsSection>
  );
}
