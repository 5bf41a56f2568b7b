import { daysBetween } from '#shared/calendar.ts';
import { GUIDE_ARTICLE_TITLES, GUIDE_ARTICLES, type GuideArticleSlug } from '#shared/guide.ts';
import type { Child } from '#shared/schemas/child.ts';
import type { GuideSuggestion } from '#shared/schemas/guide.ts';
import type { MilestoneCategory } from '#shared/schemas/milestone.ts';
import { MEETING_PACK_PATH } from '#shared/schemas/snapshot.ts';

/**
 * "For you" in the guide (decision 0065): a pure function of the child's record and today's date,
 * computed on each read. The rules run in priority order; the first suggestion for an article wins
 * and at most MAX_SUGGESTIONS are given.
 */

export interface SuggestionInput {
  /** YYYY-MM-DD (UTC), the server's today. */
  today: string;
  child: {
    firstName: string;
    ageYears: number;
    grade: Child['grade'];
    supportPlan: Child['supportPlan'];
    challenges: readonly string[];
    diagnoses: readonly string[];
    /**
     * Who last wrote the profile (decision 0086), when it was someone other than the person asking:
     * the reasons then name them ("Sam noted…") rather than saying "You noted…".
     */
    notedBy?: string | null;
  };
  /** The child's open milestones (any due date; the rules pick the ones close enough). */
  milestones: readonly { id: number; title: string; category: MilestoneCategory; dueDate: string }[];
  /** The child's active goals. */
  goals: readonly { id: number; title: string; createdOn: string; progressEntries: number; lastEntryOn: string | null }[];
}

export const MAX_SUGGESTIONS = 4;
/** A goal this many days old with no progress entry has "no data". */
export const GOAL_WITHOUT_DATA_DAYS = 14;
/** A goal whose last entry is more than this many days old has "no data" lately. */
export const GOAL_STALE_DAYS = 30;
/** From this age, with an IEP, planning for life after school is worth starting (it is required by 16). */
export const TRANSITION_SUGGESTION_AGE = 13;
/** Ages at which talking with the child about their diagnosis is suggested. */
export const DIAGNOSIS_TALK_AGES = { from: 5, to: 17 } as const;
/** The farthest a milestone rule looks ahead (transition): the guide reads milestones due up to this many days from today. */
export const MILESTONE_LOOKAHEAD_DAYS = 90;

type Milestone = SuggestionInput['milestones'][number];
type Rule = (input: SuggestionInput) => GuideSuggestion[];

interface MilestoneGuide {
  /** How many days ahead (from today, inclusive) a milestone of the category is suggested. */
  days: number;
  article(input: SuggestionInput): GuideArticleSlug;
  /** Something to do in the app for a milestone of the category, beside the article. */
  action?: NonNullable<GuideSuggestion['action']>;
}

/** Who noted the profile, to start a sentence: "You", or the other caregiver's name. */
const noter = (child: SuggestionInput['child']) => child.notedBy ?? 'You';

const hasNoPlan = (plan: Child['supportPlan']) => plan === null || plan === 'none' || plan === 'unsure';

const MILESTONE_GUIDES: Partial<Record<MilestoneCategory, MilestoneGuide>> = {
  'plan-review': {
    days: 42,
    article: () => GUIDE_ARTICLES.annualReview,
    // The pack gathers the goals' progress and the questions to bring (issue 27).
    action: { label: 'Prepare the meeting pack', path: MEETING_PACK_PATH },
  },
  evaluation: {
    days: 60,
    article: (input) => (hasNoPlan(input.child.supportPlan) ? GUIDE_ARTICLES.requestingAnEvaluation : GUIDE_ARTICLES.reevaluation),
  },
  'progress-report': { days: 21, article: () => GUIDE_ARTICLES.progressReports },
  transition: { days: MILESTONE_LOOKAHEAD_DAYS, article: () => GUIDE_ARTICLES.transitionPlanning },
};

