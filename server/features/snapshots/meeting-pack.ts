import { addYears, daysBetween, yearlyOnOrBefore } from '#shared/calendar.ts';
import { todayIso } from '#shared/schemas/dates.ts';
import { DOCUMENT_CATEGORIES, type DocumentCategory } from '#shared/schemas/document.ts';
import { isActiveGoalStatus, type Goal } from '#shared/schemas/goal.ts';
import { SNAPSHOT_LIMITS, type MeetingPack } from '#shared/schemas/snapshot.ts';
import type { Strategy } from '#shared/schemas/strategy.ts';
import type { ChildScope } from '../../core/child-scope.ts';
import { AppError } from '../../lib/errors.ts';
import type { ChildrenService } from '../children/children.service.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import type { FormResponsesService } from '../forms/form-responses.service.ts';
import type { GoalsService } from '../goals/goals.service.ts';
import type { ObservationsService } from '../observations/observations.service.ts';
import type { StrategiesService } from '../strategies/strategies.service.ts';

/*
 * The IEP meeting pack (issue 27): for the period since the last plan review, each goal's progress
 * against baseline and target, the parent's observations about it beside what the team said (approved
 * smart-form answers, issue 28), the strategies tied to it with their rating, the documents added, and
 * the questions to bring to the meeting.
 */

/** What the pack reads of other features, through their services. */
export interface MeetingPackDeps {
  children: Pick<ChildrenService, 'byId'>;
  goals: Pick<GoalsService, 'list' | 'progressBetween'>;
  strategies: Pick<StrategiesService, 'list'>;
  observations: Pick<ObservationsService, 'listLinkedToGoals' | 'patternsMatched'>;
  documents: Pick<DocumentsService, 'addedBetween' | 'patternsInCategories'>;
  formResponses: Pick<FormResponsesService, 'answersForGoals'>;
}

/** The vault's categories whose text is the support plan itself. */
const PLAN_CATEGORIES: readonly DocumentCategory[] = ['iep', '504-plan'];
/** Money paperwork is not about the child's progress: the pack's documents leave it out. */
const MONEY_CATEGORIES: readonly DocumentCategory[] = ['receipt', 'superbill', 'invoice', 'eob'];
const PACK_CATEGORIES = DOCUMENT_CATEGORIES.filter((category) => !MONEY_CATEGORIES.includes(category));

/**
 * Services a plan commonly names, each with the words that name it (whole words, any case; a space
 * also matches a hyphen). A service found in the plan's text that no goal, strategy or observation
 * names is a question for the meeting.
 */
export const PLAN_SERVICES: readonly { name: string; words: readonly string[] }[] = [
  { name: 'speech therapy', words: ['speech therapy', 'speech therapist', 'speech language', 'speech and language', 'SLP'] },
  { name: 'occupational therapy', words: ['occupational therapy', 'occupational therapist', 'OT'] },
  { name: 'physical therapy', words: ['physical therapy', 'physical therapist', 'PT'] },
  { name: 'counseling', words: ['counseling', 'counselling', 'counselor', 'counsellor'] },
  { name: 'reading intervention', words: ['reading intervention', 'reading specialist', 'Orton Gillingham', 'Wilson Reading'] },
  { name: 'math intervention', words: ['math intervention', 'maths intervention', 'math specialist'] },
  {
    name: 'social skills group',
    words: ['social skills group', 'social skills groups', 'social skills training', 'social skills instruction'],
  },
  {
    name: 'behavior support (BIP)',
    words: ['behavior intervention plan', 'behaviour intervention plan', 'BIP', 'behavior support', 'behaviour support'],
  },
  { name: 'assistive technology', words: ['assistive technology', 'assistive tech', 'AAC', 'text to speech', 'speech to text'] },
  { name: 'extended school year', words: ['extended school year', 'ESY'] },
  { name: 'a paraprofessional (aide)', words: ['paraprofessional', 'one to one aide', 'one on one aide', 'classroom aide'] },
  {
    name: 'specialized instruction (resource room)',
    words: ['resource room', 'specialized instruction', 'specially designed instruction'],
  },
];

