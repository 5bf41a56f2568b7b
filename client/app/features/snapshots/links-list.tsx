import { SNAPSHOT_AUDIENCE_LABELS, type SnapshotLink } from '#shared/schemas/snapshot.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { focusWhenShown } from '../../../lib/focus.ts';
import { AddedBy } from '../../components/added-by.tsx';
import { ConfirmDelete } from '../../components/confirm-delete.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { LinkDateRows, linkOpensText } from '../../components/share-link.tsx';
import { useShareMutations, useSnapshotLinks } from './use-snapshots.ts';

const LINKS_HEADING_ID = 'snapshot-links-heading';

/** A link's facts: when it was made and ends, how often it was opened, who shared it (every child's list shows them too). */
export function LinkFacts({ link }: { link: SnapshotLink }) {
  return (
    <>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <LinkDateRows link={link} />
        <div className="sm:col-span-2">
          <dt className="sr-only">Opened: </dt>
          <dd>{linkOpensText(link)}</dd>
        </div>
      </dl>
      <AddedBy author={link.addedBy} at={link.createdAt} verb="Shared" />
    </>
  );
}

function LinkItem({ link }: { link: SnapshotLink }) {
  const { revokeLink } = useShareMutations();
  return (
    <article aria-labelledby={`snapshot-link-${link.id}`} className="grid gap-2 rounded-xl border border-ink/10 bg-white p-4">
      <h3 id={`snapshot-link-${link.id}`} className="min-w-0 font-semibold wrap-anywhere text-ink">
        {link.snapshotTitle}
        <span className="ml-2 text-sm font-normal text-ink-muted">{SNAPSHOT_AUDIENCE_LABELS[link.audience]}</span>
      </h3>
      <LinkFacts link={link} />
      <div>
        <ConfirmDelete
          label="Turn off"
          accessibleName={`Turn off the link to ${link.snapshotTitle}`}
          question="Turn off this link? Anyone who has it will no longer see the snapshot."
          confirmLabel="Turn off"
          pending={revokeLink.isPending}
          onConfirm={() => revokeLink.mutateAsync({ linkId: link.id }).then(() => focusWhenShown(LINKS_HEADING_ID))}
        />
      </div>
    </article>
  );
}

/** Every open link of the child (owners only): what it shows, when it was made and ends, how often it was opened. */
export function LinksList() {
  const links = useSnapshotLinks(true);
  let body;
  if (links.data) {
    body =
      links.data.length === 0 ? (
        <p className="text-ink-muted">No link is open. Share a snapshot to make one.</p>
      ) : (
        <ul className="grid gap-3">
          {links.data.map((link) => (
            <li key={link.id}>
              <LinkItem link={link} />
            </li>
          ))}
        </ul>
      );
  } else if (links.isError) {
    body = <LoadFailed message="We could not load the share links just now." onRetry={() => void links.refetch()} />;
  } else if (links.fetchStatus === 'paused') {
    body = <p className="text-ink-muted">You&apos;re offline. The share links will show when you&apos;re back online.</p>;
  } else {
    body = <Spinner size="small" label="Loading the share links" showLabel />;
  }
  return (
    <section aria-labelledby={LINKS_HEADING_ID} className="grid gap-3">
      <h2 id={LINKS_HEADING_ID} tabIndex={-1} className="text-2xl font-bold text-ink">
        Open share links
      </h2>
      <p className="max-w-2xl text-ink-muted">Each link ends on its own date. Turning one off closes it at once.</p>
      {body}
    </section>
  );
}