/** "today", "tomorrow", "in 5 days", "in 3 weeks": how far ahead a day is, as a reason says it. */
export function whenFromToday(days: number): string {
  if (days <= 0) return 'today';
  if (days === 1) return 'tomorrow';
  if (days < 14) return `in ${days} days`;
  return `in ${Math.round(days / 7)} weeks`;
}

const SAME_YEAR_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const OTHER_YEAR_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const LIST = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' });

/** "Sep 3", or "Sep 3, 2025" in another year than today's. */
export function shortDay(day: string, today: string): string {
  const format = day.slice(0, 4) === today.slice(0, 4) ? SAME_YEAR_DAY : OTHER_YEAR_DAY;
  return format.format(new Date(`${day}T00:00:00Z`));
}

const quoted = (text: string) => `\u201C${text}\u201D`;
const possessive = (name: string) => `${name}\u2019s`;

/** 1. Open milestones coming up soon, earliest first: the article for the meeting or report ahead. */
export const upcomingMilestoneRule: Rule = (input) =>
  [...input.milestones]
    .map((milestone) => ({ milestone, days: daysBetween(input.today, milestone.dueDate) }))
    .filter(({ milestone, days }) => {
      const guide = MILESTONE_GUIDES[milestone.category];
      return guide !== undefined && days >= 0 && days <= guide.days;
    })
    .sort((a, b) => a.days - b.days || a.milestone.id - b.milestone.id)
    .map(({ milestone, days }) => milestoneSuggestion(input, milestone, days));

function milestoneSuggestion(input: SuggestionInput, milestone: Milestone, days: number): GuideSuggestion {
  const guide = MILESTONE_GUIDES[milestone.category] as MilestoneGuide;
  const slug = guide.article(input);
  return {
    key: `milestone:${milestone.id}`,
    title: GUIDE_ARTICLE_TITLES[slug],
    reason: `${quoted(milestone.title)} is on the roadmap ${whenFromToday(days)}, on ${shortDay(milestone.dueDate, input.today)}.`,
    slug,
    ...(guide.action ? { action: guide.action } : {}),
  };
}

/** 2. The oldest active goal with no progress noted (14+ days old), or none for more than 30 days. */
export const goalWithoutDataRule: Rule = (input) => {
  const quiet = input.goals
    .filter((goal) =>
      goal.progressEntries === 0 || goal.lastEntryOn === null
        ? daysBetween(goal.createdOn, input.today) >= GOAL_WITHOUT_DATA_DAYS
        : daysBetween(goal.lastEntryOn, input.today) > GOAL_STALE_DAYS,
    )
    .sort((a, b) => a.createdOn.localeCompare(b.createdOn) || a.id - b.id);
  const [goal] = quiet;
  if (!goal) return [];
  const since =
    goal.progressEntries === 0 || goal.lastEntryOn === null
      ? `since it was set on ${shortDay(goal.createdOn, input.today)}`
      : `since ${shortDay(goal.lastEntryOn, input.today)}`;
  return [
    {
      key: `goal:${goal.id}`,
      title: GUIDE_ARTICLE_TITLES[GUIDE_ARTICLES.askingForData],
      reason: `No progress noted for ${quoted(goal.title)} ${since}.`,
      slug: GUIDE_ARTICLES.askingForData,
    },
  ];
};

/** 3. Not sure about a plan, or none while the child has challenges: how to ask for an evaluation. */
export const evaluationRule: Rule = ({ child }) => {
  if (child.supportPlan === 'unsure') {
    return [
      {
        key: 'plan:unsure',
        title: GUIDE_ARTICLE_TITLES[GUIDE_ARTICLES.requestingAnEvaluation],
        reason: `${child.notedBy ? `${child.notedBy} is` : 'You are'} not sure whether ${child.firstName} has a support plan; an evaluation is how the school decides.`,
        slug: GUIDE_ARTICLES.requestingAnEvaluation,
      },
    ];
  }
  if (child.supportPlan === 'none' && child.challenges.length > 0) {
    return [
      {
        key: 'plan:none',
        title: GUIDE_ARTICLE_TITLES[GUIDE_ARTICLES.requestingAnEvaluation],
        reason: `${child.firstName} has no support plan at school, and ${child.notedBy ?? 'you'} noted challenges such as ${quoted(child.challenges[0] as string)}.`,
        slug: GUIDE_ARTICLES.requestingAnEvaluation,
      },
    ];
  }
  return [];
};

