import type { Child } from '#shared/schemas/child.ts';
import type { GOAL_AREAS, GOAL_STATUSES } from '#shared/schemas/goal.ts';
import type { MilestoneCategory } from '#shared/schemas/milestone.ts';
import type { Db } from '../db/database.ts';
import { readChildNow } from './child-now.repository.ts';

/*
 * "The child as of now" (issue 25, decision 0097): what the dashboard, the weekly digest and the guide's
 * suggestions read of a child's record, and what a snapshot will read next. Those features own none of
 * these tables, so they ask here instead of writing SQL over other features' tables. The child's id in,
 * the parts asked for out; the caller has already checked that its caller may see the child.
 */

/** An open milestone: not yet done or skipped. */
export interface MilestoneNow {
  id: number;
  title: string;
  category: MilestoneCategory;
  /** YYYY-MM-DD. */
  dueDate: string;
}

export interface ChildNowParts {
  /** The profile and who last wrote it (a user id); null when the child is gone. */
  profile: {
    firstName: string;
    dateOfBirth: string;
    grade: Child['grade'];
    supportPlan: Child['supportPlan'];
    challenges: string[];
    diagnoses: string[];
    writtenBy: string | null;
  } | null;
  /** Observations this week and last week (Monday to Sunday, UTC), wins this calendar month. */
  observationCounts: { thisWeek: number; lastWeek: number; winsThisMonth: number };
  strategiesInUse: number;
  /** The goals not started or in progress, by id, each with its latest progress entry (by day, then the later entry). */
  activeGoals: {
    id: number;
    title: string;
    area: (typeof GOAL_AREAS)[number];
    status: (typeof GOAL_STATUSES)[number];
    baseline: number | null;
    target: number | null;
    unit: string | null;
    /** The UTC day it was set. */
    createdOn: string;
    latestValue: number | null;
    latestOn: string | null;
  }[];
  /** How many progress entries each active goal has, by goal id (this reads every entry: ask only when the number is shown). */
  progressEntryCounts: Record<number, number>;
  /** Open milestones by due date: those past their date (`overdue`, the most recent ones) first, then the next ones to come. */
  nextMilestones: (MilestoneNow & { overdue: boolean })[];
  /** Open milestones due within a span of days, earliest first. */
  milestonesDue: MilestoneNow[];
  /** A week's wins and progress entries (the first `listLimit` of each, in time order) and how many there were of each. */
  week: {
    wins: { what: string }[];
    winCount: number;
    observationCount: number;
    progress: { goalTitle: string; value: number; unit: string | null; recordedOn: string }[];
    progressCount: number;
  };
}

/** Which parts to read; days are YYYY-MM-DD (UTC). */
export interface ChildNowRequest {
  profile?: true;
  observationCounts?: { weekStart: string; lastWeekStart: string; monthStart: string };
  strategiesInUse?: true;
  activeGoals?: true;
  progressEntryCounts?: true;
  /** `today` splits overdue from to come; at most `count` of each. */
  nextMilestones?: { today: string; count: number };
  /** Due from `from` to `to`, both included. */
  milestonesDue?: { from: string; to: string };
  /** From `from` up to `to` (excluded). */
  week?: { from: string; to: string; listLimit: number };
}

/** The parts a request names. */
export type ChildNow<R extends ChildNowRequest> = Pick<ChildNowParts, Extract<keyof R, keyof ChildNowParts>>;

/** Reads the parts asked for, in one statement. */
export function createChildNowReader(deps: { db: Db }) {
  return {
    read<R extends ChildNowRequest>(childId: number, request: R): Promise<ChildNow<R>> {
      return readChildNow(deps.db, childId, request);
    },
  };
}

export type ChildNowReader = ReturnType<typeof createChildNowReader>;
