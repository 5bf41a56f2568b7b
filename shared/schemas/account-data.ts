import { z } from 'zod';
import { storedTimestamp } from './dates.ts';
import { defineActivityVocabulary } from './activity-vocabulary.ts';

/**
 * Where an export is: waiting for a worker, being built, ready to download, failed, or withdrawn (a
 * child or a document it holds was deleted after it was started, so it was deleted too).
 */
export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed', 'withdrawn'] as const;

/** How long a finished export can be downloaded. */
export const EXPORT_AVAILABLE_HOURS = 24;

/** The version of `data.json`'s layout; raised when a field changes meaning or moves. */
export const EXPORT_SCHEMA_VERSION = 2;

/** A parent's export of everything they own ("Download my data"). */
export const accountExportSchema = z.object({
  id: z.number().int(),
  status: z.enum(EXPORT_STATUSES),
  /** 0 to 100: the share of records and files written so far. */
  progress: z.number().int().min(0).max(100),
  itemsDone: z.number().int(),
  /** Records and files to write; null until the job has counted them. */
  itemsTotal: z.number().int().nullable(),
  /** The ZIP's size once ready. */
  sizeBytes: z.number().int().nullable(),
  /** The name the ZIP downloads under. */
  fileName: z.string(),
  createdAt: storedTimestamp,
  /** When it became ready (or failed). */
  finishedAt: storedTimestamp.nullable(),
  /** After this the ZIP is deleted; null while it is being built. */
  expiresAt: storedTimestamp.nullable(),
});

/** The word a parent types to confirm deleting their account. */
export const ACCOUNT_DELETE_CONFIRMATION = 'DELETE';

/** Input of `accountData.deleteAccount` and the body of DELETE /api/account. */
export const accountDeleteSchema = z.strictObject({
  confirm: z.literal(ACCOUNT_DELETE_CONFIRMATION, `Type ${ACCOUNT_DELETE_CONFIRMATION} to confirm`),
});

/** What deleting a child or a document answers: also how many of the owner's earlier exports it withdrew. */
export const deletedWithdrawingExportsSchema = z.object({
  id: z.number().int(),
  deleted: z.literal(true),
  /** The owner's exports (ready or being built) that held what was deleted and are now withdrawn. */
  exportsWithdrawn: z.number().int().min(0),
});

/** What deleting the account answers. */
export const accountDeletedSchema = z.object({ deleted: z.literal(true) });

export type AccountExport = z.infer<typeof accountExportSchema>;
export type AccountDelete = z.output<typeof accountDeleteSchema>;
export type DeletedWithdrawingExports = z.infer<typeof deletedWithdrawingExportsSchema>;

/** The owner downloaded everything: one entry per child they own, about the child (decision 0053). */
export const accountActivity = defineActivityVocabulary({
  auditOnly: { 'account.exported': 'All data exported' },
});
