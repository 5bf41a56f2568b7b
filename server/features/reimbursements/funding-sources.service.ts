import {
  REIMBURSEMENT_LIMITS,
  type DeadlineRule,
  type FundingSource,
  type FundingSourceCreate,
  type FundingSourceUpdate,
} from '#shared/schemas/reimbursement.ts';
import type { Db } from '../../db/database.ts';
import type { FundingSourceRow } from '../../db/schema.ts';
import { authorsFor, type AuthorOf } from '../../core/authors.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import { recordChange } from '../../core/record-change.ts';
import { AppError } from '../../lib/errors.ts';
import { countOf } from './claims.rules.ts';
import { syncDeadlines, type DeadlineSync } from './funding-sources.deadlines.ts';
import * as sources from './funding-sources.repository.ts';

function deadlineRuleOf(row: FundingSourceRow): DeadlineRule | null {
  if (row.deadlineRule === 'days-after-service') return { kind: 'days-after-service', days: row.deadlineDays ?? 1 };
  return row.deadlineRule ? { kind: row.deadlineRule } : null;
}

/** The rule as its two columns. */
function ruleColumns(rule: DeadlineRule | null) {
  return { deadlineRule: rule?.kind ?? null, deadlineDays: rule?.kind === 'days-after-service' ? rule.days : null };
}

export function toFundingSource(row: FundingSourceRow, authorOf: AuthorOf): FundingSource {
  return {
    id: row.id,
    childId: row.childId,
    kind: row.kind,
    name: row.name,
    currency: row.currency,
    awardCents: row.awardCents,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    // Every write stores them sorted (sortedDays).
    deadlines: row.deadlines,
    deadlineRule: deadlineRuleOf(row),
    notes: row.notes,
    addedBy: authorOf(row.createdBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const sortedDays = (days: readonly string[]) => [...new Set(days)].sort();

/** The child's funders (decision 0103): read by every caregiver, managed by owners. */
export function createFundingSourcesService(deps: { db: Db; now?: () => Date } & DeadlineSync) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async list(scope: ChildScope): Promise<FundingSource[]> {
      const rows = await sources.listFundingSources(db, scope.childId);
      const authorOf = await authorsFor(
        db,
        scope,
        rows.map((row) => row.createdBy),
      );
      return rows.map((row) => toFundingSource(row, authorOf));
    },

    async create(scope: ChildScope, input: FundingSourceCreate): Promise<FundingSource> {
      const row = await recordChange(db, scope, { action: 'funding-source.added', subjectType: 'funding-source' }, async (trx) => {
        if ((await sources.countFundingSources(trx, scope.childId)) >= REIMBURSEMENT_LIMITS.fundingSources)
          throw new AppError('CONFLICT', `A child can have at most ${REIMBURSEMENT_LIMITS.fundingSources} funding sources.`);
        return sources.insertFundingSource(trx, {
          childId: scope.childId,
          kind: input.kind,
          name: input.name,
          currency: input.currency,
          awardCents: input.awardCents ?? null,
          periodStart: input.periodStart ?? null,
          periodEnd: input.periodEnd ?? null,
          deadlines: sortedDays(input.deadlines),
          ...ruleColumns(input.deadlineRule ?? null),
          notes: input.notes ?? null,
          createdBy: scope.userId,
        });
      });
      await syncDeadlines(deps, scope.childId);
      return toFundingSource(row, await authorsFor(db, scope, [row.createdBy]));
    },

    async update(scope: ChildScope, id: number, patch: FundingSourceUpdate): Promise<FundingSource> {
      const row = await recordChange(db, scope, { action: 'funding-source.updated', subjectType: 'funding-source' }, async (trx) => {
        const current = await sources.lockFundingSource(trx, scope.childId, id);
        if (!current) throw AppError.notFound('Funding source');
        const periodStart = patch.periodStart === undefined ? current.periodStart : patch.periodStart;
        const periodEnd = patch.periodEnd === undefined ? current.periodEnd : patch.periodEnd;
        if (periodStart && periodEnd && periodStart > periodEnd) {
          throw new AppError('BAD_REQUEST', 'Some fields need attention', [
            { path: 'periodEnd', message: 'The period ends before it starts' },
          ]);
        }
        if (patch.currency !== undefined && patch.currency !== current.currency) {
          const used = (await sources.currenciesUsingSource(trx, scope.childId, id)).filter((currency) => currency !== patch.currency);
          if (used.length > 0)
            throw new AppError(
              'CONFLICT',
              `This funding source has claims or paid expenses in ${used.join(', ')}: its currency cannot change while they are there.`,
            );
        }
        const { deadlineRule, deadlines, ...rest } = patch;
        const updated = await sources.updateFundingSource(trx, scope.childId, id, {
          ...rest,
          ...(deadlines === undefined ? {} : { deadlines: sortedDays(deadlines) }),
          ...(deadlineRule === undefined ? {} : ruleColumns(deadlineRule)),
          updatedAt: now(),
        });
        if (!updated) throw AppError.notFound('Funding source');
        return updated;
      });
      await syncDeadlines(deps, scope.childId);
      return toFundingSource(row, await authorsFor(db, scope, [row.createdBy]));
    },

    async delete(scope: ChildScope, id: number): Promise<{ id: number; deleted: true }> {
      await recordChange(db, scope, { action: 'funding-source.removed', subjectType: 'funding-source' }, async (trx) => {
        if (!(await sources.lockFundingSource(trx, scope.childId, id))) throw AppError.notFound('Funding source');
        const uses = await sources.fundingSourceUses(trx, scope.childId, id);
        if (uses.claims > 0 || uses.paidDirectly > 0) {
          const what = [
            ...(uses.claims > 0 ? [countOf(uses.claims, 'claim')] : []),
            ...(uses.paidDirectly > 0 ? [`${countOf(uses.paidDirectly, 'expense')} it paid directly`] : []),
          ].join(' and ');
          throw new AppError('CONFLICT', `This funding source has ${what}: remove or change them before deleting it.`);
        }
        await sources.deleteFundingSource(trx, scope.childId, id);
        return { id };
      });
      await syncDeadlines(deps, scope.childId);
      return { id, deleted: true };
    },
  };
}

export type FundingSourcesService = ReturnType<typeof createFundingSourcesService>;
