import { ageInYears } from '#shared/age.ts';
import type { DeletedWithdrawingExports } from '#shared/schemas/account-data.ts';
import type { ExportWithdrawal } from '../../core/account-data.ts';
import type { Child, ChildCreate, ChildUpdate } from '#shared/schemas/child.ts';
import type { ChildRole } from '#shared/schemas/roles.ts';
import type { AuthProvider, ChildCountMetadata } from '../../auth/auth-provider.ts';
import type { Db } from '../../db/database.ts';
import type { ChildRow } from '../../db/schema.ts';
import { checkChildScope, type ChildScope } from '../../core/child-scope.ts';
import { recordActivity, recordChange } from '../../core/record-change.ts';
import type { StoredFiles } from '../../core/stored-objects.ts';
import { AppError } from '../../lib/errors.ts';
import * as children from './children.repository.ts';

export function toChild(row: ChildRow, role: ChildRole, userId: string, today?: Date): Child {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    dateOfBirth: row.dateOfBirth,
    grade: row.grade,
    school: row.school,
    pronouns: row.pronouns,
    supportPlan: row.supportPlan,
    planReviewDate: row.planReviewDate,
    lastEvaluationDate: row.lastEvaluationDate,
    diagnoses: row.diagnoses,
    strengths: row.strengths,
    challenges: row.challenges,
    interests: row.interests,
    notes: row.notes,
    avatarColor: row.avatarColor,
    ageYears: ageInYears(row.dateOfBirth, today),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    role,
    sharedWithYou: row.ownerId !== userId,
  };
}

/** A caregiver's view is written to the audit log at most once an hour per child (decision 0044). */
const VIEW_NOTED_FOR_MS = 60 * 60 * 1000;

const metadataFor = (childCount: number): ChildCountMetadata => ({ childCount, hasCompletedOnboarding: childCount > 0 });

/** The children a person has access to. A child they have no access to is simply not found. */
export function createChildrenService(deps: {
  db: Db;
  auth: AuthProvider;
  /** Removes the stored files the deleted child's records released (its documents' files and thumbnails). */
  files: Pick<StoredFiles, 'purge'>;
  /** Withdraws the exports that hold a deleted child. */
  exports: ExportWithdrawal;
  now?: () => Date;
}) {
  const { db, auth } = deps;
  const now = deps.now ?? (() => new Date());

  async function changeCount<T>(ownerId: string, change: (trx: Db) => Promise<T>): Promise<T> {
    const outcome = await db.transaction().execute(async (trx) => {
      // The lock makes parallel changes take turns, so each count sees the others' children.
      if (!(await auth.lockAccount(trx, ownerId))) throw new AppError('UNAUTHORIZED', 'This account no longer exists.');
      const changed = await change(trx);
      const metadata = metadataFor(await children.countChildren(trx, ownerId));
      await auth.writeMetadataInTransaction(trx, ownerId, metadata);
      return { changed, metadata };
    });
    await auth.writeMetadataAfterCommit(ownerId, outcome.metadata);
    return outcome.changed;
  }

  /**
   * Notes that a caregiver (anyone but the account holder) read the child's record, throttled per
   * person and child in the database, so instances sharing it note a view once an hour between them.
   */
  async function noteView(scope: ChildScope): Promise<void> {
    if (scope.userId === scope.ownerId) return;
    await db.transaction().execute(async (trx) => {
      if (!(await children.noteViewOnce(trx, scope.userId, scope.childId, now(), VIEW_NOTED_FOR_MS))) return;
      await recordActivity(trx, {
        ownerId: scope.ownerId,
        childId: scope.childId,
        actorId: scope.userId,
        action: 'child.viewed',
        subjectType: 'child',
        subjectId: scope.childId,
      });
    });
  }

  /** The scoped child, read through `trx` (the service's db or a caller's transaction). */
  async function readChild(trx: Db, scope: ChildScope): Promise<Child> {
    const row = await children.findChild(trx, scope.childId);
    if (!row) throw AppError.notFound('Child');
    return toChild(row, scope.role, scope.userId, now());
  }

  return {
    async list(userId: string): Promise<Child[]> {
      const today = now();
      return (await children.listChildren(db, userId)).map((row) => toChild(row, row.role, userId, today));
    },

    byId(scope: ChildScope): Promise<Child> {
      return readChild(db, scope);
    },

    /**
     * The caller's scope over one child for something that needs `role`: NOT_FOUND when they have no access,
     * FORBIDDEN when their role is too small. `viewing` (a read) is noted in the child's audit log.
     */
    async scope(userId: string, childId: number, role: ChildRole, viewing = false): Promise<ChildScope> {
      const scope = await checkChildScope(db, userId, childId, role);
      if (viewing) await noteView(scope);
      return scope;
    },

    /** The scoped child, read in the caller's transaction (for another feature, through createServices). */
    profile(trx: Db, scope: ChildScope): Promise<Child> {
      return readChild(trx, scope);
    },

    async create(ownerId: string, input: ChildCreate): Promise<Child> {
      const created = await changeCount(ownerId, async (trx) => {
        const row = await children.insertChild(trx, ownerId, input);
        await recordActivity(trx, {
          ownerId,
          childId: row.id,
          actorId: ownerId,
          action: 'child.created',
          subjectType: 'child',
          subjectId: row.id,
        });
        return row;
      });
      return toChild(created, 'owner', ownerId, now());
    },

    async update(scope: ChildScope, patch: ChildUpdate): Promise<Child> {
      const updated = await recordChange(db, scope, { action: 'child.updated', subjectType: 'child' }, async (trx) => {
        const row = await children.updateChild(trx, scope.childId, patch, now());
        if (!row) throw AppError.notFound('Child');
        return row;
      });
      return toChild(updated, scope.role, scope.userId, now());
    },

    /** Deletes the child and everything about it, for every caregiver; the child counts against the account it belongs to. */
    async delete(scope: ChildScope): Promise<DeletedWithdrawingExports> {
      const exportsWithdrawn = await changeCount(scope.ownerId, async (trx) => {
        // No activity: a deleted child leaves no row that names it (its own activities go with it).
        if (!(await children.deleteChild(trx, scope.childId))) throw AppError.notFound('Child');
        return deps.exports.withdrawExports(trx, scope.ownerId);
      });
      await deps.files.purge();
      return { id: scope.childId, deleted: true, exportsWithdrawn };
    },
  };
}

export type ChildrenService = ReturnType<typeof createChildrenService>;
