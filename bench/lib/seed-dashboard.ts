// Issue 4's dashboard scenario: one parent with one child whose record is about six months of heavy
// use. The child, goals, strategies and milestones go through the app's own services (transactions,
// activity rows, the roadmap rules engine); the 2,000 observations and the progress entries are bulk
// inserted through kysely, which is much faster and leaves the same rows behind.
import { createMailer } from '../../server/core/mail.ts';
import { createLogger } from '../../server/lib/logger.ts';
import { sql } from 'kysely';
import { createLocalAuthProvider } from '../../server/auth/local.ts';
import { createServices } from '../../server/services.ts';
import { addDays, addMonths } from '#shared/calendar.ts';
import { FEATURE_FLAG_DEFAULTS } from '#shared/feature-flags.ts';
import { childCreateSchema } from '#shared/schemas/child.ts';
import { GOAL_AREAS, GOAL_SOURCES, goalCreateSchema, isActiveGoalStatus, type GoalCreate } from '#shared/schemas/goal.ts';
import { isOpenMilestoneStatus, milestoneCreateSchema, MILESTONE_CATEGORIES, OPEN_MILESTONE_STATUSES } from '#shared/schemas/milestone.ts';
import type { ObservationCreate } from '#shared/schemas/observation.ts';
import { STRATEGY_KINDS, STRATEGY_PLACES, strategyCreateSchema } from '#shared/schemas/strategy.ts';
import { todayIso } from '#shared/schemas/dates.ts';
import { childFixture, type SeedContext } from './seed.ts';

export const DASHBOARD_OBSERVATIONS = 2000;
export const DASHBOARD_GOALS = 50;
export const DASHBOARD_STRATEGIES = 10;
/** About this many milestones in all: the generated roadmap plus parent-added ones. */
export const DASHBOARD_MILESTONES = 30;
const DAYS_OF_HISTORY = 182;

/** A small seeded generator, so every run seeds the same record (relative to today). */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const WINS = [
  'Read a whole chapter aloud before bed without stopping',
  'Used the audiobook and finished the book report on time',
  'Got ready for school with the picture checklist, no reminders',
  'Finished the math worksheet with the 10-minute timer and breaks',
  'Stayed calm when practice was cancelled',
  'Asked the teacher for extra time on the quiz, all by themself',
  'Explained the science project to grandma with lots of detail',
  'Started homework within two minutes of sitting down',
  'Waited for a turn in the board game and laughed when losing',
  'Wrote four sentences in the journal without prompting',
];
const CONCERNS = [
  'Melted down over spelling homework after 10 minutes',
  'Left the homework folder at school again',
  'Called out in class three times during the quiz',
  'Hard time starting the reading log, needed three prompts',
  'Refused to write the weekend journal',
  'Covered ears and left the cafeteria at lunch',
  'Argued about screen time ending, took 20 minutes to settle',
  'Guessed words from the first letter again',
];
const ANTECEDENTS = [
  'Asked to switch from the tablet to homework',
  'Noisy classroom after recess',
  'Long worksheet with small print',
  'Tired after a late night',
  null,
];
const BEHAVIOURS = [
  'Put head on the desk and would not start',
  'Shouted and threw the pencil',
  'Walked out of the room',
  'Cried and said it was too hard',
  null,
];
const CONSEQUENCES = [
  'Took a five-minute break, then did half the page',
  'Teacher moved the task to the quiet corner',
  'We stopped for the day and tried again after dinner',
  null,
];
const TAGS = [
  'reading',
  'homework',
  'routine',
  'focus',
  'confidence',
  'writing',
  'math',
  'organisation',
  'transitions',
  'sensory',
  'friends',
  'sleep',
  'morning',
  'self-advocacy',
];
const SETTING_WEIGHTS: [ObservationCreate['setting'], number][] = [
  ['home', 0.45],
  ['school', 0.35],
  ['therapy', 0.08],
  ['community', 0.08],
  ['other', 0.04],
];
const GOAL_TITLES = [
  'Read grade-level text at 90 words per minute',
  'Write a five-sentence paragraph on their own',
  'Solve two-step word problems with 80% accuracy',
  'Start homework within 2 minutes of sitting down',
  'Raise a hand before speaking in class',
  'Use a calm-down strategy when frustrated',
  'Ask for help when stuck, without prompting',
  'Pack the school bag from the checklist each evening',
  'Join a group conversation at lunch',
  'Type 20 words per minute',
];
const UNITS = [
  'words per minute',
  'sentences',
  '% correct',
  'minutes to start',
  '% of the time',
  'times a week',
  'days in a row',
  'words per minute',
  null,
  'prompts needed',
];
const STRATEGY_TITLES = [
  'Audiobook alongside the printed book',
  'Speech-to-text for first drafts',
  'Ten minutes of paired reading after dinner',
  'Picture checklist by the door',
  'Timer with short movement breaks',
  'Preferential seating near the teacher',
  'Noise-cancelling headphones for independent work',
  'First-then board for homework',
  'Extended time on tests',
  'Weekly check-in with the school counsellor',
];