/** Grades from which, with an IEP, planning for life after school is near whatever the age (grade 8 is 13 or 14 for most). */
export const TRANSITION_SUGGESTION_GRADES: readonly NonNullable<Child['grade']>[] = ['8', '9', '10', '11', '12'];
/** Grades in which a child is starting school. */
export const STARTING_SCHOOL_GRADES: readonly NonNullable<Child['grade']>[] = ['preschool', 'kindergarten'];

const TRANSITION_WHY = 'the IEP plans for life after school from 14 in many states, and by 16 in all.';

/** 4. 13 or older, or in grade 8 or above, with an IEP: planning for life after school starts soon. */
export const transitionAgeRule: Rule = ({ child }) => {
  if (child.supportPlan !== 'iep') return [];
  const byAge = child.ageYears >= TRANSITION_SUGGESTION_AGE;
  const byGrade = child.grade !== null && TRANSITION_SUGGESTION_GRADES.includes(child.grade);
  if (!byAge && !byGrade) return [];
  return [
    {
      key: 'age:transition',
      title: GUIDE_ARTICLE_TITLES[GUIDE_ARTICLES.transitionPlanning],
      reason: byAge
        ? `${child.firstName} is ${child.ageYears}: ${TRANSITION_WHY}`
        : `${child.firstName} is in grade ${child.grade}: ${TRANSITION_WHY}`,
      slug: GUIDE_ARTICLES.transitionPlanning,
    },
  ];
};

/** 6. In preschool or kindergarten: routines that help a young child settle into school days. */
export const startingSchoolRule: Rule = ({ child }) =>
  child.grade !== null && STARTING_SCHOOL_GRADES.includes(child.grade)
    ? [
        {
          key: 'grade:starting-school',
          title: GUIDE_ARTICLE_TITLES[GUIDE_ARTICLES.routines],
          reason: `${child.firstName} is in ${child.grade}: steady mornings and bedtimes make school days easier to start.`,
          slug: GUIDE_ARTICLES.routines,
        },
      ]
    : [];

interface ChallengeGuide {
  words: readonly string[];
  slug: GuideArticleSlug;
}

/** Words in a challenge's text (whole words, any case) and the article that helps with it, in this order. */
export const CHALLENGE_GUIDES: readonly ChallengeGuide[] = [
  { words: ['focus', 'attention', 'homework'], slug: GUIDE_ARTICLES.homework },
  { words: ['reading', 'dyslexia'], slug: GUIDE_ARTICLES.readingAtHome },
  {
    words: ['writing', 'handwriting', 'math', 'maths'],
    slug: GUIDE_ARTICLES.accommodations,
  },
  {
    words: ['transition', 'transitions', 'organised', 'organized', 'organisation', 'organization', 'routine', 'routines'],
    slug: GUIDE_ARTICLES.routines,
  },
  {
    words: ['feelings', 'anxiety', 'anxious', 'worry', 'worries'],
    slug: GUIDE_ARTICLES.anxiety,
  },
  {
    words: ['friends', 'friendships', 'self-esteem', 'confidence'],
    slug: GUIDE_ARTICLES.selfEsteem,
  },
  { words: ['sleep'], slug: GUIDE_ARTICLES.sleep },
  { words: ['dysgraphia'], slug: GUIDE_ARTICLES.dysgraphia },
  {
    words: ['behaviour', 'behavior', 'meltdown', 'meltdowns'],
    slug: GUIDE_ARTICLES.behaviourAbc,
  },
];

