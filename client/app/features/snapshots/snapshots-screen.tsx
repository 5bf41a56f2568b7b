import { useCallback, useRef, useState } from 'react';
import {
  SNAPSHOT_AUDIENCES,
  SNAPSHOT_AUDIENCE_LABELS,
  SNAPSHOT_SECTION_KEYS,
  snapshotActions,
  type Snapshot,
  type SnapshotAudience,
} from '#shared/schemas/snapshot.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { focusWhenShown } from '../../../lib/focus.ts';
import { AddedBy } from '../../components/added-by.tsx';
import { RoleGate } from '../../components/child-role.tsx';
import { LoadFailed } from '../../components/load-failed.tsx';
import { OfflineNotice } from '../../components/saving-offline.tsx';
import { useOnline } from '../../hooks/use-online.ts';
import { LinksList } from './links-list.tsx';
import { EDITOR_HEADING_ID, SnapshotEditor } from './snapshot-editor.tsx';
import { AUDIENCE_DESCRIPTIONS, snapshotName } from './snapshot-draft.ts';
import { useSnapshotMutations, useSnapshots } from './use-snapshots.ts';

const LIST_HEADING_ID = 'snapshot-list-heading';
const CHOOSER_HEADING_ID = 'new-snapshot-heading';

/** "6 of 9 sections shown". */
export function sectionsShownText(snapshot: Pick<Snapshot, 'sections'>): string {
  const shown = snapshot.sections.filter((section) => section.visible).length;
  return `${shown} of ${SNAPSHOT_SECTION_KEYS.length} sections shown`;
}

/** "No open link", "1 open link", "3 open links". */
export function openLinksText(count: number): string {
  if (count === 0) return 'No open link';
  return count === 1 ? '1 open link' : `${count} open links`;
}

/** The four audiences, each a starting point with what it shows; a button each for those who may make one. */
function AudienceChoices({ onChoose, pending }: { onChoose: (audience: SnapshotAudience) => void; pending: SnapshotAudience | null }) {
  // Offline, the new snapshot waits for the connection: said by OfflineNotice, not by a spinner that never stops.
  const online = useOnline();
  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2">
        {SNAPSHOT_AUDIENCES.map((audience) => (
          <li key={audience} className="grid content-between gap-3 rounded-xl border border-ink/10 bg-white p-4">
            <div className="grid gap-1">
              <h3 className="font-semibold text-ink">{SNAPSHOT_AUDIENCE_LABELS[audience]}</h3>
              <p className="text-sm text-ink-muted">{AUDIENCE_DESCRIPTIONS[audience]}</p>
            </div>
            <RoleGate action={snapshotActions.create}>
              <div>
                <Button
                  variant="outline"
                  size="sm"
                  loading={pending === audience && online}
                  aria-disabled={pending !== null || undefined}
                  onClick={() => onChoose(audience)}
                >
                  Start a snapshot<span className="sr-only"> for {SNAPSHOT_AUDIENCE_LABELS[audience]}</span>
                </Button>
              </div>
            </RoleGate>
          </li>
        ))}
      </ul>
      <OfflineNotice pending={pending !== null} what="new snapshot" />
    </>
  );
}

/** Before any snapshot: what a snapshot is, and the four audiences to start from. */
function FirstRun({
  firstName,
  onChoose,
  pending,
}: {
  firstName: string;
  onChoose: (audience: SnapshotAudience) => void;
  pending: SnapshotAudience | null;
}) {
  return (
    <section
      aria-labelledby="snapshots-start"
      className="grid max-w-4xl gap-4 rounded-2xl border border-dashed border-brand-800/40 bg-white p-4 sm:p-6"
    >
      <h2 id="snapshots-start" className="text-2xl font-bold text-ink">
        {firstName} on one page
      </h2>
      <p className="text-ink">
        A snapshot is a one-page profile for a new teacher, a sitter, a doctor or the IEP team: what people like about {firstName}, what
        helps, what is hard and what to do then, goals and progress, and more. It is built from the record each time it is read, so it is
        never out of date. Choose who it is for to start; you can show, hide, order and reword each section, download a PDF, and share it by
        a link that ends when you say.
      </p>
      <RoleGate action={snapshotActions.create} otherwise={<p className="text-ink-muted">No snapshot has been made yet.</p>}>
        <p className="font-semibold text-ink">Who is the first one for?</p>
      </RoleGate>
      <AudienceChoices onChoose={onChoose} pending={pending} />
    </section>
  );
}

