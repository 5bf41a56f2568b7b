import { ageInYears } from '#shared/age.ts';
import type { Child, ChildCreate, ChildUpdate } from '#shared/schemas/child.ts';
import type { AuthProvider, ChildCountMetadata } from '../../auth/auth-provider.ts';
import type { Db } from '../../db/database.ts';
import type { ChildRow } from '../../db/schema.ts';
import { checkChildScope, type ChildScope } from '../../core/child-scope.ts';
import { recordActivity } from '../../core/record-change.ts';
import type { StoredFiles } from '../../core/stored-objects.ts';
import { AppError } from '../../lib/errors.ts';
import * as children from './children.repository.ts';

export function toChild(row: ChildRow, today?: Date): Child {
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
  };
}

const metadataFor = (childCount: number): ChildCountMetadata => ({ childCount, hasCompletedOnboarding: childCount > 0 });

/** A parent's children. Every query is scoped to the caller, so another parent's child is simply not found. */
export function createChildrenService(deps: {
  db: Db;
  auth: AuthProvider;
  /** Removes the stored files the deleted child's records released (its documents' files and thumbnails). */
  files: Pick<StoredFiles, 'purge'>;
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

  /** One of the owner's children, read through `trx` (the service's db or a caller's transaction); NOT_FOUND when not theirs. */
  async function readChild(trx: Db, ownerId: string, id: number): Promise<Child> {
    const row = await children.findChild(trx, ownerId, id);
    if (!row) throw AppError.notFound('Child');
    return toChild(row, now());
  }

  return {
    async list(ownerId: string): Promise<Child[]> {
      const today = now();
      return (await children.listChildren(db, ownerId)).map((row) => toChild(row, today));
    },

    byId(ownerId: string, id: number): Promise<Child> {
      return readChild(db, ownerId, id);
    },

    /** The caller's scope over one child; NOT_FOUND (never FORBIDDEN) when the child is not theirs. */
    scope(ownerId: string, childId: number): Promise<ChildScope> {
      return checkChildScope(db, ownerId, childId);
    },

    /** The scoped child, read in the caller's transaction (for another feature, through createServices). */
    profile(trx: Db, scope: ChildScope): Promise<Child> {
      return readChild(trx, scope.ownerId, scope.childId);
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
      return toChild(created, now());
    },

    async update(ownerId: string, id: number, patch: ChildUpdate): Promise<Child> {
      const updated = await db.transaction().execute(async (trx) => {
        const row = await children.updateChild(trx, ownerId, id, patch, now());
        if (!row) throw AppError.notFound('Child');
        await recordActivity(trx, { ownerId, childId: id, actorId: ownerId, action: 'child.updated', subjectType: 'child', subjectId: id });
        return row;
      });
      return toChild(updated, now());
    },

    async delete(ownerId: string, id: number): Promise<{ id: number; deleted: true }> {
      await changeCount(ownerId, async (trx) => {
        // No activity: a deleted child leaves no row that names it (its own activities go with it).
        if (!(await children.deleteChild(trx, ownerId, id))) throw AppError.notFound('Child');
      });
      await deps.files.purge();
      return { id, deleted: true };
    },
  };
}

export type ChildrenService = ReturnType<typeof createChildrenService>;
