import { useId } from 'react';
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { LoadFailed } from '../../components/load-failed.tsx';
import { useVaultPhotos } from './use-snapshots.ts';

/**
 * The snapshot's photo, picked from the child's vault: a JPEG or PNG document, or none (decision
 * 0107). A radio group, so it works from the keyboard with the arrow keys.
 */
export function PhotoPicker({ value, onChange }: { value: number | null; onChange: (documentId: number | null) => void }) {
  const name = useId();
  const { photos, query } = useVaultPhotos(true);
  let choices;
  if (query.data) {
    choices =
      photos.length === 0 ? (
        <p className="text-sm text-ink-muted">
          There is no JPEG or PNG photo in the vault yet. <Link to={PATHS.vault}>Add one in the vault</Link>, then pick it here.
        </p>
      ) : null;
  } else if (query.isError) {
    choices = <LoadFailed message="We could not load the vault’s photos just now." onRetry={() => void query.refetch()} />;
  } else if (query.fetchStatus === 'paused') {
    choices = (
      <p className="text-sm text-ink-muted">You&apos;re offline. The vault&apos;s photos will show when you&apos;re back online.</p>
    );
  } else {
    choices = <Spinner size="small" label="Loading the vault’s photos" showLabel />;
  }
  // A photo chosen before that is no longer in the vault's list stays a choice until it is changed.
  const missing = value !== null && query.data !== undefined && !photos.some((photo) => photo.id === value);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-lg font-bold text-ink">Photo</legend>
      <p className="text-sm text-ink-muted">Optional. A JPEG or PNG picture from the vault, at the top of the page.</p>
      <div className="grid gap-1">
        <label className="flex items-center gap-3">
          <input type="radio" name={name} checked={value === null} onChange={() => onChange(null)} className="size-5 shrink-0" />
          <span className="text-ink">No photo</span>
        </label>
        {missing ? (
          <label className="flex items-center gap-3">
            <input type="radio" name={name} checked onChange={() => undefined} className="size-5 shrink-0" />
            <span className="text-ink">The photo chosen before (no longer in the vault)</span>
          </label>
        ) : null}
        {photos.map((photo) => (
          <label key={photo.id} className="flex min-w-0 items-center gap-3">
            <input type="radio" name={name} checked={value === photo.id} onChange={() => onChange(photo.id)} className="size-5 shrink-0" />
            <span className="min-w-0 break-words text-ink">{photo.title}</span>
          </label>
        ))}
      </div>
      {choices}
    </fieldset>
  );
}
