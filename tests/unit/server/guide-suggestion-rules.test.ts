import { describe, expect, it } from 'vitest';
import { addDays } from '#shared/calendar.ts';
import { GUIDE_ARTICLE_TITLES, GUIDE_ARTICLES } from '#shared/guide.ts';
import {
  CHALLENGE_GUIDES,
  MAX_SUGGESTIONS,
  suggestArticles,
  whenFromToday,
  type SuggestionInput,
} from '../../../server/features/guide/suggestion-rules.ts';

const TODAY = '2026-03-10';

type Child = SuggestionInput['child'];
type MilestoneInput = SuggestionInput['milestones'][number];
type GoalInput = SuggestionInput['goals'][number];

/** A child no rule has anything to say about but the last one, so each test switches on only what it tests. */
const quietChild: Child = { firstName: 'Sam', ageYears: 9, grade: '4', supportPlan: 'iep', challenges: [], diagnoses: [] };

function input(child: Partial<Child> = {}, extra: Partial<Omit<SuggestionInput, 'child'>> = {}): SuggestionInput {
  return { today: TODAY, child: { ...quietChild, ...child }, milestones: [], goals: [], ...extra };
}

const milestone = (id: number, category: MilestoneInput['category'], inDays: number, title = 'Annual IEP review'): MilestoneInput => ({
  id,
  title,
  category,
  dueDate: addDays(TODAY, inDays),
});

const goal = (
  id: number,
  createdDaysAgo: number,
  entries = 0,
  lastEntryDaysAgo: number | null = null,
  title = 'Reads 20 minutes',
): GoalInput => ({
  id,
  title,
  createdOn: addDays(TODAY, -createdDaysAgo),
  progressEntries: entries,
  lastEntryOn: lastEntryDaysAgo === null ? null : addDays(TODAY, -lastEntryDaysAgo),
});

const slugs = (value: SuggestionInput) => suggestArticles(value).map((suggestion) => suggestion.slug);
const titles = (value: SuggestionInput) => suggestArticles(value).map((suggestion) => suggestion.title);
const reasons = (value: SuggestionInput) => suggestArticles(value).map((suggestion) => suggestion.reason);
const START = GUIDE_ARTICLES.keepingARecord;

describe('when nothing in the record applies', () => {
  it('suggests starting a record that helps, and only that', () => {
    expect(suggestArticles(input())).toEqual([
      { key: 'start', title: 'Keeping a record that helps', reason: expect.stringMatching(/\.$/), slug: START },
    ]);
  });
});

