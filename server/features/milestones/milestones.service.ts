import type { FeatureFlags } from '#shared/feature-flags.ts';
import { milestoneStatusAction } from '#shared/schemas/activity.ts';
import { todayIso } from '#shared/schemas/dates.ts';
import type {
  GenerationResult,
  Milestone,
  MilestoneCreate,
  MilestoneRange,
  MilestoneUpdate,
  OwnedMilestoneSource,
} from '#shared/schemas/milestone.ts';
import type { Db } from '../../db/database.ts';
import type { MilestoneRow } from '../../db/schema.ts';
import { lockChild, type ChildScope } from '../../core/child-scope.ts';
import { authorsFor, type AuthorOf } from '../../core/authors.ts';
import { recordChange } from '../../core/record-change.ts';
import { AppError } from '../../lib/errors.ts';
import type { ChildrenService } from '../children/children.service.ts';
import type { GoalsService } from '../goals/goals.service.ts';
import * as milestones from './milestones.repository.ts';
import { planOwnedMilestones } from './owned-milestones.ts';
import { generateRoadmap, type MilestoneDraft } from './roadmap-rules.ts';

export function toMilestone(row: MilestoneRow, authorOf: AuthorOf): Milestone {
  return {
    id: row.id,
    childId: row.childId,
    title: row.title,
    whyItMatters: row.whyItMatters,
    whatToDo: row.whatToDo,
    category: row.category,
    dueDate: row.dueDate,
    status: row.status,
    source: row.source,
    ruleKey: row.ruleKey,
    editedByParent: row.editedByParent,
    addedBy: authorOf(row.createdBy),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A generated milestone the parent has not touched: regeneration may refresh or remove it. Only
 * 'upcoming': one the parent moved to in-progress, done or skipped is theirs now.
 */
const regenerable = (row: MilestoneRow) => row.source === 'generated' && !row.editedByParent && row.status === 'upcoming';

const sameContent = (row: MilestoneRow, draft: MilestoneDraft) =>
  row.title === draft.title && row.whyItMatters === draft.whyItMatters && row.whatToDo === draft.whatToDo && row.dueDate === draft.dueDate;

export interface MilestonesDeps {
  db: Db;
  featureFlags: FeatureFlags;
  now?: () => Date;
  /** The roadmap rules read the child's profile and goals, in the generation's transaction. */
  children: Pick<ChildrenService, 'profile'>;
  goals: Pick<GoalsService, 'listSummaries'>;
}

export function createMilestonesService(deps: MilestonesDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const horizonMonths = deps.featureFlags.FLAG_ROADMAP_V2_6MO ? 6 : 3;

  return {
    horizonMonths,

    async list(scope: ChildScope, range: MilestoneRange = {}): Promise<Milestone[]> {
      const rows = await milestones.listMilestones(db, scope.childId, range);
      const authorOf = await authorsFor(
        db,
        scope,
        rows.map((row) => row.createdBy),
      );
      return rows.map((row) => toMilestone(row, authorOf));
    },

    async create(scope: ChildScope, input: MilestoneCreate): Promise<Milestone> {
      const row = await recordChange(db, scope, { action: 'milestone.created', subjectType: 'milestone' }, (trx) =>
        milestones.insertMilestone(trx, scope.childId, { ...input, source: 'parent', ruleKey: null, createdBy: scope.userId }),
      );
      return toMilestone(row, await authorsFor(db, scope, [row.createdBy]));
    },

    /** A parent's change to a generated milestone marks it, so regeneration keeps it as they left it. */
    async update(scope: ChildScope, id: number, patch: MilestoneUpdate): Promise<Milestone> {
      const row = await recordChange(
        db,
        scope,
        { action: patch.status ? milestoneStatusAction(patch.status) : 'milestone.updated', subjectType: 'milestone' },
        async (trx) => {
          const updated = await milestones.updateMilestone(trx, scope.childId, id, { ...patch, editedByParent: true }, now());
          if (!updated) throw AppError.notFound('Milestone');
          return updated;
        },
      );
      return toMilestone(row, await authorsFor(db, scope, [row.createdBy]));
    },

    async delete(scope: ChildScope, id: number): Promise<{ id: number; deleted: true }> {
      await recordChange(db, scope, { action: 'milestone.deleted', subjectType: 'milestone' }, async (trx) => {
        const row = await milestones.findMilestone(trx, scope.childId, id);
        if (!row) throw AppError.notFound('Milestone');
        // A generated milestone the parent deletes stays deleted: regeneration skips its rule key.
        if (row.ruleKey) await milestones.dismissRuleKey(trx, scope.childId, row.ruleKey);
        await milestones.deleteMilestones(trx, scope.childId, [id]);
        return { id };
      });
      return { id, deleted: true };
    },

    /** Runs the rules engine and reconciles: new drafts added, untouched ones refreshed or removed, the parent's kept. */
    async generate(scope: ChildScope): Promise<GenerationResult> {
      const today = now();
      const generated = await recordChange(db, scope, { action: 'roadmap.generated', subjectType: 'child' }, async (trx) => {
        // Two generations at once (a double click) would both insert the same rule keys: take turns.
        await lockChild(trx, scope);
        const [child, goals, existing, dismissed] = await Promise.all([
          deps.children.profile(trx, scope),
          deps.goals.listSummaries(trx, scope),
          milestones.listMilestones(trx, scope.childId),
          milestones.dismissedRuleKeys(trx, scope.childId),
        ]);
        const drafts = generateRoadmap({
          child,
          goals,
          today: todayIso(today),
          horizonMonths,
        }).filter((draft) => !dismissed.has(draft.ruleKey));
        const byKey = new Map(existing.filter((row) => row.ruleKey).map((row) => [row.ruleKey as string, row]));
        const result: GenerationResult = { created: 0, updated: 0, removed: 0, kept: 0 };
        for (const draft of drafts) {
          const row = byKey.get(draft.ruleKey);
          if (!row) {
            await milestones.insertMilestone(trx, scope.childId, { ...draft, status: 'upcoming', source: 'generated' });
            result.created += 1;
          } else if (regenerable(row) && !sameContent(row, draft)) {
            await milestones.refreshGenerated(trx, scope.childId, row.id, draft, today);
            result.updated += 1;
          }
        }
        const draftKeys = new Set(drafts.map((draft) => draft.ruleKey));
        const stale = existing.filter(
          (row) => regenerable(row) && row.ruleKey && !draftKeys.has(row.ruleKey) && row.dueDate >= todayIso(today),
        );
        result.removed = await milestones.deleteMilestones(
          trx,
          scope.childId,
          stale.map((row) => row.id),
        );
        result.kept = existing.filter((row) => !regenerable(row)).length;
        // The activity's subject is the child whose roadmap this is.
        return { id: scope.childId, result };
      });
      return generated.result;
    },

    /**
     * Makes the milestones `source` keeps for the child match `drafts` (decision 0106), keeping what
     * the parent did with them (owned-milestones.ts). Trelli's own bookkeeping, run by a daily job
     * and after a change in the owning feature: no activity entry, as the reminder mail writes none.
     * The roadmap's regeneration never touches these (it keeps only 'generated' ones).
     */
    async keepOwn(childId: number, source: OwnedMilestoneSource, drafts: readonly MilestoneDraft[]): Promise<GenerationResult> {
      const at = now();
      return db.transaction().execute(async (trx) => {
        const [existing, dismissed] = await Promise.all([
          milestones.listOwnedMilestones(trx, childId, source),
          milestones.dismissedRuleKeys(trx, childId),
        ]);
        const plan = planOwnedMilestones(existing, drafts, dismissed);
        const removed = await milestones.deleteMilestones(trx, childId, plan.remove);
        for (const { id, ruleKey } of plan.rekey) await milestones.rekeyMilestone(trx, childId, id, ruleKey, at);
        for (const { id, draft } of plan.refresh) await milestones.refreshGenerated(trx, childId, id, draft, at);
        let created = 0;
        for (const draft of plan.insert) if (await milestones.insertOwnedMilestone(trx, childId, source, draft)) created += 1;
        const changed = new Set([...plan.remove, ...plan.rekey.map((row) => row.id), ...plan.refresh.map((row) => row.id)]);
        return { created, updated: plan.refresh.length, removed, kept: existing.filter((row) => !changed.has(row.id)).length };
      });
    },

    /** The children with milestones `source` keeps: its daily sync visits them even once it has none to ask for. */
    childrenWithOwn(source: OwnedMilestoneSource): Promise<number[]> {
      return milestones.childrenWithOwnedMilestones(db, source);
    },
  };
}

export type MilestonesService = ReturnType<typeof createMilestonesService>;