function SnapshotItem({ snapshot, open, onOpen }: { snapshot: Snapshot; open: boolean; onOpen: () => void }) {
  const name = snapshotName(snapshot);
  const headingId = `snapshot-${snapshot.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`grid gap-2 rounded-xl border bg-white p-4 ${open ? 'border-brand-700' : 'border-ink/10'}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="min-w-0 text-lg font-semibold wrap-anywhere text-ink">
          {name}
        </h3>
        <p className="text-sm text-ink-muted">{SNAPSHOT_AUDIENCE_LABELS[snapshot.audience]}</p>
      </div>
      <p className="text-sm text-ink">
        {sectionsShownText(snapshot)} · {openLinksText(snapshot.activeLinks)}
      </p>
      <AddedBy author={snapshot.addedBy} at={snapshot.createdAt} />
      <div>
        {open ? (
          <p className="text-sm font-semibold text-brand-800">Open below</p>
        ) : (
          <Button variant="outline" size="sm" onClick={onOpen}>
            Open<span className="sr-only"> {name}</span>
          </Button>
        )}
      </div>
    </article>
  );
}

/**
 * /snapshots for one child: the snapshots with their audience, sections shown and open links; "New
 * snapshot" from an audience; the snapshot opened with its editor and live preview; the open links.
 */
export function SnapshotsScreen({ firstName }: { firstName: string }) {
  const snapshots = useSnapshots();
  const { create } = useSnapshotMutations();
  const [openId, setOpenId] = useState<number | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [pending, setPending] = useState<SnapshotAudience | null>(null);
  const unsaved = useRef(false);
  const onDirty = useCallback((dirty: boolean) => {
    unsaved.current = dirty;
  }, []);
  /** Whether the snapshot on screen may be left: no unsaved changes, or the parent says so. */
  const mayLeave = () => !unsaved.current || window.confirm('Leave this snapshot without saving your changes?');

  const open = (id: number) => {
    setOpenId(id);
    focusWhenShown(EDITOR_HEADING_ID);
  };
  const make = (audience: SnapshotAudience) => {
    if (pending !== null || !mayLeave()) return;
    setPending(audience);
    create.mutate(
      { data: { audience } },
      {
        onSuccess: (snapshot) => {
          setChoosing(false);
          open(snapshot.id);
        },
        onSettled: () => setPending(null),
      },
    );
  };
  const startChoosing = () => {
    setChoosing(true);
    focusWhenShown(CHOOSER_HEADING_ID);
  };

  let body;
  if (snapshots.data) {
    const list = snapshots.data;
    const shown = list.some((snapshot) => snapshot.id === openId) ? openId : null;
    body =
      list.length === 0 ? (
        <FirstRun firstName={firstName} onChoose={make} pending={pending} />
      ) : (
        <>
          {choosing ? (
            <section aria-labelledby={CHOOSER_HEADING_ID} className="grid gap-3 rounded-2xl border border-brand-700 bg-white p-4 sm:p-6">
              <h2 id={CHOOSER_HEADING_ID} tabIndex={-1} className="text-2xl font-bold text-ink">
                Who is this snapshot for?
              </h2>
              <p className="text-ink-muted">Each is a starting point: you can change every section afterwards.</p>
              <AudienceChoices onChoose={make} pending={pending} />
              <div>
                <Button
                  variant="ghost"
                  onClick={() => {
                    setChoosing(false);
                    focusWhenShown('new-snapshot');
                  }}
                >
                  Cancel
                </Button>
              </div>
            </section>
          ) : null}
          <section aria-labelledby={LIST_HEADING_ID} className="grid gap-3">
            <h2 id={LIST_HEADING_ID} tabIndex={-1} className="text-2xl font-bold text-ink">
              {firstName}&rsquo;s snapshots
            </h2>
            <ul className="grid gap-3 md:grid-cols-2">
              {list.map((snapshot) => (
                <li key={snapshot.id} className="grid">
                  <SnapshotItem snapshot={snapshot} open={snapshot.id === shown} onOpen={() => mayLeave() && open(snapshot.id)} />
                </li>
              ))}
            </ul>
          </section>
          {shown !== null ? (
            <SnapshotEditor
              key={shown}
              snapshotId={shown}
              firstName={firstName}
              onDirty={onDirty}
              onDeleted={() => {
                setOpenId(null);
                focusWhenShown(LIST_HEADING_ID);
              }}
            />
          ) : null}
        </>
      );
  } else if (snapshots.isError) {
    body = (
      <LoadFailed
        message="We could not load the snapshots just now. Please check your connection and try again."
        onRetry={() => void snapshots.refetch()}
      />
    );
  } else if (snapshots.fetchStatus === 'paused') {
    body = <p className="text-ink-muted">You&apos;re offline. The snapshots will show when you&apos;re back online.</p>;
  } else {
    body = <Spinner size="medium" label="Loading the snapshots" showLabel />;
  }

  return (
    <div className="grid min-w-0 gap-8">
      {snapshots.data && snapshots.data.length > 0 && !choosing ? (
        <RoleGate action={snapshotActions.create}>
          <div>
            <Button id="new-snapshot" onClick={startChoosing}>
              New snapshot
            </Button>
          </div>
        </RoleGate>
      ) : null}
      {body}
      <RoleGate action={snapshotActions.links}>
        <LinksList />
      </RoleGate>
    </div>
  );
}
