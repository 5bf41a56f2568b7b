import { FROM_FORM_IS_KEPT_MESSAGE, type EntrySource } from '#shared/schemas/entry-source.ts';
import type {
  Observation,
  ObservationCreate,
  ObservationFilter,
  ObservationUpdate,
  Setting,
  WeeklyTrend,
} from '#shared/schemas/observation.ts';
import type { Db } from '../../db/database.ts';
import type { ObservationRow } from '../../db/schema.ts';
import { authorsFor, authorsForChildren, type AuthorOf } from '../../core/authors.ts';
import { requireChildGoals, type ChildScope } from '../../core/child-scope.ts';
import { childGoalIds } from '../../core/child-scope.repository.ts';
import { weekStart } from '../../core/dates.ts';
import { recordChange } from '../../core/record-change.ts';
import { AppError } from '../../lib/errors.ts';
import * as observations from './observations.repository.ts';

export const TREND_WEEKS = 12;

export function toObservation(row: ObservationRow, authorOf: AuthorOf): Observation {
  return {
    id: row.id,
    childId: row.childId,
    what: row.what,
    occurredAt: row.occurredAt.toISOString(),
    setting: row.setting,
    antecedent: row.antecedent,
    behaviour: row.behaviour,
    consequence: row.consequence,
    mood: row.mood,
    tags: row.tags,
    isWin: row.isWin,
    goalId: row.goalId,
    source: row.source,
    addedBy: authorOf(row.createdBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The last `weeks` weeks, oldest first, each with its counts (zero when nothing was logged). */
export function fillWeeks(counts: { weekStart: string; wins: number; concerns: number }[], today: Date, weeks = TREND_WEEKS): WeeklyTrend {
  const byWeek = new Map(counts.map((count) => [count.weekStart, count]));
  const current = new Date(`${weekStart(today)}T00:00:00Z`);
  return Array.from({ length: weeks }, (_, index) => {
    const start = new Date(current);
    start.setUTCDate(start.getUTCDate() - 7 * (weeks - 1 - index));
    const key = start.toISOString().slice(0, 10);
    const found = byWeek.get(key);
    return { weekStart: key, wins: found?.wins ?? 0, concerns: found?.concerns ?? 0 };
  });
}

export function createObservationsService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function assertGoal(trx: Db, scope: ChildScope, goalId: number | null | undefined) {
    if (goalId != null) await requireChildGoals(trx, scope, [goalId], () => 'goalId');
  }

  /** The observations as the API gives them, each naming who added it. */
  async function withAuthors(trx: Db, scope: ChildScope, rows: ObservationRow[]): Promise<Observation[]> {
    const authorOf = await authorsFor(
      trx,
      scope,
      rows.map((row) => row.createdBy),
    );
    return rows.map((row) => toObservation(row, authorOf));
  }

  return {
    async list(scope: ChildScope, filter: ObservationFilter): Promise<Observation[]> {
      return withAuthors(db, scope, await observations.listObservations(db, scope.childId, filter));
    },

    /** The observations of every child in `scopes` matching `filter`, newest first, in one list (decision 0098). */
    async listForChildren(scopes: readonly ChildScope[], filter: ObservationFilter): Promise<Observation[]> {
      const rows = await observations.listObservationsOfChildren(
        db,
        scopes.map((scope) => scope.childId),
        filter,
      );
      const authorsOf = await authorsForChildren(db, scopes, rows);
      return rows.map((row) => toObservation(row, authorsOf(row.childId)));
    },

    /** The observations tied to `goalIds` in a period, each goal's latest `perGoal`, newest first (for another feature: the meeting pack). */
    async listLinkedToGoals(
      scope: ChildScope,
      goalIds: readonly number[],
      range: { from: string; to: string },
      perGoal: number,
    ): Promise<Observation[]> {
      return withAuthors(db, scope, await observations.listLinkedToGoals(db, scope.childId, goalIds, range, perGoal));
    },

    /** Which of `patterns` (PostgreSQL regular expressions, any case) any of the child's observations matches, by index in the list. */
    patternsMatched(scope: ChildScope, patterns: readonly string[]): Promise<number[]> {
      return observations.patternsMatched(db, scope.childId, patterns);
    },

    async create(scope: ChildScope, input: ObservationCreate): Promise<Observation> {
      const row = await recordChange(db, scope, { action: 'observation.created', subjectType: 'observation' }, async (trx) => {
        await assertGoal(trx, scope, input.goalId);
        return observations.insertObservation(trx, scope.childId, {
          ...input,
          occurredAt: input.occurredAt ?? now().toISOString(),
          createdBy: scope.userId,
        });
      });
      return (await withAuthors(db, scope, [row]))[0] as Observation;
    },

    /**
     * An observation from an approved form answer, in the caller's transaction (for another feature: form
     * responses). A goal that is no longer the child's leaves it untied.
     */
    async addFromForm(
      trx: Db,
      scope: ChildScope,
      entry: { what: string; occurredAt: Date; setting: Setting; goalId: number | null },
      source: EntrySource,
    ): Promise<number> {
      const goalId =
        entry.goalId !== null && (await childGoalIds(trx, scope.childId, [entry.goalId])).has(entry.goalId) ? entry.goalId : null;
      const row = await observations.insertObservationFromForm(trx, scope.childId, { ...entry, goalId, createdBy: scope.userId }, source);
      return row.id;
    },

    /** An observation from a form answer stays as it was answered (CONFLICT): it can be deleted, not rewritten. */
    async update(scope: ChildScope, id: number, patch: ObservationUpdate): Promise<Observation> {
      const row = await recordChange(db, scope, { action: 'observation.updated', subjectType: 'observation' }, async (trx) => {
        const current = await observations.findObservation(trx, scope.childId, id);
        if (!current) throw AppError.notFound('Observation');
        if (current.source) throw new AppError('CONFLICT', FROM_FORM_IS_KEPT_MESSAGE);
        await assertGoal(trx, scope, patch.goalId);
        const updated = await observations.updateObservation(trx, scope.childId, id, patch, now());
        if (!updated) throw AppError.notFound('Observation');
        return updated;
      });
      return (await withAuthors(db, scope, [row]))[0] as Observation;
    },

    async delete(scope: ChildScope, id: number): Promise<{ id: number; deleted: true }> {
      await recordChange(db, scope, { action: 'observation.deleted', subjectType: 'observation' }, async (trx) => {
        if (!(await observations.deleteObservation(trx, scope.childId, id))) throw AppError.notFound('Observation');
        return { id };
      });
      return { id, deleted: true };
    },

    /** Observations linked to one of the child's goals, newest first (for another feature, through createServices). */
    async listLinkedToGoal(trx: Db, scope: ChildScope, goalId: number, limit: number): Promise<Observation[]> {
      return withAuthors(trx, scope, await observations.listObservations(trx, scope.childId, { goalId, limit }));
    },

    /**
     * The observations since `since` (for another feature: a snapshot's recent observations): the latest
     * `limit`, how many there were, and per week (Monday, UTC) how many and their average mood.
     */
    async recent(scope: ChildScope, since: Date, limit: number) {
      const { latest, weeks } = await observations.recentObservations(db, scope.childId, since, limit);
      return {
        items: latest.map(({ occurredAt, what, setting, mood, isWin }) => ({
          occurredAt: occurredAt.toISOString(),
          what,
          setting,
          mood,
          isWin,
        })),
        count: weeks.reduce((sum, week) => sum + week.count, 0),
        weeks: weeks.map((week) => ({
          weekStart: week.weekStart,
          count: week.count,
          averageMood: week.averageMood === null ? null : Math.round(Number(week.averageMood) * 10) / 10,
        })),
      };
    },

    async weeklyTrend(scope: ChildScope): Promise<WeeklyTrend> {
      const today = now();
      const oldest = fillWeeks([], today)[0]?.weekStart ?? weekStart(today);
      return fillWeeks(await observations.weeklyCounts(db, scope.childId, oldest), today);
    },
  };
}

export type ObservationsService = ReturnType<typeof createObservationsService>;
