import type { ObservationFilter } from '#shared/schemas/observation.ts';
import { isActiveGoalStatus } from '#shared/schemas/goal.ts';
import type {
  EveryChildGoal,
  EveryChildObservation,
  EveryChildProgress,
  EveryChildSnapshot,
  EveryChildSnapshotLink,
  EveryChildStrategy,
} from '#shared/schemas/every-child.ts';
import { mayDo } from '#shared/schemas/roles.ts';
import { snapshotActions } from '#shared/schemas/snapshot.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import { AppError } from '../../lib/errors.ts';
import type { ChildrenService } from '../children/children.service.ts';
import type { GoalsService } from '../goals/goals.service.ts';
import type { ObservationsService } from '../observations/observations.service.ts';
import type { SnapshotsService } from '../snapshots/snapshots.service.ts';
import type { StrategiesService } from '../strategies/strategies.service.ts';

export interface EveryChildDeps {
  children: Pick<ChildrenService, 'list' | 'scope'>;
  observations: Pick<ObservationsService, 'listForChildren'>;
  goals: Pick<GoalsService, 'list'>;
  strategies: Pick<StrategiesService, 'list'>;
  snapshots: Pick<SnapshotsService, 'list' | 'links'>;
}

interface NamedScope {
  scope: ChildScope;
  name: string;
}

/**
 * Lists across every child the caller can see (decision 0098): their own children and those shared
 * with them, never anyone else's. Each child's part is read through the same checked scope as its
 * one-child list (a caregiver's view is noted in that child's audit log) and named by its child.
 */
export function createEveryChildService(deps: EveryChildDeps) {
  /** The caller's scope over each child they can see, in the children list's order; a child deleted meanwhile is left out. */
  async function scopesOf(userId: string): Promise<NamedScope[]> {
    const children = await deps.children.list(userId);
    const scopes = await Promise.all(
      children.map(async (child) => {
        try {
          // Every list here is a read, which any role on a child allows.
          return { scope: await deps.children.scope(userId, child.id, 'viewer', true), name: child.firstName };
        } catch (error) {
          if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
          throw error;
        }
      }),
    );
    return scopes.filter((named): named is NamedScope => named !== null);
  }

  /** Each child's list, one child after another, each item named by its child; `only` keeps the children it accepts. */
  async function eachChild<T>(
    userId: string,
    list: (scope: ChildScope) => Promise<T[]>,
    only: (scope: ChildScope) => boolean = () => true,
  ): Promise<(T & { childName: string })[]> {
    const named = (await scopesOf(userId)).filter(({ scope }) => only(scope));
    const lists = await Promise.all(named.map(({ scope }) => list(scope)));
    return named.flatMap(({ name }, index) => (lists[index] ?? []).map((item) => ({ ...item, childName: name })));
  }

  return {
    /** Every child's observations matching `filter`, newest first, a page at a time (`before` pages across children). */
    async observations(userId: string, filter: ObservationFilter): Promise<EveryChildObservation[]> {
      const named = await scopesOf(userId);
      const names = new Map(named.map(({ scope, name }) => [scope.childId, name]));
      const observations = await deps.observations.listForChildren(
        named.map(({ scope }) => scope),
        filter,
      );
      return observations.map((observation) => ({ ...observation, childName: names.get(observation.childId) ?? '' }));
    },

    goals(userId: string): Promise<EveryChildGoal[]> {
      return eachChild(userId, (scope) => deps.goals.list(scope));
    },

    strategies(userId: string): Promise<EveryChildStrategy[]> {
      return eachChild(userId, (scope) => deps.strategies.list(scope));
    },

    /** Every child's snapshots, child by child, each newest first (decision 0107, FLAG_SCOPED_SNAPSHOTS off). */
    snapshots(userId: string): Promise<EveryChildSnapshot[]> {
      return eachChild(userId, (scope) => deps.snapshots.list(scope));
    },

    /**
     * The open links of every child whose links the caller may see (an owner's: sharing is theirs), child
     * by child, each newest first; a child where the caller is not an owner is left out, not refused.
     */
    snapshotLinks(userId: string): Promise<EveryChildSnapshotLink[]> {
      return eachChild(
        userId,
        async (scope) => (await deps.snapshots.links(scope)).map((link) => ({ ...link, childId: scope.childId })),
        (scope) => mayDo(scope.role, snapshotActions.links),
      );
    },

    /** Each child's active goals with their latest progress, as the dashboard's "Active goals" reads them. */
    async progress(userId: string): Promise<EveryChildProgress[]> {
      const goals = await eachChild(userId, (scope) => deps.goals.list(scope));
      return goals
        .filter((goal) => isActiveGoalStatus(goal.status))
        .map((goal) => ({
          id: goal.id,
          title: goal.title,
          area: goal.area,
          status: goal.status,
          baseline: goal.baseline,
          target: goal.target,
          unit: goal.unit,
          latestValue: goal.latestProgress?.value ?? null,
          latestOn: goal.latestProgress?.recordedOn ?? null,
          childId: goal.childId,
          childName: goal.childName,
        }));
    },
  };
}

export type EveryChildService = ReturnType<typeof createEveryChildService>;