describe('1. milestones coming up', () => {
  it('an annual review three weeks ahead: the article\u2019s own title; the reason names the milestone, how far ahead and its day', () => {
    expect(suggestArticles(input({}, { milestones: [milestone(12, 'plan-review', 21)] }))).toEqual([
      {
        key: 'milestone:12',
        title: 'The annual IEP review',
        reason: '\u201CAnnual IEP review\u201D is on the roadmap in 3 weeks, on Mar 31.',
        slug: GUIDE_ARTICLES.annualReview,
        action: { label: 'Prepare the meeting pack', path: '/snapshots/meeting-pack' },
      },
    ]);
  });

  it('a review coming up offers the meeting pack beside the article; other milestones offer nothing to do', () => {
    const [prep] = suggestArticles(input({}, { milestones: [milestone(2, 'plan-review', 10, "Prepare for Sam's IEP review")] }));
    expect(prep?.action).toEqual({ label: 'Prepare the meeting pack', path: '/snapshots/meeting-pack' });
    const others = suggestArticles(
      input({}, { milestones: [milestone(3, 'evaluation', 10), milestone(5, 'progress-report', 10), milestone(6, 'transition', 10)] }),
    );
    expect(others.map((suggestion) => suggestion.slug)).toHaveLength(3);
    expect(others.map((suggestion) => suggestion.action)).toEqual([undefined, undefined, undefined]);
  });

  it('the reason says today, tomorrow, days under two weeks, and whole weeks (rounded) from two weeks', () => {
    expect([0, 1, 2, 13, 14, 17, 18, 21, 42, 90].map(whenFromToday)).toEqual([
      'today',
      'tomorrow',
      'in 2 days',
      'in 13 days',
      'in 2 weeks',
      'in 2 weeks',
      'in 3 weeks',
      'in 3 weeks',
      'in 6 weeks',
      'in 13 weeks',
    ]);
    expect(reasons(input({}, { milestones: [milestone(1, 'plan-review', 0)] }))).toEqual([
      '\u201CAnnual IEP review\u201D is on the roadmap today, on Mar 10.',
    ]);
    expect(reasons(input({}, { milestones: [milestone(1, 'plan-review', 1)] }))).toEqual([
      '\u201CAnnual IEP review\u201D is on the roadmap tomorrow, on Mar 11.',
    ]);
    expect(reasons(input({}, { milestones: [milestone(1, 'plan-review', 5)] }))).toEqual([
      '\u201CAnnual IEP review\u201D is on the roadmap in 5 days, on Mar 15.',
    ]);
  });

  it('an annual review counts from today to 42 days ahead: not 43 days ahead, not yesterday', () => {
    expect(slugs(input({}, { milestones: [milestone(1, 'plan-review', 42)] }))).toEqual([GUIDE_ARTICLES.annualReview]);
    expect(slugs(input({}, { milestones: [milestone(1, 'plan-review', 43)] }))).toEqual([START]);
    expect(slugs(input({}, { milestones: [milestone(1, 'plan-review', -1)] }))).toEqual([START]);
  });

  it('a re-evaluation within 60 days (not 61) for a child with a plan; an evaluation to ask for without one', () => {
    expect(suggestArticles(input({}, { milestones: [milestone(3, 'evaluation', 35, 'Three-year re-evaluation due')] }))).toEqual([
      {
        key: 'milestone:3',
        title: 'The three-year re-evaluation',
        reason: '\u201CThree-year re-evaluation due\u201D is on the roadmap in 5 weeks, on Apr 14.',
        slug: GUIDE_ARTICLES.reevaluation,
      },
    ]);
    expect(slugs(input({}, { milestones: [milestone(3, 'evaluation', 60)] }))).toEqual([GUIDE_ARTICLES.reevaluation]);
    expect(slugs(input({}, { milestones: [milestone(3, 'evaluation', 61)] }))).toEqual([START]);
    for (const supportPlan of ['none', 'unsure', null] as const) {
      const [first] = suggestArticles(input({ supportPlan }, { milestones: [milestone(4, 'evaluation', 14)] }));
      expect({ supportPlan, first }).toEqual({
        supportPlan,
        first: expect.objectContaining({ title: 'Asking the school to evaluate your child', slug: GUIDE_ARTICLES.requestingAnEvaluation }),
      });
    }
  });

  it('a progress report within 21 days (not 22), a transition milestone within 90 days (not 91)', () => {
    expect(titles(input({}, { milestones: [milestone(5, 'progress-report', 14)] }))).toEqual(['Reading IEP progress reports']);
    expect(slugs(input({}, { milestones: [milestone(5, 'progress-report', 21)] }))).toEqual([GUIDE_ARTICLES.progressReports]);
    expect(slugs(input({}, { milestones: [milestone(5, 'progress-report', 22)] }))).toEqual([START]);
    expect(titles(input({}, { milestones: [milestone(6, 'transition', 90)] }))).toEqual(['Planning for life after high school']);
    expect(slugs(input({}, { milestones: [milestone(6, 'transition', 91)] }))).toEqual([START]);
  });

  it('school-year and goal milestones suggest nothing here', () => {
    expect(slugs(input({}, { milestones: [milestone(7, 'school-year', 3), milestone(8, 'goal', 3)] }))).toEqual([START]);
  });

  it('lists the earliest due first, one suggestion per article, and a date in another year with its year', () => {
    const found = suggestArticles(
      input(
        {},
        {
          milestones: [
            milestone(1, 'plan-review', 30),
            milestone(2, 'progress-report', 10),
            milestone(3, 'plan-review', 20, 'Second review'),
          ],
        },
      ),
    );
    expect(found.map((suggestion) => suggestion.key)).toEqual(['milestone:2', 'milestone:3']);
    const lateDecember: SuggestionInput = {
      ...input(),
      today: '2026-12-28',
      milestones: [{ id: 1, title: 'Annual IEP review', category: 'plan-review', dueDate: '2027-01-07' }],
    };
    expect(suggestArticles(lateDecember)[0]?.reason).toBe('\u201CAnnual IEP review\u201D is on the roadmap in 10 days, on Jan 7, 2027.');
  });
});