/** One service's words as one alternation, `boundary` being the engine's word boundary (`\b` in JavaScript, `\y` in PostgreSQL). */
function servicePattern(words: readonly string[], boundary: string): string {
  const alternatives = words.map((phrase) =>
    phrase
      .split(/[\s-]+/)
      .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
      .join('[\\s-]+'),
  );
  return `${boundary}(?:${alternatives.join('|')})${boundary}`;
}

const SERVICE_PATTERNS = PLAN_SERVICES.map((service) => ({
  ...service,
  js: new RegExp(servicePattern(service.words, '\\b'), 'iu'),
  sql: servicePattern(service.words, '\\y'),
}));

const LONG_DAY = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** "November 27, 2025" for 2025-11-27. */
const longDay = (isoDay: string) => LONG_DAY.format(new Date(`${isoDay}T00:00:00Z`));

/** The last plan review on or before `day`: the review date or one of its yearly returns; null without one. */
export function lastReviewOnOrBefore(planReviewDate: string | null, day: string): string | null {
  return planReviewDate && yearlyOnOrBefore(planReviewDate, day);
}

/** The pack's period: as asked, else to today and from the last plan review (or a year back); longer than the limit is refused. */
export function meetingPeriod(
  range: { from?: string; to?: string },
  planReviewDate: string | null,
  now: Date,
): { from: string; to: string } {
  const to = range.to ?? todayIso(now);
  const from = range.from ?? lastReviewOnOrBefore(planReviewDate, to) ?? addYears(to, -1);
  if (from > to) {
    const message = 'The first day comes before the last';
    throw new AppError('BAD_REQUEST', message, [{ path: range.from ? 'from' : 'to', message }]);
  }
  if (daysBetween(from, to) + 1 > SNAPSHOT_LIMITS.meetingPackMaxDays) {
    const message = `A meeting pack covers at most ${SNAPSHOT_LIMITS.meetingPackMaxDays} days: choose a later first day or an earlier last day`;
    throw new AppError('BAD_REQUEST', message, [{ path: 'from', message }]);
  }
  return { from, to };
}

type Point = { on: string; value: number };

/** Whether `latest` is closer to the target than `earlier` (or, with no target, different from it), or has reached it. */
function movedTowardTarget(goal: Pick<Goal, 'baseline' | 'target'>, earlier: number, latest: number): boolean {
  if (goal.target === null) return latest !== earlier;
  const rising = (goal.baseline ?? earlier) <= goal.target;
  if (rising ? latest >= goal.target : latest <= goal.target) return true;
  return Math.abs(goal.target - latest) < Math.abs(goal.target - earlier);
}

/**
 * An active goal's question when its entries stopped or stand still: its latest entry is more than
 * `staleGoalDays` before the period's end, or shows no move toward the target since the value it
 * had `staleGoalDays` earlier (the entry then, else the period's first, else the baseline).
 */
function noProgress(goal: Goal, points: readonly Point[], to: string): string | null {
  const latest = points.at(-1);
  if (!latest) return null;
  const days = SNAPSHOT_LIMITS.staleGoalDays;
  const ask = 'ask what is being done for it and whether the goal or the support should change.';
  if (daysBetween(latest.on, to) > days) {
    return `No progress on “${goal.title}” in ${days} days: the last entry is from ${longDay(latest.on)}, so ${ask}`;
  }
  const reference = points.filter((point) => daysBetween(point.on, to) >= days).at(-1) ?? points[0];
  const earlier = reference && reference !== latest ? reference.value : goal.baseline;
  if (earlier === null || movedTowardTarget(goal, earlier, latest.value)) return null;
  return `No progress on “${goal.title}” in ${days} days: the entries show no move toward the target, so ${ask}`;
}

