import type { Readable } from 'node:stream';
import type { Db } from '../db/database.ts';
import type { Logger } from '../lib/logger.ts';
import type { StoredObjectRef, Vault } from './storage/encrypted-vault.ts';
import * as objects from './stored-objects.repository.ts';

/** An upload that has not committed after this long died with its process; the purge removes it. */
export const ABANDONED_AFTER_MS = 60 * 60_000;
const PURGE_BATCH = 200;

/** A stored object as a feature row references it. */
export interface WrittenObject {
  id: number;
  sizeBytes: number;
}

/**
 * Files kept for the features (decision 0041): every object has a `stored_objects` row written before
 * the object itself, committed by the feature in the transaction that references it, and released
 * (by the feature or by a database trigger when the referencing row goes). `purge` then removes the
 * object from the store and the row, so deleting a record, a child or an account leaves nothing.
 */
export function createStoredFiles(deps: { db: Db; vault: Vault; log?: Logger; now?: () => Date }) {
  const { db, vault } = deps;
  const now = deps.now ?? (() => new Date());
  // Before any write of this process: what a disk store holds from earlier is from a process that is gone.
  const startedAt = new Date();

  async function removeObject(id: number, objectKey: string): Promise<void> {
    await vault.remove(objectKey);
    await objects.deleteStoredObjectRow(db, id);
  }

  return {
    vault,

    /**
     * Encrypts and stores `plaintext` as a new object of `ownerId`, not yet committed. When the stream
     * fails, the object and its row are removed and the stream's error is rethrown. A temporary copy
     * (an export's ZIP) passes `countsTowardQuota: false`.
     */
    async write(ownerId: string, plaintext: Readable, options: { countsTowardQuota?: boolean } = {}): Promise<WrittenObject> {
      const prepared = vault.prepare();
      const id = await objects.insertStoredObject(db, { ...prepared, ownerId, countsTowardQuota: options.countsTowardQuota ?? true });
      try {
        const { sizeBytes } = await vault.write(prepared, plaintext);
        await objects.setStoredObjectSize(db, id, sizeBytes);
        return { id, sizeBytes };
      } catch (error) {
        await removeObject(id, prepared.objectKey).catch((cleanup: unknown) =>
          deps.log?.warn({ err: cleanup }, 'could not remove a failed upload; the purge will'),
        );
        throw error;
      }
    },

    /** Marks the object as used by a row written in `trx`; false when it was purged meanwhile. */
    commit: (trx: Db, id: number) => objects.commitStoredObject(trx, id),

    /** Gives up an object that was written but never committed (the feature's transaction failed). */
    async discard(id: number): Promise<void> {
      const row = await objects.findStoredObject(db, id);
      if (row) await removeObject(row.id, row.objectKey);
    },

    release: (trx: Db, id: number) => objects.releaseStoredObject(trx, id),

    /** Releases every object of `ownerId`, in use or being written: their account is going. */
    releaseAllOf: (trx: Db, ownerId: string) => objects.releaseObjectsOfOwner(trx, ownerId),

    /** The object's plaintext, or bytes start..end inclusive. */
    async read(id: number, range?: { start: number; end: number }): Promise<Readable> {
      const row = await objects.findStoredObject(db, id);
      if (!row || row.sizeBytes === null) throw new Error(`stored object ${id} is not readable`);
      const ref: StoredObjectRef = {
        objectKey: row.objectKey,
        keyId: row.keyId,
        wrappedKey: Buffer.from(row.wrappedKey),
        sizeBytes: row.sizeBytes,
      };
      return vault.read(ref, range);
    },

    usedBytes: (trx: Db, ownerId: string) => objects.usedBytes(trx, ownerId),
    lockQuota: (trx: Db, ownerId: string) => objects.lockOwnerQuota(trx, ownerId),

    /**
     * Removes what interrupted writes left in the store (a crash mid-write): on disk everything from
     * before this process started (one process owns DATA_DIR), and anything an hour old; on S3 only the
     * latter, as other instances may be writing.
     */
    sweepIncompleteWrites(): Promise<number> {
      const abandoned = Date.now() - ABANDONED_AFTER_MS;
      const before = vault.store.kind === 'disk' ? Math.max(abandoned, startedAt.getTime()) : abandoned;
      return vault.store.sweepIncompleteWrites(new Date(before));
    },

    /** Removes released objects and abandoned writes from the store, then their rows. Returns how many went. */
    async purge(): Promise<number> {
      let removed = 0;
      for (;;) {
        const batch = await objects.objectsToPurge(db, new Date(now().getTime() - ABANDONED_AFTER_MS), PURGE_BATCH);
        for (const row of batch) await removeObject(row.id, row.objectKey);
        removed += batch.length;
        if (batch.length < PURGE_BATCH) return removed;
      }
    },
  };
}

export type StoredFiles = ReturnType<typeof createStoredFiles>;