describe('2. a goal with no data', () => {
  it('a goal set 14 days ago with no progress entry: how to ask the teacher for data; 13 days is too soon', () => {
    expect(suggestArticles(input({}, { goals: [goal(3, 14)] }))).toEqual([
      {
        key: 'goal:3',
        title: 'Asking the teacher for data on a goal',
        reason: 'No progress noted for \u201CReads 20 minutes\u201D since it was set on Feb 24.',
        slug: GUIDE_ARTICLES.askingForData,
      },
    ]);
    expect(slugs(input({}, { goals: [goal(3, 13)] }))).toEqual([START]);
  });

  it('a goal whose last entry is more than 30 days old; 30 days is still fresh', () => {
    expect(suggestArticles(input({}, { goals: [goal(4, 200, 5, 31)] }))[0]).toEqual({
      key: 'goal:4',
      title: 'Asking the teacher for data on a goal',
      reason: 'No progress noted for \u201CReads 20 minutes\u201D since Feb 7.',
      slug: GUIDE_ARTICLES.askingForData,
    });
    expect(slugs(input({}, { goals: [goal(4, 200, 5, 30)] }))).toEqual([START]);
  });

  it('names only the oldest such goal', () => {
    const found = suggestArticles(
      input({}, { goals: [goal(9, 20, 0, null, 'Newer'), goal(2, 90, 3, 45, 'Older'), goal(5, 5, 0, null, 'Fresh')] }),
    );
    expect(found.map((suggestion) => [suggestion.key, suggestion.reason])).toEqual([
      ['goal:2', 'No progress noted for \u201COlder\u201D since Jan 24.'],
    ]);
  });
});

describe('3. the support plan', () => {
  it('unsure: ask the school for an evaluation', () => {
    expect(suggestArticles(input({ supportPlan: 'unsure' }))).toEqual([
      {
        key: 'plan:unsure',
        title: 'Asking the school to evaluate your child',
        reason: 'You are not sure whether Sam has a support plan; an evaluation is how the school decides.',
        slug: GUIDE_ARTICLES.requestingAnEvaluation,
      },
    ]);
  });

  it('none: only with a challenge noted', () => {
    expect(slugs(input({ supportPlan: 'none' }))).toEqual([START]);
    expect(suggestArticles(input({ supportPlan: 'none', challenges: ['Spelling'] }))).toEqual([
      {
        key: 'plan:none',
        title: 'Asking the school to evaluate your child',
        reason: 'Sam has no support plan at school, and you noted challenges such as \u201CSpelling\u201D.',
        slug: GUIDE_ARTICLES.requestingAnEvaluation,
      },
    ]);
  });
});

describe('4. transition age', () => {
  it('from 13 with an IEP: start planning for life after school; not at 12, not with a 504 plan', () => {
    expect(suggestArticles(input({ ageYears: 13 }))).toEqual([
      {
        key: 'age:transition',
        title: 'Planning for life after high school',
        reason: 'Sam is 13: the IEP plans for life after school from 14 in many states, and by 16 in all.',
        slug: GUIDE_ARTICLES.transitionPlanning,
      },
    ]);
    expect(slugs(input({ ageYears: 12 }))).toEqual([START]);
    expect(slugs(input({ ageYears: 15, supportPlan: '504' }))).toEqual([START]);
  });

  it('in grade 8 or above with an IEP, whatever the age: the grade says why', () => {
    expect(suggestArticles(input({ ageYears: 12, grade: '8' }))).toEqual([
      {
        key: 'age:transition',
        title: 'Planning for life after high school',
        reason: 'Sam is in grade 8: the IEP plans for life after school from 14 in many states, and by 16 in all.',
        slug: GUIDE_ARTICLES.transitionPlanning,
      },
    ]);
    expect(slugs(input({ ageYears: 12, grade: '7' }))).toEqual([START]);
    expect(slugs(input({ ageYears: 12, grade: '8', supportPlan: '504' }))).toEqual([START]);
  });

  it('not when a transition milestone already brought the article up', () => {
    const found = suggestArticles(input({ ageYears: 14 }, { milestones: [milestone(6, 'transition', 10)] }));
    expect(found.map((suggestion) => suggestion.key)).toEqual(['milestone:6']);
  });
});

