import type { Strategy, StrategyCreate, StrategyUpdate } from '#shared/schemas/strategy.ts';
import type { Db } from '../../db/database.ts';
import type { StrategyRow } from '../../db/schema.ts';
import { requireChildGoals, type ChildScope } from '../../core/child-scope.ts';
import { authorsFor, type AuthorOf } from '../../core/authors.ts';
import { recordChange } from '../../core/record-change.ts';
import { AppError } from '../../lib/errors.ts';
import * as strategies from './strategies.repository.ts';

export function toStrategy(row: StrategyRow, goalIds: number[], authorOf: AuthorOf): Strategy {
  return {
    id: row.id,
    childId: row.childId,
    title: row.title,
    description: row.description,
    whereUsed: row.whereUsed,
    kind: row.kind,
    goalIds,
    effectiveness: row.effectiveness,
    active: row.active,
    addedBy: authorOf(row.createdBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createStrategiesService(deps: { db: Db; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function linkGoals(trx: Db, scope: ChildScope, strategyId: number, goalIds: number[] | undefined): Promise<number[] | undefined> {
    if (goalIds === undefined) return undefined;
    await requireChildGoals(trx, scope, goalIds, (index) => `goalIds.${index}`);
    const unique = [...new Set(goalIds)];
    await strategies.replaceGoalLinks(trx, scope.childId, strategyId, unique);
    return unique.sort((a, b) => a - b);
  }

  return {
    async list(scope: ChildScope): Promise<Strategy[]> {
      const [rows, links] = await Promise.all([strategies.listStrategies(db, scope.childId), strategies.goalLinks(db, scope.childId)]);
      const authorOf = await authorsFor(
        db,
        scope,
        rows.map((row) => row.createdBy),
      );
      return rows.map((row) =>
        toStrategy(
          row,
          links.filter((link) => link.strategyId === row.id).map((link) => link.goalId),
          authorOf,
        ),
      );
    },

    async create(scope: ChildScope, input: StrategyCreate): Promise<Strategy> {
      const { goalIds, ...values } = input;
      const result = await recordChange(db, scope, { action: 'strategy.created', subjectType: 'strategy' }, async (trx) => {
        const row = await strategies.insertStrategy(trx, scope.childId, { ...values, createdBy: scope.userId });
        return { id: row.id, row, goalIds: (await linkGoals(trx, scope, row.id, goalIds)) ?? [] };
      });
      return toStrategy(result.row, result.goalIds, await authorsFor(db, scope, [result.row.createdBy]));
    },

    async update(scope: ChildScope, id: number, patch: StrategyUpdate): Promise<Strategy> {
      const { goalIds, ...values } = patch;
      const result = await recordChange(db, scope, { action: 'strategy.updated', subjectType: 'strategy' }, async (trx) => {
        const row = await strategies.updateStrategy(trx, scope.childId, id, values, now());
        if (!row) throw AppError.notFound('Strategy');
        const linked = (await linkGoals(trx, scope, id, goalIds)) ?? (await strategies.goalIdsOf(trx, id));
        return { id, row, goalIds: linked };
      });
      return toStrategy(result.row, result.goalIds, await authorsFor(db, scope, [result.row.createdBy]));
    },

    async delete(scope: ChildScope, id: number): Promise<{ id: number; deleted: true }> {
      await recordChange(db, scope, { action: 'strategy.deleted', subjectType: 'strategy' }, async (trx) => {
        if (!(await strategies.deleteStrategy(trx, scope.childId, id))) throw AppError.notFound('Strategy');
        return { id };
      });
      return { id, deleted: true };
    },
  };
}

export type StrategiesService = ReturnType<typeof createStrategiesService>;