export interface DashboardSeed {
  userId: string;
  childId: number;
  /** What the stats must show: goals not started or in progress, and the milestones the query can pick from. */
  activeGoals: number;
  upcomingMilestones: number;
  counts: {
    observations: number;
    goals: number;
    progressEntries: number;
    strategies: number;
    milestones: number;
    generatedMilestones: number;
  };
}

/** One parent (its own, so the base parent's children list is unchanged) and one child with a full record. */
export async function seedDashboardChild(ctx: SeedContext, now = new Date()): Promise<DashboardSeed> {
  const { db } = ctx;
  const next = random(4);
  const chance = (p: number) => next() < p;
  const pickOf = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const today = todayIso(now);
  const services = createServices({
    db,
    auth: createLocalAuthProvider(ctx.tokens, db),
    tokens: ctx.tokens,
    featureFlags: FEATURE_FLAG_DEFAULTS,
    appOrigin: undefined,
    vault: ctx.vault,
    mailer: createMailer(undefined, createLogger('silent')),
    now: () => now,
  });

  const { userId } = await ctx.createParent('bench-dashboard');
  // A 13-year-old with an IEP review and a re-evaluation coming up, so every roadmap rule has something to say.
  const child = await services.children.create(
    userId,
    childCreateSchema.parse({
      ...childFixture(3),
      dateOfBirth: addMonths(addDays(today, 40), -14 * 12),
      grade: '8',
      supportPlan: 'iep',
      planReviewDate: addDays(today, 75),
      lastEvaluationDate: addDays(today, -3 * 365 + 120),
    }),
  );
  const scope = await services.children.scope(userId, child.id, 'owner');

  // 50 goals: most active (40 in progress, 4 not started), 4 achieved, 2 paused.
  const statuses: GoalCreate['status'][] = [
    ...Array<'in-progress'>(40).fill('in-progress'),
    ...Array<'not-started'>(4).fill('not-started'),
    ...Array<'achieved'>(4).fill('achieved'),
    'paused',
    'paused',
  ];
  const goals: { id: number; status: GoalCreate['status']; baseline: number; target: number }[] = [];
  for (let k = 0; k < DASHBOARD_GOALS; k += 1) {
    const status = statuses[(k * 7) % statuses.length]!;
    const baseline = Math.round(10 + next() * 50);
    const target = baseline + Math.round(10 + next() * 40);
    const created = await services.goals.create(
      scope,
      goalCreateSchema.parse({
        area: GOAL_AREAS[k % GOAL_AREAS.length],
        title: `${GOAL_TITLES[k % GOAL_TITLES.length]}${k >= GOAL_TITLES.length ? ` (${Math.floor(k / GOAL_TITLES.length) + 1})` : ''}`,
        description: chance(0.7) ? 'Measured weekly by the teacher and at home; see the progress notes.' : null,
        baseline,
        target,
        unit: UNITS[k % UNITS.length],
        // Spread over the next year, so a few fall inside the roadmap's horizon.
        targetDate: chance(0.9) ? addDays(today, 20 + Math.floor(next() * 345)) : null,
        status,
        source: GOAL_SOURCES[k % GOAL_SOURCES.length],
      }),
    );
    goals.push({ id: created.id, status, baseline, target });
  }

  // About 6 progress entries per goal that has started (none for the 4 not started), a week or more apart.
  const progress = goals.flatMap((goal) => {
    if (goal.status === 'not-started') return [];
    const entries = 5 + Math.floor(next() * 4);
    let day = DAYS_OF_HISTORY - Math.floor(next() * 30);
    return Array.from({ length: entries }, (_, k) => {
      day = Math.max(0, day - 7 - Math.floor(next() * 21));
      const value = Math.round((goal.baseline + ((goal.target - goal.baseline) * (k + 1)) / (entries + 2) + (next() - 0.5) * 4) * 10) / 10;
      return {
        childId: child.id,
        goalId: goal.id,
        recordedOn: addDays(today, -day),
        value,
        note: chance(0.4) ? 'Checked with the teacher this week' : null,
      };
    });
  });
  await db.insertInto('progressEntries').values(progress).execute();

  for (let k = 0; k < DASHBOARD_STRATEGIES; k += 1) {
    await services.strategies.create(
      scope,
      strategyCreateSchema.parse({
        title: STRATEGY_TITLES[k],
        description: chance(0.6) ? 'Agreed at the last IEP meeting.' : null,
        whereUsed: STRATEGY_PLACES[k % STRATEGY_PLACES.length],
        kind: STRATEGY_KINDS[k % STRATEGY_KINDS.length],
        goalIds: [goals[k]!.id, goals[(k * 3 + 5) % goals.length]!.id],
        effectiveness: 1 + Math.floor(next() * 5),
        active: k < 8,
      }),
    );
  }

  // 2,000 observations over the last ~6 months, ~40% wins, mostly home and school, some ABC notes.
  const observations = Array.from({ length: DASHBOARD_OBSERVATIONS }, () => {
    const isWin = chance(0.4);
    const occurredAt = new Date(now.getTime() - Math.floor(next() * DAYS_OF_HISTORY * 86_400_000));
    let roll = next();
    const setting = SETTING_WEIGHTS.find(([, weight]) => (roll -= weight) < 0)?.[0] ?? 'home';
    const tagCount = Math.floor(next() * 4);
    const tags = [...new Set(Array.from({ length: tagCount }, () => pickOf(TAGS)))];
    const abc = !isWin && chance(0.5);
    return {
      childId: child.id,
      what: isWin ? pickOf(WINS) : pickOf(CONCERNS),
      occurredAt,
      setting,
      antecedent: abc ? pickOf(ANTECEDENTS) : null,
      behaviour: abc ? pickOf(BEHAVIOURS) : null,
      consequence: abc ? pickOf(CONSEQUENCES) : null,
      mood: chance(0.7) ? (isWin ? 3 + Math.floor(next() * 3) : 1 + Math.floor(next() * 3)) : null,
      tags,
      isWin,
      goalId: chance(0.3) ? pickOf(goals).id : null,
      createdAt: occurredAt,
      updatedAt: occurredAt,
    };
  });
  for (let start = 0; start < observations.length; start += 500) {
    await db
      .insertInto('observations')
      .values(observations.slice(start, start + 500))
      .execute();
  }

  // The roadmap: the rules engine, then parent-added ones up to about 30, some already done or skipped.
  const generated = await services.milestones.generate(scope);
  const added = Math.max(5, DASHBOARD_MILESTONES - generated.created);
  for (let k = 0; k < added; k += 1) {
    const past = k % 3 === 0;
    await services.milestones.create(
      scope,
      milestoneCreateSchema.parse({
        title: `${pickOf(['Meet', 'Email', 'Call'])} ${pickOf(['the reading specialist', 'the OT', 'the case manager', 'the new teacher', 'the counsellor'])} about ${pickOf(TAGS)}`,
        whyItMatters: chance(0.5) ? 'Keeps everyone working from the same plan.' : null,
        whatToDo: chance(0.5) ? 'Bring the latest observations and the progress chart.' : null,
        category: MILESTONE_CATEGORIES[k % MILESTONE_CATEGORIES.length],
        dueDate: past ? addDays(today, -5 - Math.floor(next() * 120)) : addDays(today, 3 + Math.floor(next() * 170)),
        status: past ? pickOf(['done', 'skipped', 'done'] as const) : pickOf(OPEN_MILESTONE_STATUSES),
      }),
    );
  }

  // Steady state: planner statistics as autovacuum would leave them after a bulk load.
  await sql`ANALYZE observations, goals, progress_entries, strategies, milestones`.execute(db);

  const milestoneRows = await db.selectFrom('milestones').select(['status', 'dueDate', 'source']).where('childId', '=', child.id).execute();
  return {
    userId,
    childId: child.id,
    activeGoals: goals.filter((goal) => isActiveGoalStatus(goal.status)).length,
    upcomingMilestones: milestoneRows.filter((row) => isOpenMilestoneStatus(row.status) && String(row.dueDate) >= today).length,
    counts: {
      observations: observations.length,
      goals: goals.length,
      progressEntries: progress.length,
      strategies: DASHBOARD_STRATEGIES,
      milestones: milestoneRows.length,
      generatedMilestones: milestoneRows.filter((row) => row.source === 'generated').length,
    },
  };
}