describe('5. challenges', () => {
  it('maps each word (any case, whole words) to its article, in the child\u2019s order', () => {
    const cases: [string, string][] = [
      ['Focus in class', GUIDE_ARTICLES.homework],
      ['ATTENTION', GUIDE_ARTICLES.homework],
      ['homework battles', GUIDE_ARTICLES.homework],
      ['Reading', GUIDE_ARTICLES.readingAtHome],
      ['dyslexia', GUIDE_ARTICLES.readingAtHome],
      ['writing', GUIDE_ARTICLES.accommodations],
      ['Math facts', GUIDE_ARTICLES.accommodations],
      ['maths', GUIDE_ARTICLES.accommodations],
      ['Transitions between tasks', GUIDE_ARTICLES.routines],
      ['staying organised', GUIDE_ARTICLES.routines],
      ['Getting organized', GUIDE_ARTICLES.routines],
      ['morning routine', GUIDE_ARTICLES.routines],
      ['big feelings', GUIDE_ARTICLES.anxiety],
      ['Anxiety', GUIDE_ARTICLES.anxiety],
      ['anxious at drop-off', GUIDE_ARTICLES.anxiety],
      ['worry', GUIDE_ARTICLES.anxiety],
      ['making friends', GUIDE_ARTICLES.selfEsteem],
      ['Friendships', GUIDE_ARTICLES.selfEsteem],
      ['low self-esteem', GUIDE_ARTICLES.selfEsteem],
      ['Sleep', GUIDE_ARTICLES.sleep],
      ['Behaviour at school', GUIDE_ARTICLES.behaviourAbc],
      ['behavior', GUIDE_ARTICLES.behaviourAbc],
      ['Meltdowns', GUIDE_ARTICLES.behaviourAbc],
    ];
    const found = cases.map(([challenge]) => [challenge, slugs(input({ challenges: [challenge] }))[0]]);
    expect(found).toEqual(cases);
  });

  it('needs whole words: "bookreading" and "sleepover" say nothing; each word list points to its own article', () => {
    expect(slugs(input({ challenges: ['bookreading', 'sleepovers', 'unfocused'] }))).toEqual([START]);
    expect(new Set(CHALLENGE_GUIDES.map((guide) => guide.slug)).size).toBe(CHALLENGE_GUIDES.length);
  });

  it('names the challenge and the child, one suggestion per article, in the child\u2019s order', () => {
    expect(suggestArticles(input({ challenges: ['Sleep', 'Reading', 'reading aloud'] }))).toEqual([
      {
        key: 'challenge:sleep',
        title: 'Sleep that helps the day go better',
        reason: 'You noted \u201CSleep\u201D as a challenge for Sam.',
        slug: GUIDE_ARTICLES.sleep,
      },
      {
        key: 'challenge:reading-at-home',
        title: 'Reading at home with a child who struggles',
        reason: 'You noted \u201CReading\u201D as a challenge for Sam.',
        slug: GUIDE_ARTICLES.readingAtHome,
      },
    ]);
  });
});

describe('6. starting school', () => {
  it('in preschool or kindergarten: routines that help a young child settle in; not in grade 1', () => {
    expect(suggestArticles(input({ ageYears: 5, grade: 'kindergarten' }))).toEqual([
      {
        key: 'grade:starting-school',
        title: 'Daily routines that make the day easier',
        reason: 'Sam is in kindergarten: steady mornings and bedtimes make school days easier to start.',
        slug: GUIDE_ARTICLES.routines,
      },
    ]);
    expect(slugs(input({ ageYears: 4, grade: 'preschool' }))).toEqual([GUIDE_ARTICLES.routines]);
    expect(slugs(input({ ageYears: 6, grade: '1' }))).toEqual([START]);
  });

  it('comes after the challenges, and gives way when a challenge already brought up routines', () => {
    expect(slugs(input({ ageYears: 5, grade: 'kindergarten', challenges: ['Sleep'] }))).toEqual([
      GUIDE_ARTICLES.sleep,
      GUIDE_ARTICLES.routines,
    ]);
    expect(suggestArticles(input({ ageYears: 5, grade: 'kindergarten', challenges: ['Transitions'] })).map((s) => s.key)).toEqual([
      'challenge:daily-routines',
    ]);
  });
});

