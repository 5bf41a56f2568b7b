import {
  GOAL_STALE_DAYS,
  isActiveGoalStatus,
  type Goal,
  type GoalCreate,
  type GoalDetail,
  type GoalSummary,
  type GoalUpdate,
  type ProgressEntry,
  type ProgressEntryCreate,
  type ProgressEntryUpdate,
} from '#shared/schemas/goal.ts';
import { FROM_FORM_IS_KEPT_MESSAGE, type EntrySource } from '#shared/schemas/entry-source.ts';
import type { Db } from '../../db/database.ts';
import type { GoalRow, ProgressEntryRow } from '../../db/schema.ts';
import { authorsFor, type AuthorOf } from '../../core/authors.ts';
import { recordChange } from '../../core/record-change.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import { AppError } from '../../lib/errors.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import type { ObservationsService } from '../observations/observations.service.ts';
import * as goals from './goals.repository.ts';

const DAY_MS = 86_400_000;
/** How many linked observations a goal's detail shows as evidence, newest first. */
export const GOAL_EVIDENCE_LIMIT = 50;

export function toProgressEntry(row: ProgressEntryRow, authorOf: AuthorOf): ProgressEntry {
  return {
    id: row.id,
    goalId: row.goalId,
    recordedOn: row.recordedOn,
    value: row.value,
    note: row.note,
    source: row.source,
    addedBy: authorOf(row.createdBy),
    createdAt: row.createdAt.toISOString(),
  };
}

/** An active goal with nothing recorded for GOAL_STALE_DAYS days (counting from its creation when it has no entry). */
export function isStale(goal: Pick<GoalRow, 'status' | 'createdAt'>, latestOn: string | null, today: Date): boolean {
  if (!isActiveGoalStatus(goal.status)) return false;
  const since = latestOn ? Date.parse(`${latestOn}T00:00:00Z`) : goal.createdAt.getTime();
  return today.getTime() - since >= GOAL_STALE_DAYS * DAY_MS;
}