/** A guide's words as one pattern: whole words only, any case (letters and hyphens: nothing to escape). */
const wholeWords = (guide: ChallengeGuide) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${guide.words.join('|')})(?![\\p{L}\\p{N}])`, 'iu');

const CHALLENGE_PATTERNS = CHALLENGE_GUIDES.map(wholeWords);

/** 5. Each challenge the parent noted, in their order, with the articles its words point to. */
export const challengesRule: Rule = ({ child }) =>
  child.challenges.flatMap((challenge) =>
    CHALLENGE_GUIDES.flatMap((guide, index) =>
      CHALLENGE_PATTERNS[index]?.test(challenge)
        ? [
            {
              key: `challenge:${guide.slug}`,
              title: GUIDE_ARTICLE_TITLES[guide.slug],
              reason: `${noter(child)} noted ${quoted(challenge)} as a challenge for ${child.firstName}.`,
              slug: guide.slug,
            },
          ]
        : [],
    ),
  );

/** Diagnoses (whole words, any case) with an article of their own: onboarding offers them. */
export const DIAGNOSIS_GUIDES: readonly ChallengeGuide[] = [{ words: ['dysgraphia'], slug: GUIDE_ARTICLES.dysgraphia }];

const DIAGNOSIS_PATTERNS = DIAGNOSIS_GUIDES.map(wholeWords);
/** 6b. Each diagnosis on the profile that has an article of its own. */
export const diagnosisGuideRule: Rule = ({ child }) =>
  child.diagnoses.flatMap((diagnosis) =>
    DIAGNOSIS_GUIDES.flatMap((guide, index) =>
      DIAGNOSIS_PATTERNS[index]?.test(diagnosis)
        ? [
            {
              key: `diagnosis:${guide.slug}`,
              title: GUIDE_ARTICLE_TITLES[guide.slug],
              reason: `${noter(child)} noted ${quoted(diagnosis)} in ${possessive(child.firstName)} profile.`,
              slug: guide.slug,
            },
          ]
        : [],
    ),
  );

/** 7. A diagnosis on the profile of a child aged 5 to 17: how to talk with them about it. */
export const diagnosisRule: Rule = ({ child }) =>
  child.diagnoses.length > 0 && child.ageYears >= DIAGNOSIS_TALK_AGES.from && child.ageYears <= DIAGNOSIS_TALK_AGES.to
    ? [
        {
          key: 'diagnosis',
          title: GUIDE_ARTICLE_TITLES[GUIDE_ARTICLES.talkingAboutTheDiagnosis],
          reason: `${noter(child)} noted ${LIST.format(child.diagnoses.map(quoted))} in ${possessive(child.firstName)} profile.`,
          slug: GUIDE_ARTICLES.talkingAboutTheDiagnosis,
        },
      ]
    : [];

/** 8. When nothing else applies: where every parent can start. */
const START: GuideSuggestion = {
  key: 'start',
  title: GUIDE_ARTICLE_TITLES[GUIDE_ARTICLES.keepingARecord],
  reason: 'Short notes on what you see at home make every talk with the school or the doctor easier.',
  slug: GUIDE_ARTICLES.keepingARecord,
};

export const SUGGESTION_RULES: readonly Rule[] = [
  upcomingMilestoneRule,
  goalWithoutDataRule,
  evaluationRule,
  transitionAgeRule,
  challengesRule,
  startingSchoolRule,
  diagnosisGuideRule,
  diagnosisRule,
];

/** The suggestions for the child: rules in priority order, one per article, at most four; a start when none applies. */
export function suggestArticles(input: SuggestionInput): GuideSuggestion[] {
  const bySlug = new Map<GuideArticleSlug, GuideSuggestion>();
  for (const suggestion of SUGGESTION_RULES.flatMap((rule) => rule(input))) {
    if (!bySlug.has(suggestion.slug)) bySlug.set(suggestion.slug, suggestion);
  }
  const suggestions = [...bySlug.values()].slice(0, MAX_SUGGESTIONS);
  return suggestions.length > 0 ? suggestions : [START];
}