/** Builds the meeting pack for one child through the other features' services. */
export function createMeetingPackReader(deps: MeetingPackDeps) {
  /** The plan's services (from the IEP and 504 documents' text) that no goal, strategy or observation names. */
  async function unmentionedServices(scope: ChildScope, goals: readonly Goal[], strategies: readonly Strategy[]): Promise<string[]> {
    const named = new Set(
      await deps.documents.patternsInCategories(
        scope,
        PLAN_CATEGORIES,
        SERVICE_PATTERNS.map((service) => service.sql),
      ),
    );
    const inPlan = SERVICE_PATTERNS.filter((_service, index) => named.has(index));
    if (inPlan.length === 0) return [];
    const recordTexts = [
      ...goals.map((goal) => `${goal.title} ${goal.description ?? ''}`),
      ...strategies.map((strategy) => `${strategy.title} ${strategy.description ?? ''}`),
    ];
    const unnamed = inPlan.filter((service) => !recordTexts.some((text) => service.js.test(text)));
    const inObservations = new Set(
      await deps.observations.patternsMatched(
        scope,
        unnamed.map((service) => service.sql),
      ),
    );
    return unnamed.filter((_service, index) => !inObservations.has(index)).map((service) => service.name);
  }

  return {
    /** The pack for `range` (both days optional: see meetingPeriod), as of `now`. */
    async read(scope: ChildScope, range: { from?: string; to?: string }, now: Date): Promise<MeetingPack> {
      const child = await deps.children.byId(scope);
      const period = meetingPeriod(range, child.planReviewDate, now);
      const [goals, entries, strategies, documents] = await Promise.all([
        deps.goals.list(scope),
        deps.goals.progressBetween(scope, period.from, period.to),
        deps.strategies.list(scope),
        deps.documents.addedBetween(scope, PACK_CATEGORIES, period),
      ]);
      const pointsOf = new Map<number, Point[]>();
      for (const { goalId, on, value } of entries) pointsOf.set(goalId, [...(pointsOf.get(goalId) ?? []), { on, value }]);
      // A goal that is no longer active counts when it has entries in the period.
      const shown = goals.filter((goal) => isActiveGoalStatus(goal.status) || pointsOf.has(goal.id));
      const [observations, services, answers] = await Promise.all([
        deps.observations.listLinkedToGoals(
          scope,
          shown.map((goal) => goal.id),
          period,
          SNAPSHOT_LIMITS.meetingPackObservationsPerGoal,
        ),
        unmentionedServices(scope, goals, strategies),
        deps.formResponses.answersForGoals(scope, period),
      ]);

      const questions: MeetingPack['questions'] = [];
      for (const goal of shown.filter((candidate) => isActiveGoalStatus(candidate.status))) {
        const points = pointsOf.get(goal.id) ?? [];
        if (points.length === 0) {
          // A goal set during the period has had no data since it was set.
          const setOn = goal.createdAt.slice(0, 10);
          const since = setOn > period.from && setOn <= period.to ? setOn : period.from;
          questions.push({
            kind: 'no-data',
            text: `No data on “${goal.title}” since ${longDay(since)}: ask how it is measured and how often.`,
            goalId: goal.id,
          });
          continue;
        }
        const text = noProgress(goal, points, period.to);
        if (text) questions.push({ kind: 'no-progress', text, goalId: goal.id });
      }
      for (const service of services) {
        questions.push({
          kind: 'service-unmentioned',
          text: `The plan names ${service}, but nothing in the record mentions it: ask how often it happens, who provides it and how its progress is reported.`,
          goalId: null,
        });
      }

      return {
        firstName: child.firstName,
        from: period.from,
        to: period.to,
        plan: child.supportPlan,
        goals: shown.map(({ id, title, area, baseline, target, unit }) => ({
          id,
          title,
          area,
          baseline,
          target,
          unit,
          points: pointsOf.get(id) ?? [],
          // An observation made from a form answer is that answer: it is listed once, with who said it, in `answers`.
          observations: observations
            .filter((observation) => observation.goalId === id && observation.source === null)
            .map(({ occurredAt, what }) => ({ occurredAt, what })),
          answers: answers.filter((answer) => answer.goalId === id).map(({ goalId: _goal, responseId: _response, ...answer }) => answer),
          strategies: strategies
            .filter((strategy) => strategy.goalIds.includes(id))
            .map((strategy) => ({ title: strategy.title, active: strategy.active, effectiveness: strategy.effectiveness })),
        })),
        documents: documents.map(({ id, title, category, addedOn }) => ({ id, title, category, addedOn })),
        questions,
      };
    },
  };
}