export function toGoal(row: GoalRow, latest: ProgressEntryRow | undefined, today: Date, authorOf: AuthorOf): Goal {
  return {
    id: row.id,
    childId: row.childId,
    area: row.area,
    title: row.title,
    description: row.description,
    baseline: row.baseline,
    target: row.target,
    unit: row.unit,
    targetDate: row.targetDate,
    status: row.status,
    source: row.source,
    latestProgress: latest ? toProgressEntry(latest, authorOf) : null,
    isStale: isStale(row, latest?.recordedOn ?? null, today),
    addedBy: authorOf(row.createdBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface GoalsDeps {
  db: Db;
  now?: () => Date;
  /** Evidence for a goal's detail: the observations linked to it. */
  observations: Pick<ObservationsService, 'listLinkedToGoal'>;
  /** Documents linked to the goal, also evidence. */
  documents: Pick<DocumentsService, 'listLinkedToGoal'>;
}

export function createGoalsService(deps: GoalsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function requireGoal(trx: Db, scope: ChildScope, id: number): Promise<GoalRow> {
    const row = await goals.findGoal(trx, scope.childId, id);
    if (!row) throw AppError.notFound('Goal');
    return row;
  }

  return {
    async list(scope: ChildScope): Promise<Goal[]> {
      const [rows, latest] = await Promise.all([goals.listGoals(db, scope.childId), goals.latestProgressByGoal(db, scope.childId)]);
      const latestByGoal = new Map(latest.map((entry) => [entry.goalId, entry]));
      const today = now();
      const authorOf = await authorsFor(
        db,
        scope,
        [...rows, ...latest].map((row) => row.createdBy),
      );
      return rows.map((row) => toGoal(row, latestByGoal.get(row.id), today, authorOf));
    },

    async detail(scope: ChildScope, id: number): Promise<GoalDetail> {
      const row = await requireGoal(db, scope, id);
      const [progress, evidence, documents] = await Promise.all([
        goals.listProgress(db, scope.childId, id),
        deps.observations.listLinkedToGoal(db, scope, id, GOAL_EVIDENCE_LIMIT),
        deps.documents.listLinkedToGoal(db, scope, id),
      ]);
      const authorOf = await authorsFor(
        db,
        scope,
        [row, ...progress].map((entry) => entry.createdBy),
      );
      return {
        goal: toGoal(row, progress.at(-1), now(), authorOf),
        progress: progress.map((entry) => toProgressEntry(entry, authorOf)),
        evidence,
        documents,
      };
    },

    /** Every progress entry of the child's goals from `from` to `to` (days, both included), oldest first (for another feature: the meeting pack). */
    async progressBetween(scope: ChildScope, from: string, to: string): Promise<{ goalId: number; on: string; value: number }[]> {
      return (await goals.listProgressBetween(db, scope.childId, from, to)).map((entry) => ({
        goalId: entry.goalId,
        on: entry.recordedOn,
        value: entry.value,
      }));
    },

    /** The child's goals without their progress, read in the caller's transaction (for another feature, through createServices). */
    async listSummaries(trx: Db, scope: ChildScope): Promise<GoalSummary[]> {
      return (await goals.listGoals(trx, scope.childId)).map(({ id, title, targetDate, status }) => ({ id, title, targetDate, status }));
    },

    /** The latest `perGoal` progress points of each of `goalIds`, oldest first, by goal id (for another feature: a snapshot's charts). */
    async recentPoints(
      scope: ChildScope,
      goalIds: readonly number[],
      perGoal: number,
    ): Promise<Map<number, { on: string; value: number }[]>> {
      const byGoal = new Map<number, { on: string; value: number }[]>();
      for (const entry of await goals.latestProgressOfGoals(db, scope.childId, goalIds, perGoal)) {
        byGoal.set(entry.goalId, [...(byGoal.get(entry.goalId) ?? []), { on: entry.recordedOn, value: entry.value }]);
      }
      return byGoal;
    },

    async create(scope: ChildScope, input: GoalCreate): Promise<Goal> {
      const row = await recordChange(db, scope, { action: 'goal.created', subjectType: 'goal' }, (trx) =>
        goals.insertGoal(trx, scope.childId, { ...input, createdBy: scope.userId }),
      );
      return toGoal(row, undefined, now(), await authorsFor(db, scope, [row.createdBy]));
    },

    async update(scope: ChildScope, id: number, patch: GoalUpdate): Promise<Goal> {
      const row = await recordChange(db, scope, { action: 'goal.updated', subjectType: 'goal' }, async (trx) => {
        const updated = await goals.updateGoal(trx, scope.childId, id, patch, now());
        if (!updated) throw AppError.notFound('Goal');
        return updated;
      });
      const latest = (await goals.listProgress(db, scope.childId, id)).at(-1);
      return toGoal(row, latest, now(), await authorsFor(db, scope, [row.createdBy, latest?.createdBy ?? null]));
    },

    async delete(scope: ChildScope, id: number): Promise<{ id: number; deleted: true }> {
      await recordChange(db, scope, { action: 'goal.deleted', subjectType: 'goal' }, async (trx) => {
        if (!(await goals.deleteGoal(trx, scope.childId, id))) throw AppError.notFound('Goal');
        return { id };
      });
      return { id, deleted: true };
    },

    async addProgress(scope: ChildScope, input: ProgressEntryCreate): Promise<ProgressEntry> {
      const entry = await recordChange(db, scope, { action: 'progress.recorded', subjectType: 'progress' }, async (trx) => {
        await requireGoal(trx, scope, input.goalId);
        return goals.insertProgress(trx, scope.childId, { ...input, createdBy: scope.userId });
      });
      return toProgressEntry(entry, await authorsFor(db, scope, [entry.createdBy]));
    },

    /**
     * A progress entry from an approved form answer, in the caller's transaction (for another feature: form
     * responses). Null when the goal is no longer the child's: the answer then stays in its response only.
     */
    async addProgressFromForm(
      trx: Db,
      scope: ChildScope,
      entry: { goalId: number; recordedOn: string; value: number; note: string | null },
      source: EntrySource,
    ): Promise<number | null> {
      if (!(await goals.findGoal(trx, scope.childId, entry.goalId))) return null;
      const row = await goals.insertProgressFromForm(trx, scope.childId, { ...entry, createdBy: scope.userId }, source);
      return row.id;
    },

    /**
     * Corrects an entry of the child's; another child's (or, with `goalId`, another goal's) is NOT_FOUND.
     * An entry from a form answer stays as it was answered (CONFLICT): it can be deleted, not rewritten.
     */
    async updateProgress(scope: ChildScope, id: number, patch: ProgressEntryUpdate, goalId?: number): Promise<ProgressEntry> {
      const entry = await recordChange(db, scope, { action: 'progress.updated', subjectType: 'progress' }, async (trx) => {
        const current = await goals.findProgress(trx, scope.childId, id, goalId);
        if (!current) throw AppError.notFound('Progress entry');
        if (current.source) throw new AppError('CONFLICT', FROM_FORM_IS_KEPT_MESSAGE);
        const updated = await goals.updateProgress(trx, scope.childId, id, patch, goalId);
        if (!updated) throw AppError.notFound('Progress entry');
        return updated;
      });
      return toProgressEntry(entry, await authorsFor(db, scope, [entry.createdBy]));
    },

    /** `goalId` (REST's path) also requires the entry to be that goal's. */
    async deleteProgress(scope: ChildScope, id: number, goalId?: number): Promise<{ id: number; deleted: true }> {
      await recordChange(db, scope, { action: 'progress.deleted', subjectType: 'progress' }, async (trx) => {
        if (!(await goals.deleteProgress(trx, scope.childId, id, goalId))) throw AppError.notFound('Progress entry');
        return { id };
      });
      return { id, deleted: true };
    },
  };
}

export type GoalsService = ReturnType<typeof createGoalsService>;
