import { trpc } from '../../trpc/trpc.ts';

/**
 * Every child's snapshots and open share links (FLAG_SCOPED_SNAPSHOTS off, two children or more:
 * decisions 0098 and 0107): `everyChild.snapshots` and `everyChild.snapshotLinks`, signed-in calls with
 * no childId, each item naming its child. Asked only while the list across children is on screen.
 */
export function useEveryChildSnapshots(enabled: boolean) {
  const snapshots = trpc.everyChild.snapshots.useQuery(undefined, { enabled });
  const links = trpc.everyChild.snapshotLinks.useQuery(undefined, { enabled });
  return { snapshots, links };
}