describe('7. a diagnosis', () => {
  it('aged 5 to 17 with a diagnosis: talking with the child about it', () => {
    expect(suggestArticles(input({ ageYears: 5, diagnoses: ['ADHD', 'dyslexia'] }))).toEqual([
      {
        key: 'diagnosis',
        title: 'Talking with your child about their diagnosis',
        reason: 'You noted \u201CADHD\u201D and \u201Cdyslexia\u201D in Sam\u2019s profile.',
        slug: GUIDE_ARTICLES.talkingAboutTheDiagnosis,
      },
    ]);
    expect(slugs(input({ ageYears: 17, diagnoses: ['ADHD'], supportPlan: '504' }))).toEqual([GUIDE_ARTICLES.talkingAboutTheDiagnosis]);
    expect(slugs(input({ ageYears: 4, diagnoses: ['ADHD'] }))).toEqual([START]);
    expect(slugs(input({ ageYears: 18, diagnoses: ['ADHD'], supportPlan: '504' }))).toEqual([START]);
  });
});

describe('priority and the cap', () => {
  const busy = input(
    { ageYears: 14, supportPlan: 'iep', challenges: ['Reading', 'Sleep', 'Anxiety'], diagnoses: ['ADHD'] },
    { milestones: [milestone(12, 'plan-review', 21)], goals: [goal(3, 30)] },
  );

  it('keeps the order milestone, goal, plan, age, challenges, diagnosis, and gives at most four', () => {
    expect(suggestArticles(busy).map((suggestion) => suggestion.key)).toEqual([
      'milestone:12',
      'goal:3',
      'age:transition',
      'challenge:reading-at-home',
    ]);
    expect(MAX_SUGGESTIONS).toBe(4);
  });

  it('a plan suggestion comes before the challenges, and the diagnosis after them', () => {
    const unsure = { ...busy, child: { ...busy.child, ageYears: 10, supportPlan: 'unsure' as const }, milestones: [], goals: [] };
    expect(suggestArticles(unsure).map((suggestion) => suggestion.key)).toEqual([
      'plan:unsure',
      'challenge:reading-at-home',
      'challenge:sleep',
      'challenge:anxiety',
    ]);
    const fewer = { ...unsure, child: { ...unsure.child, challenges: ['Sleep'] } };
    expect(suggestArticles(fewer).map((suggestion) => suggestion.key)).toEqual(['plan:unsure', 'challenge:sleep', 'diagnosis']);
  });

  it('never two suggestions for one article', () => {
    const crowded = input(
      { supportPlan: 'none', challenges: ['Reading'] },
      { milestones: [milestone(1, 'evaluation', 3), milestone(2, 'evaluation', 9)] },
    );
    const found = suggestArticles(crowded);
    expect(found.map((suggestion) => suggestion.key)).toEqual(['milestone:1', 'challenge:reading-at-home']);
    expect(new Set(found.map((suggestion) => suggestion.slug)).size).toBe(found.length);
  });
});

// Issue 24: "For you" named articles otherwise than the articles name themselves.
describe('every suggestion is named as its article is', () => {
  it('whatever rule made it', () => {
    const busy = input(
      { supportPlan: 'iep', ageYears: 14, grade: '9', challenges: ['Reading', 'Sleep', 'Meltdowns', 'Handwriting'], diagnoses: ['ADHD'] },
      { milestones: [milestone(1, 'plan-review', 3), milestone(2, 'progress-report', 4)], goals: [goal(1, 40)] },
    );
    const found = suggestArticles(busy);
    expect(found.length).toBeGreaterThan(1);
    for (const suggestion of [...found, ...suggestArticles(input())]) expect(suggestion.title).toBe(GUIDE_ARTICLE_TITLES[suggestion.slug]);
  });
});

// Issue 24: onboarding offers "Dysgraphia", and the guide had no article on it.
describe('dysgraphia', () => {
  it('a diagnosis or a challenge of dysgraphia brings up its article', () => {
    expect(suggestArticles(input({ diagnoses: ['Dysgraphia'] }))[0]).toEqual({
      key: `diagnosis:${GUIDE_ARTICLES.dysgraphia}`,
      title: 'Dysgraphia and writing by hand',
      reason: 'You noted \u201CDysgraphia\u201D in Sam\u2019s profile.',
      slug: GUIDE_ARTICLES.dysgraphia,
    });
    expect(slugs(input({ challenges: ['Dysgraphia makes homework slow'] }))).toContain(GUIDE_ARTICLES.dysgraphia);
  });
});
