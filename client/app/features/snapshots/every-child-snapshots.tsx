import type { FetchStatus } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { EveryChildSnapshot, EveryChildSnapshotLink } from '#shared/schemas/every-child.ts';
import { SNAPSHOT_AUDIENCE_LABELS } from '#shared/schemas/snapshot.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { AddedBy } from '../../components/added-by.tsx';
import { ReadOnlyRecords } from '../../components/child-role.tsx';
import { ChildTag } from '../../components/every-child-switch.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import type { EveryChildView } from '../../hooks/use-every-child-view.ts';
import { LinkFacts } from './links-list.tsx';
import { snapshotName } from './snapshot-draft.ts';
import { openLinksText, sectionsShownText } from './snapshots-screen.tsx';
import { useEveryChildSnapshots } from './use-every-child-snapshots.ts';

/**
 * What /snapshots shows for every child (FLAG_SCOPED_SNAPSHOTS off, two children or more; decisions
 * 0098 and 0107). The page keeps the "Whose snapshots" row (EveryChildSwitch with the same `view`)
 * and mounts this in place of the one-child screen while `view.everyChild`:
 *
 *   {view.everyChild ? <EveryChildSnapshots view={view} /> : <SnapshotsScreen ... />}
 */
export interface EveryChildSnapshotsProps {
  /** useEveryChildView('FLAG_SCOPED_SNAPSHOTS'): its `showChild` selects a child and shows that child's snapshots. */
  view: EveryChildView;
}

const EVERY_CHILD_SNAPSHOTS_HEADING_ID = 'every-child-snapshots-heading';
const EVERY_CHILD_LINKS_HEADING_ID = 'every-child-links-heading';

const newestFirst = <T,>(items: readonly T[], at: (item: T) => string): T[] => [...items].sort((a, b) => at(b).localeCompare(at(a)));

function SnapshotRow({ snapshot, onShowChild }: { snapshot: EveryChildSnapshot; onShowChild: () => void }) {
  const name = snapshotName(snapshot);
  const headingId = `every-child-snapshot-${snapshot.id}`;
  const openLabel = `Open in ${snapshot.childName}\u2019s snapshots`;
  return (
    <article aria-labelledby={headingId} className="grid gap-2 rounded-xl border border-ink/10 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <ChildTag name={snapshot.childName} />
        <p className="text-sm text-ink-muted">{SNAPSHOT_AUDIENCE_LABELS[snapshot.audience]}</p>
      </div>
      <h3 id={headingId} className="min-w-0 text-lg font-semibold wrap-anywhere text-ink">
        {name}
      </h3>
      <p className="text-sm text-ink">
        {sectionsShownText(snapshot)} · {openLinksText(snapshot.activeLinks)}
      </p>
      <AddedBy author={snapshot.addedBy} at={snapshot.createdAt} />
      <div>
        <Button
          variant="outline"
          size="sm"
          className="h-auto text-left whitespace-normal"
          // The visible words first (WCAG 2.5.3), then which snapshot.
          aria-label={`${openLabel}: ${name}`}
          onClick={onShowChild}
        >
          {openLabel}
        </Button>
      </div>
    </article>
  );
}

function LinkRow({ link }: { link: EveryChildSnapshotLink }) {
  const headingId = `every-child-link-${link.id}`;
  return (
    <article aria-labelledby={headingId} className="grid gap-2 rounded-xl border border-ink/10 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <ChildTag name={link.childName} />
        <p className="text-sm text-ink-muted">{SNAPSHOT_AUDIENCE_LABELS[link.audience]}</p>
      </div>
      <h3 id={headingId} className="min-w-0 font-semibold wrap-anywhere text-ink">
        {link.snapshotTitle}
      </h3>
      <LinkFacts link={link} />
    </article>
  );
}

/** One list's states: the rows, or loading, "could not load" with Try again, offline, or its empty sentence. */
function ListBody<T>({
  query,
  what,
  empty,
  children,
}: {
  query: { data: T[] | undefined; isError: boolean; fetchStatus: FetchStatus; refetch: () => Promise<unknown> };
  /** "snapshots", "share links": what the sentences name. */
  what: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (query.data) return query.data.length === 0 ? <p className="text-ink-muted">{empty}</p> : children(query.data);
  if (query.isError)
    return <LoadFailed message={`We could not load every child\u2019s ${what} just now.`} onRetry={() => void query.refetch()} />;
  if (query.fetchStatus === 'paused')
    return <p className="text-ink-muted">You&apos;re offline. The {what} will show when you&apos;re back online.</p>;
  return <Spinner size="small" label={`Loading every child\u2019s ${what}`} showLabel />;
}

/**
 * Every child's snapshots and open links, newest first, each named by its child, read-only: making,
 * changing, sharing and turning links off happen in one child's view, which each snapshot's button
 * opens (selecting that child, as the header's switcher does).
 */
export function EveryChildSnapshots({ view }: EveryChildSnapshotsProps) {
  const { snapshots, links } = useEveryChildSnapshots(view.everyChild);
  if (!view.everyChild) return null;
  return (
    <ReadOnlyRecords>
      <div className="grid min-w-0 gap-8">
        <section aria-labelledby={EVERY_CHILD_SNAPSHOTS_HEADING_ID} className="grid gap-3">
          <h2 id={EVERY_CHILD_SNAPSHOTS_HEADING_ID} tabIndex={-1} className="text-2xl font-bold text-ink outline-none">
            Every child&apos;s snapshots
          </h2>
          <p className="max-w-2xl text-ink-muted">To make, change or share a snapshot, open it in its child&apos;s snapshots.</p>
          <ListBody
            query={snapshots}
            what="snapshots"
            empty="No snapshot has been made for any child yet. Choose a child above to make one."
          >
            {(items: EveryChildSnapshot[]) => (
              <ul className="grid gap-3 lg:grid-cols-2">
                {newestFirst(items, (item) => item.updatedAt).map((snapshot) => (
                  <li key={snapshot.id} className="grid">
                    <SnapshotRow snapshot={snapshot} onShowChild={() => view.showChild(snapshot.childId)} />
                  </li>
                ))}
              </ul>
            )}
          </ListBody>
        </section>
        <section aria-labelledby={EVERY_CHILD_LINKS_HEADING_ID} className="grid gap-3">
          <h2 id={EVERY_CHILD_LINKS_HEADING_ID} className="text-2xl font-bold text-ink">
            Open share links, every child
          </h2>
          <p className="max-w-2xl text-ink-muted">Each link ends on its own date. To turn one off now, go to its child&apos;s snapshots.</p>
          <ListBody query={links} what="share links" empty="No link is open for any child.">
            {(items: EveryChildSnapshotLink[]) => (
              <ul className="grid gap-3 lg:grid-cols-2">
                {newestFirst(items, (item) => item.createdAt).map((link) => (
                  <li key={link.id} className="grid">
                    <LinkRow link={link} />
                  </li>
                ))}
              </ul>
            )}
          </ListBody>
        </section>
      </div>
    </ReadOnlyRecords>
  );
}
