import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { SNAPSHOT_LIMITS, type CreatedLink } from '#shared/schemas/snapshot.ts';
import { formatDateTime } from '../../../lib/dates.ts';
import { CreatedLinkPanel, LinkDaysField, MakeLinkButtons } from '../../components/share-link.tsx';
import { failureText, useShareMutations } from './use-snapshots.ts';

const { linkMinDays, linkMaxDays, linkDefaultDays } = SNAPSHOT_LIMITS;

/** The days typed, when they are a whole number from 1 to 30; null otherwise. */
export function linkDays(value: string): number | null {
  const days = Number(value.trim());
  return value.trim() !== '' && Number.isInteger(days) && days >= linkMinDays && days <= linkMaxDays ? days : null;
}

/**
 * Sharing a saved snapshot (owners only; the screen gates it): how many days the link opens, then
 * the link, shown once, with Copy. In place under the snapshot's actions, focus on its heading when
 * opened and on the answer when the link is made.
 */
export function ShareDialog({ snapshotId, name, onClose }: { snapshotId: number; name: string; onClose: () => void }) {
  const id = useId().replaceAll(':', '');
  const heading = useRef<HTMLHeadingElement>(null);
  const [days, setDays] = useState(String(linkDefaultDays));
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedLink | null>(null);
  const { share } = useShareMutations();
  useEffect(() => heading.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const expiresInDays = linkDays(days);
    if (expiresInDays === null) {
      setError(`Choose from ${linkMinDays} to ${linkMaxDays} days`);
      return;
    }
    setError(null);
    setFailed(null);
    share.mutate(
      { id: snapshotId, data: { expiresInDays } },
      { onSuccess: (link) => setCreated(link), onError: (failure) => setFailed(failureText(failure)) },
    );
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3 rounded-xl border border-brand-300 bg-brand-50 p-4">
      <h3 id={`${id}-heading`} ref={heading} tabIndex={-1} className="text-lg font-bold wrap-anywhere text-ink">
        Share “{name}”
      </h3>
      {created ? (
        <CreatedShareLink created={created} onDone={onClose} />
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-3">
          <p className="text-sm text-ink">
            Anyone with the link can read the sections this snapshot shows, without an account, until the link ends. You can turn it off at
            any time.
          </p>
          <LinkDaysField
            id={`${id}-days`}
            label="Days the link opens"
            min={linkMinDays}
            max={linkMaxDays}
            error={error ?? undefined}
            value={days}
            onChange={setDays}
          />
          <MakeLinkButtons failed={failed} pending={share.isPending} onCancel={onClose} />
        </form>
      )}
    </section>
  );
}

/** The new link, once: its end, the address to copy, and Done. */
function CreatedShareLink({ created, onDone }: { created: CreatedLink; onDone: () => void }) {
  return (
    <CreatedLinkPanel
      link={created.link}
      label="Share link"
      message={`The link is ready. It opens until ${formatDateTime(created.expiresAt)}, and is shown only now: copy it before you close this.`}
      onDone={onDone}
    />
  );
}
