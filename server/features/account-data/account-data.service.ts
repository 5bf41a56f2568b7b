import type { Readable } from 'node:stream';
import { EXPORT_AVAILABLE_HOURS, type AccountExport, type AccountDelete } from '#shared/schemas/account-data.ts';
import type { AuthProvider } from '../../auth/auth-provider.ts';
import type { AccountContext, AccountDataPart } from '../../core/account-data.ts';
import { deleteAccountRecords } from '../../core/account-data.ts';
import { accountRow, ownedChildren } from '../../core/account-data.repository.ts';
import type { Jobs, RunningJob } from '../../core/jobs.ts';
import { recordActivity } from '../../core/record-change.ts';
import type { StoredFiles } from '../../core/stored-objects.ts';
import type { Db } from '../../db/database.ts';
import type { ExportRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { Logger } from '../../lib/logger.ts';
import { exportJob } from './account-data.jobs.ts';
import * as exportsTable from './account-data.repository.ts';
import { ExportCancelled, exportZip } from './export-zip.ts';

const HOUR_MS = 60 * 60_000;
const AVAILABLE_MS = EXPORT_AVAILABLE_HOURS * HOUR_MS;
/** An export queued or running for this long died with its process; a new request replaces it. */
const STALE_AFTER_MS = 2 * HOUR_MS;
const ACCOUNT_GONE = 'This account no longer exists.';
const NO_EXPORT = 'No export to download: it has expired or was replaced. Start a new one from Settings.';
const WITHDRAWN =
  'This export was withdrawn: a child or a document it held was deleted after it was started, so its copy was deleted too. Start a new one from Settings.';

export function exportFileName(createdAt: Date): string {
  return `trelli-export-${createdAt.toISOString().slice(0, 10)}.zip`;
}

function toExport(row: ExportRow): AccountExport {
  const progress = row.status === 'ready' ? 100 : row.itemsTotal ? Math.min(99, Math.floor((row.itemsDone * 100) / row.itemsTotal)) : 0;
  return {
    id: row.id,
    status: row.status,
    progress,
    itemsDone: row.itemsDone,
    itemsTotal: row.itemsTotal,
    sizeBytes: row.sizeBytes,
    fileName: exportFileName(row.createdAt),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/**
 * "Download my data" and "Delete my account" (issue 10, decisions 0053 and 0054). The export is a
 * background job that writes one ZIP into the encrypted store; the deletion removes the account's
 * rows, files, sessions and jobs.
 */
export function createAccountDataService(deps: {
  db: Db;
  auth: AuthProvider;
  files: StoredFiles;
  jobs: Jobs;
  parts: readonly AccountDataPart[];
  log: Logger;
  now?: () => Date;
}) {
  const { db, auth, files, jobs, parts, log } = deps;
  const now = deps.now ?? (() => new Date());

  const isCurrent = (row: ExportRow | undefined): row is ExportRow =>
    row !== undefined && (row.expiresAt === null || row.expiresAt > now());

  async function accountContext(trx: Db, ownerId: string): Promise<{ context: AccountContext; row: Record<string, unknown> } | undefined> {
    const row = await accountRow(trx, ownerId);
    if (!row) return undefined;
    return { context: { ownerId, email: row.email, children: await ownedChildren(trx, ownerId) }, row };
  }

  async function buildExport(exportId: number, ownerId: string, job: Pick<RunningJob, 'lastAttempt'>): Promise<void> {
    const row = await exportsTable.findExport(db, exportId);
    if (row?.ownerId !== ownerId || !(await exportsTable.markRunning(db, exportId))) return;
    let objectId: number | undefined;
    try {
      const account = await accountContext(db, ownerId);
      if (!account) throw new ExportCancelled();
      const zip = await exportZip({
        db,
        parts,
        account: account.context,
        accountRow: account.row,
        exportedAt: now(),
        progress: (done, total) => exportsTable.setProgress(db, exportId, done, total),
      });
      const written = await files.write(ownerId, zip, { countsTowardQuota: false });
      objectId = written.id;
      const finishedAt = now();
      const finished = await db.transaction().execute(async (trx) => {
        if (!(await files.commit(trx, written.id))) return false;
        const ready = await exportsTable.finishExport(trx, exportId, {
          objectId: written.id,
          sizeBytes: written.sizeBytes,
          finishedAt,
          expiresAt: new Date(finishedAt.getTime() + AVAILABLE_MS),
        });
        // Rolls the commit back: the export was deleted meanwhile (with its account, or replaced).
        if (!ready) throw new ExportCancelled();
        return true;
      });
      if (finished) return;
      throw new ExportCancelled();
    } catch (error) {
      if (objectId !== undefined) await files.discard(objectId).catch(() => {});
      // A file deleted with its child mid-export fails the ZIP before the next progress report sees the export withdrawn.
      const stopped = error instanceof ExportCancelled || (await exportsTable.findExport(db, exportId))?.status !== 'running';
      if (stopped) {
        log.info({ exportId }, 'export stopped: it was withdrawn or its account deleted');
        return;
      }
      if (!job.lastAttempt) throw error;
      log.warn({ exportId, err: error }, 'export failed');
      const failedAt = now();
      await exportsTable.failExport(db, exportId, failedAt, new Date(failedAt.getTime() + AVAILABLE_MS));
    }
  }

  async function purgeExpired(): Promise<number> {
    const removed = await exportsTable.deleteExpiredExports(db, now());
    if (removed > 0) await files.purge();
    return removed;
  }

  async function currentExport(userId: string): Promise<AccountExport | null> {
    const row = await exportsTable.latestExport(db, userId);
    return isCurrent(row) ? toExport(row) : null;
  }

  return {
    /** The parent's current export (queued, running, ready or failed), or null when there is none or it expired. */
    currentExport,

    /** The parent's exports that can still be read: at most the current one. */
    async listExports(userId: string): Promise<AccountExport[]> {
      const current = await currentExport(userId);
      return current ? [current] : [];
    },

    async exportById(userId: string, id: number): Promise<AccountExport> {
      const row = await exportsTable.findExport(db, id);
      if (row?.ownerId !== userId || !isCurrent(row)) throw AppError.notFound('Export');
      return toExport(row);
    },

    /**
     * Starts building a new export, replacing the previous one; while one is queued or running, answers
     * that one instead (`created: false`). Each owned child's log records the export.
     */
    async startExport(userId: string): Promise<{ export: AccountExport; created: boolean }> {
      const result = await db.transaction().execute(async (trx) => {
        if (!(await auth.lockAccount(trx, userId))) throw new AppError('UNAUTHORIZED', ACCOUNT_GONE);
        const at = now();
        await exportsTable.failStaleExport(trx, userId, new Date(at.getTime() - STALE_AFTER_MS), at);
        const created = await exportsTable.insertExport(trx, userId);
        if (!created) return { row: (await exportsTable.latestExport(trx, userId)) as ExportRow, created: false };
        await exportsTable.deleteOtherExports(trx, userId, created.id);
        await jobs.send(exportJob, { exportId: created.id, ownerId: userId }, { trx });
        for (const child of await ownedChildren(trx, userId)) {
          await recordActivity(trx, {
            ownerId: userId,
            childId: child.id,
            actorId: userId,
            action: 'account.exported',
            subjectType: 'child',
            subjectId: child.id,
          });
        }
        return { row: created, created: true };
      });
      // The ZIP it replaced goes from the store now rather than at the next scheduled purge.
      if (result.created) void files.purge().catch((error: unknown) => log.warn({ err: error }, 'stored object purge failed; will retry'));
      return { export: toExport(result.row), created: result.created };
    },

    /** The ready ZIP of one of the parent's exports, decrypted as it streams; NOT_FOUND otherwise. */
    async openDownload(userId: string, id: number): Promise<{ fileName: string; sizeBytes: number; body: Readable }> {
      const row = await exportsTable.findExport(db, id);
      if (row?.ownerId === userId && isCurrent(row) && row.status === 'withdrawn') throw new AppError('NOT_FOUND', WITHDRAWN);
      if (row?.ownerId !== userId || !isCurrent(row) || row.status !== 'ready' || row.objectId === null || row.sizeBytes === null) {
        throw new AppError('NOT_FOUND', NO_EXPORT);
      }
      return { fileName: exportFileName(row.createdAt), sizeBytes: row.sizeBytes, body: await files.read(row.objectId) };
    },

    /**
     * Withdraws the owner's exports that hold what the caller is deleting in `trx` (a child, a document):
     * a ready one loses its ZIP (the caller's purge after the commit removes it), one being built stops.
     * Returns how many. A queued one is left: it will be built without what was deleted.
     */
    async withdrawExports(trx: Db, ownerId: string): Promise<number> {
      const at = now();
      const held = await exportsTable.withdrawExports(trx, ownerId, at, new Date(at.getTime() + AVAILABLE_MS));
      for (const { objectId } of held) if (objectId !== null) await files.release(trx, objectId);
      return held.length;
    },

    /** Builds a queued export's ZIP: the `account-data.export` job's handler (account-data.jobs.ts). */
    buildExport,

    /** Deletes expired exports and their ZIPs (a scheduled job runs it every 10 minutes). */
    purgeExpired,

    /**
     * Deletes the account and everything it owns: every part's rows (most go by cascade from the
     * account's row: sessions, children and their records, exports, caregivers' access to the children,
     * invitations), every stored file, every job naming it; then the provider forgets it (decision 0054).
     */
    async deleteAccount(userId: string, _confirmed: AccountDelete): Promise<{ deleted: true }> {
      await db.transaction().execute(async (trx) => {
        if (!(await auth.lockAccount(trx, userId))) throw new AppError('UNAUTHORIZED', ACCOUNT_GONE);
        const account = await accountContext(trx, userId);
        if (!account) throw new AppError('UNAUTHORIZED', ACCOUNT_GONE);
        await deleteAccountRecords(trx, parts, account.context);
        await files.releaseAllOf(trx, userId);
        await auth.deleteAccount(trx, userId);
      });
      await auth.afterAccountDeleted(userId);
      // A job that was running finds its export gone and stops; the rest are deleted here.
      await jobs
        .deleteJobsMatching({ ownerId: userId })
        .catch((error: unknown) => log.warn({ err: error }, 'could not delete the account\u2019s jobs'));
      await files
        .purge()
        .catch((error: unknown) => log.warn({ err: error }, 'could not purge the account\u2019s files yet; the scheduled purge will'));
      return { deleted: true };
    },
  };
}

export type AccountDataService = ReturnType<typeof createAccountDataService>;
