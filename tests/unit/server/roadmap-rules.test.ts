import { describe, expect, it } from 'vitest';
import { addMonths } from '#shared/calendar.ts';
import {
  generateRoadmap,
  goalCheckRule,
  planReviewRule,
  progressReportRule,
  reevaluationRule,
  schoolYearRule,
  supportPlanQuestionRule,
  transitionRule,
  type MilestoneDraft,
  type RoadmapInput,
} from '../../../server/features/milestones/roadmap-rules.ts';

type Child = RoadmapInput['child'];
type GoalInput = RoadmapInput['goals'][number];
type Rule = typeof planReviewRule;

/** A child no rule has anything to say about, so each test switches on only what it tests. */
const quietChild: Child = {
  firstName: 'Maya',
  dateOfBirth: '2016-05-02',
  grade: null,
  supportPlan: null,
  planReviewDate: null,
  lastEvaluationDate: null,
};

function input(child: Partial<Child>, today: string, extra: Partial<Omit<RoadmapInput, 'child' | 'today'>> = {}): RoadmapInput {
  return { child: { ...quietChild, ...child }, goals: [], today, horizonMonths: 6, ...extra };
}

/** Runs one rule over the window generateRoadmap would give it. */
function run(rule: Rule, roadmap: RoadmapInput): MilestoneDraft[] {
  return rule(roadmap, { start: roadmap.today, end: addMonths(roadmap.today, roadmap.horizonMonths) });
}

const keysAndDates = (drafts: MilestoneDraft[]) => drafts.map((draft) => [draft.ruleKey, draft.dueDate]);
/** The same, in date order (a single rule lists its drafts in its own order; generateRoadmap sorts them). */
const byDate = (drafts: MilestoneDraft[]) => keysAndDates([...drafts].sort((a, b) => a.dueDate.localeCompare(b.dueDate)));

describe('the quiet child', () => {
  it('gets no milestone at all, so every other test sees only the rule it switches on', () => {
    expect(generateRoadmap(input({}, '2026-03-10'))).toEqual([]);
  });
});

describe('plan review (annual review and 30-day preparation)', () => {
  it('schedules the preparation 30 days before the review, and the review itself', () => {
    const drafts = run(planReviewRule, input({ supportPlan: 'iep', planReviewDate: '2026-05-20' }, '2026-03-10'));
    expect(drafts).toEqual([
      {
        ruleKey: 'plan-review-prep:2026-05-20',
        title: "Prepare for Maya's IEP review",
        whyItMatters: expect.any(String),
        whatToDo: expect.any(String),
        category: 'plan-review',
        dueDate: '2026-04-20',
      },
      {
        ruleKey: 'plan-review:2026-05-20',
        title: 'Annual IEP review',
        whyItMatters: expect.stringContaining('Maya'),
        whatToDo: expect.any(String),
        category: 'plan-review',
        dueDate: '2026-05-20',
      },
    ]);
  });

  it.each([
    ['iep', 'Annual IEP review'],
    ['504', 'Annual 504 plan review'],
    ['other', 'Annual support plan review'],
  ] as const)('names a %s plan in the title', (supportPlan, title) => {
    const drafts = run(planReviewRule, input({ supportPlan, planReviewDate: '2026-05-20' }, '2026-03-10'));
    expect(drafts.map((draft) => draft.title)).toContain(title);
  });

  it('rolls a past review date forward to this year\u2019s anniversary', () => {
    const drafts = run(planReviewRule, input({ supportPlan: '504', planReviewDate: '2025-06-15' }, '2026-03-10'));
    expect(keysAndDates(drafts)).toEqual([
      ['plan-review-prep:2026-06-15', '2026-05-16'],
      ['plan-review:2026-06-15', '2026-06-15'],
    ]);
  });

  it('rolls a review date several years old forward to the next anniversary', () => {
    const drafts = run(planReviewRule, input({ supportPlan: 'iep', planReviewDate: '2022-04-01' }, '2026-03-10'));
    // The preparation date (2026-03-02) has already passed, so only the review remains.
    expect(keysAndDates(drafts)).toEqual([['plan-review:2026-04-01', '2026-04-01']]);
  });

  it('treats a review on today\u2019s date as upcoming, not past', () => {
    const drafts = run(planReviewRule, input({ supportPlan: 'iep', planReviewDate: '2025-03-10' }, '2026-03-10'));
    expect(keysAndDates(drafts)).toEqual([['plan-review:2026-03-10', '2026-03-10']]);
  });

  it('keeps the preparation when only the review itself is beyond the horizon', () => {
    // Window ends 2026-09-10; the review is 2026-10-01, its preparation 2026-09-01.
    const drafts = run(planReviewRule, input({ supportPlan: 'iep', planReviewDate: '2026-10-01' }, '2026-03-10'));
    expect(keysAndDates(drafts)).toEqual([['plan-review-prep:2026-10-01', '2026-09-01']]);
  });

  it('has nothing when both dates are beyond the horizon', () => {
    expect(run(planReviewRule, input({ supportPlan: 'iep', planReviewDate: '2026-11-01' }, '2026-03-10'))).toEqual([]);
  });

  it.each(['none', 'unsure', null] as const)('has nothing for supportPlan %s', (supportPlan) => {
    expect(run(planReviewRule, input({ supportPlan, planReviewDate: '2026-05-20' }, '2026-03-10'))).toEqual([]);
  });

  it('has nothing without a review date', () => {
    expect(run(planReviewRule, input({ supportPlan: 'iep', planReviewDate: null }, '2026-03-10'))).toEqual([]);
  });
});

describe('three-year re-evaluation', () => {
  it('asks for it 60 days before it is due, and marks the due date', () => {
    const drafts = run(reevaluationRule, input({ supportPlan: 'iep', lastEvaluationDate: '2023-07-01' }, '2026-03-10'));
    expect(drafts).toEqual([
      {
        ruleKey: 'reevaluation-request:2026-07-01',
        title: 'Ask the school to schedule the three-year re-evaluation',
        whyItMatters: expect.stringContaining('2023-07-01'),
        whatToDo: expect.any(String),
        category: 'evaluation',
        dueDate: '2026-05-02',
      },
      {
        ruleKey: 'reevaluation:2026-07-01',
        title: 'Three-year re-evaluation due',
        whyItMatters: expect.any(String),
        whatToDo: expect.any(String),
        category: 'evaluation',
        dueDate: '2026-07-01',
      },
    ]);
  });

  it('asks today when the 60-day mark has already passed but the date has not', () => {
    const drafts = run(reevaluationRule, input({ supportPlan: '504', lastEvaluationDate: '2023-04-01' }, '2026-03-10'));
    expect(keysAndDates(drafts)).toEqual([
      ['reevaluation-request:2026-04-01', '2026-03-10'],
      ['reevaluation:2026-04-01', '2026-04-01'],
    ]);
    expect(drafts[0]?.title).toBe('Ask the school to schedule the three-year re-evaluation');
  });

  it('says an overdue re-evaluation is overdue and asks for it now, with no due-date milestone in the past', () => {
    const drafts = run(reevaluationRule, input({ supportPlan: 'iep', lastEvaluationDate: '2022-12-01' }, '2026-03-10'));
    expect(drafts).toEqual([
      expect.objectContaining({
        ruleKey: 'reevaluation-request:2025-12-01',
        title: 'The three-year re-evaluation is overdue: ask for it',
        dueDate: '2026-03-10',
      }),
    ]);
  });

  it('has nothing while the request date is beyond the horizon', () => {
    // Due 2028-01-01, request 2027-11-02: far outside a window ending 2026-09-10.
    expect(run(reevaluationRule, input({ supportPlan: 'iep', lastEvaluationDate: '2025-01-01' }, '2026-03-10'))).toEqual([]);
  });

  it('has nothing without a last evaluation date', () => {
    expect(run(reevaluationRule, input({ supportPlan: 'iep', lastEvaluationDate: null }, '2026-03-10'))).toEqual([]);
  });

  it('has nothing for a child with no support plan', () => {
    expect(run(reevaluationRule, input({ supportPlan: 'none', lastEvaluationDate: '2023-07-01' }, '2026-03-10'))).toEqual([]);
  });

  it('counts three years from a leap day to Feb 28', () => {
    const drafts = run(reevaluationRule, input({ supportPlan: 'iep', lastEvaluationDate: '2024-02-29' }, '2026-12-01'));
    expect(keysAndDates(drafts)).toEqual([
      ['reevaluation-request:2027-02-28', '2026-12-30'],
      ['reevaluation:2027-02-28', '2027-02-28'],
    ]);
  });
});

describe('quarterly progress reports', () => {
  it.each(['iep', '504'] as const)('are checkpoints for a %s inside the window only', (supportPlan) => {
    const drafts = run(progressReportRule, input({ supportPlan }, '2026-03-10'));
    expect(drafts).toEqual([
      {
        ruleKey: 'progress-report:2026-04-15',
        title: 'Quarterly progress report checkpoint',
        whyItMatters: expect.any(String),
        whatToDo: expect.any(String),
        category: 'progress-report',
        dueDate: '2026-04-15',
      },
      expect.objectContaining({ ruleKey: 'progress-report:2026-06-15', dueDate: '2026-06-15' }),
    ]);
  });

  it('crosses the new year', () => {
    const drafts = run(progressReportRule, input({ supportPlan: 'iep' }, '2026-10-01'));
    expect(keysAndDates(drafts)).toEqual([
      ['progress-report:2026-11-15', '2026-11-15'],
      ['progress-report:2027-02-01', '2027-02-01'],
    ]);
  });

  it('includes a checkpoint on the window\u2019s last day and on its first', () => {
    expect(keysAndDates(run(progressReportRule, input({ supportPlan: 'iep' }, '2026-12-15')))).toEqual([
      ['progress-report:2027-02-01', '2027-02-01'],
      ['progress-report:2027-04-15', '2027-04-15'],
      ['progress-report:2027-06-15', '2027-06-15'],
    ]);
    expect(run(progressReportRule, input({ supportPlan: '504' }, '2026-11-15')).map((draft) => draft.dueDate)[0]).toBe('2026-11-15');
  });

  it.each(['other', 'none', 'unsure', null] as const)('are not generated for supportPlan %s', (supportPlan) => {
    expect(run(progressReportRule, input({ supportPlan }, '2026-03-10'))).toEqual([]);
  });
});

describe('transition planning from age 14', () => {
  it('marks the 14th birthday when it falls inside the window', () => {
    const drafts = run(transitionRule, input({ supportPlan: 'iep', dateOfBirth: '2012-06-20' }, '2026-03-10'));
    expect(drafts).toEqual([
      {
        ruleKey: 'transition:2026-06-20',
        title: 'Maya turns 14: start transition planning',
        whyItMatters: expect.any(String),
        whatToDo: expect.stringContaining('Maya'),
        category: 'transition',
        dueDate: '2026-06-20',
      },
    ]);
  });

  it('puts a Feb 29 birthday\u2019s 14th on Feb 28 in a common year', () => {
    expect(keysAndDates(run(transitionRule, input({ supportPlan: 'iep', dateOfBirth: '2012-02-29' }, '2026-02-01')))).toEqual([
      ['transition:2026-02-28', '2026-02-28'],
    ]);
  });

  it('asks a teenager already past 14 to review the transition plan 30 days before the review in the window', () => {
    const drafts = run(
      transitionRule,
      input({ supportPlan: 'iep', dateOfBirth: '2011-01-05', planReviewDate: '2025-05-20' }, '2026-03-10'),
    );
    expect(drafts).toEqual([
      expect.objectContaining({
        ruleKey: 'transition-review:2026-05-20',
        title: 'Review the transition plan before the IEP meeting',
        category: 'transition',
        dueDate: '2026-04-20',
      }),
    ]);
  });

  it('has nothing for a teenager whose review is beyond the window', () => {
    expect(
      run(transitionRule, input({ supportPlan: 'iep', dateOfBirth: '2011-01-05', planReviewDate: '2025-11-01' }, '2026-03-10')),
    ).toEqual([]);
  });

  it('has nothing for a teenager without a review date', () => {
    expect(run(transitionRule, input({ supportPlan: 'iep', dateOfBirth: '2011-01-05' }, '2026-03-10'))).toEqual([]);
  });

  it('has nothing for a child who turns 14 after the window', () => {
    // 14 on 2026-12-01: outside a window ending 2026-09-10.
    expect(
      run(transitionRule, input({ supportPlan: 'iep', dateOfBirth: '2012-12-01', planReviewDate: '2025-05-20' }, '2026-03-10')),
    ).toEqual([]);
  });

  it('has nothing for a young adult of 22 or more', () => {
    expect(
      run(transitionRule, input({ supportPlan: 'iep', dateOfBirth: '2003-01-01', planReviewDate: '2025-05-20' }, '2026-03-10')),
    ).toEqual([]);
  });

  it.each(['504', 'other', 'none', 'unsure', null] as const)('applies only to an IEP, not supportPlan %s', (supportPlan) => {
    expect(run(transitionRule, input({ supportPlan, dateOfBirth: '2012-06-20', planReviewDate: '2025-05-20' }, '2026-03-10'))).toEqual([]);
  });
});

describe('school-year moments by grade', () => {
  // Window 2026-02-01 .. 2026-08-01 holds the spring moments (03-01, 03-15, 06-01).
  const spring = (grade: Child['grade']) => byDate(run(schoolYearRule, input({ grade }, '2026-02-01')));

  it('gives every school grade the general moments inside the window', () => {
    expect(spring('3')).toEqual([
      ['school:next-year:2026-03-15', '2026-03-15'],
      ['school:wrap-up:2026-06-01', '2026-06-01'],
    ]);
    expect(run(schoolYearRule, input({ grade: '3' }, '2026-02-01'))[0]).toEqual({
      ruleKey: 'school:next-year:2026-03-15',
      title: 'Plan for next school year',
      whyItMatters: expect.any(String),
      whatToDo: expect.any(String),
      category: 'school-year',
      dueDate: '2026-03-15',
    });
  });

  it.each([
    ['preschool', 'school:kindergarten-transition:2026-03-01'],
    ['5', 'school:middle-school-transition:2026-03-01'],
    ['8', 'school:high-school-transition:2026-03-01'],
  ] as const)('adds the transition visit for grade %s only', (grade, key) => {
    expect(spring(grade)).toEqual([
      [key, '2026-03-01'],
      ['school:next-year:2026-03-15', '2026-03-15'],
      ['school:wrap-up:2026-06-01', '2026-06-01'],
    ]);
  });

  it.each(['kindergarten', '4', '6', '7', '9'] as const)('adds no transition visit for grade %s', (grade) => {
    expect(spring(grade).map(([key]) => key)).toEqual(['school:next-year:2026-03-15', 'school:wrap-up:2026-06-01']);
  });

  it.each(['11', '12'] as const)('adds exam and post-secondary accommodations in the autumn for grade %s', (grade) => {
    expect(byDate(run(schoolYearRule, input({ grade }, '2026-09-01')))).toEqual([
      ['school:post-secondary:2026-10-01', '2026-10-01'],
      ['school:conference:2026-10-15', '2026-10-15'],
      ['school:mid-year:2027-01-15', '2027-01-15'],
    ]);
  });

  it('does not add post-secondary planning for grade 10', () => {
    expect(byDate(run(schoolYearRule, input({ grade: '10' }, '2026-09-01')))).toEqual([
      ['school:conference:2026-10-15', '2026-10-15'],
      ['school:mid-year:2027-01-15', '2027-01-15'],
    ]);
  });

  it('crosses the new year in an autumn window', () => {
    expect(byDate(run(schoolYearRule, input({ grade: '2' }, '2026-08-01')))).toEqual([
      ['school:new-teachers:2026-08-20', '2026-08-20'],
      ['school:conference:2026-10-15', '2026-10-15'],
      ['school:mid-year:2027-01-15', '2027-01-15'],
    ]);
  });

  it.each(['not-in-school', 'post-secondary', null] as const)('has nothing for grade %s', (grade) => {
    expect(run(schoolYearRule, input({ grade }, '2026-02-01'))).toEqual([]);
  });
});

describe('the "unsure" plan question', () => {
  it('asks the parent to check with the school within two weeks', () => {
    expect(run(supportPlanQuestionRule, input({ supportPlan: 'unsure' }, '2026-03-10'))).toEqual([
      {
        ruleKey: 'ask-about-plan',
        title: 'Ask the school whether an IEP or a 504 plan fits',
        whyItMatters: expect.any(String),
        whatToDo: expect.any(String),
        category: 'evaluation',
        dueDate: '2026-03-24',
      },
    ]);
  });

  it.each(['iep', '504', 'other', 'none', null] as const)('is not asked for supportPlan %s', (supportPlan) => {
    expect(run(supportPlanQuestionRule, input({ supportPlan }, '2026-03-10'))).toEqual([]);
  });
});

describe('goal checks 14 days before the target date', () => {
  const goal = (overrides: Partial<GoalInput>): GoalInput => ({
    id: 7,
    title: 'Read 60 words a minute',
    targetDate: '2026-05-01',
    status: 'in-progress',
    ...overrides,
  });
  const checks = (goals: GoalInput[], today = '2026-03-10', horizonMonths = 6) =>
    run(goalCheckRule, input({}, today, { goals, horizonMonths }));

  it('checks an active goal two weeks before its target', () => {
    expect(checks([goal({})])).toEqual([
      {
        ruleKey: 'goal:7:2026-05-01',
        title: 'Check progress on \u201cRead 60 words a minute\u201d',
        whyItMatters: expect.stringContaining('2026-05-01'),
        whatToDo: expect.any(String),
        category: 'goal',
        dueDate: '2026-04-17',
      },
    ]);
  });

  it('checks a goal that has not started yet', () => {
    expect(keysAndDates(checks([goal({ id: 8, status: 'not-started' })]))).toEqual([['goal:8:2026-05-01', '2026-04-17']]);
  });

  it.each(['achieved', 'paused'] as const)('does not check a goal that is %s', (status) => {
    expect(checks([goal({ status })])).toEqual([]);
  });

  it('does not check a goal without a target date, or whose target has passed', () => {
    expect(checks([goal({ id: 1, targetDate: null }), goal({ id: 2, targetDate: '2026-03-09' })])).toEqual([]);
  });

  it('checks today when the target is less than two weeks away', () => {
    expect(keysAndDates(checks([goal({ targetDate: '2026-03-15' })]))).toEqual([['goal:7:2026-03-15', '2026-03-10']]);
    expect(keysAndDates(checks([goal({ targetDate: '2026-03-10' })]))).toEqual([['goal:7:2026-03-10', '2026-03-10']]);
  });

  it('checks a target up to two weeks past the horizon, since its check falls inside', () => {
    // Window ends 2026-09-10, so targets up to 2026-09-24 have their check inside it.
    expect(keysAndDates(checks([goal({ id: 1, targetDate: '2026-09-24' }), goal({ id: 2, targetDate: '2026-09-25' })]))).toEqual([
      ['goal:1:2026-09-24', '2026-09-10'],
    ]);
  });

  it('makes one check per goal, keyed by goal and target', () => {
    const drafts = checks([goal({ id: 1 }), goal({ id: 2, title: 'Tie shoes', targetDate: '2026-06-01' })]);
    expect(keysAndDates(drafts)).toEqual([
      ['goal:1:2026-05-01', '2026-04-17'],
      ['goal:2:2026-06-01', '2026-05-18'],
    ]);
  });
});

describe('generateRoadmap', () => {
  const fullChild: Partial<Child> = {
    dateOfBirth: '2015-03-01',
    grade: '5',
    supportPlan: 'iep',
    planReviewDate: '2025-11-20',
    lastEvaluationDate: '2024-01-10',
  };
  const goals: GoalInput[] = [
    { id: 3, title: 'Read 60 words a minute', targetDate: '2026-12-01', status: 'in-progress' },
    { id: 4, title: 'Tie shoes', targetDate: '2026-10-01', status: 'achieved' },
  ];

  it('combines every rule into one list sorted by date', () => {
    const drafts = generateRoadmap(input(fullChild, '2026-09-01', { goals }));
    expect(keysAndDates(drafts)).toEqual([
      ['school:conference:2026-10-15', '2026-10-15'],
      ['plan-review-prep:2026-11-20', '2026-10-21'],
      ['reevaluation-request:2027-01-10', '2026-11-11'],
      ['progress-report:2026-11-15', '2026-11-15'],
      ['goal:3:2026-12-01', '2026-11-17'],
      ['plan-review:2026-11-20', '2026-11-20'],
      ['reevaluation:2027-01-10', '2027-01-10'],
      ['school:mid-year:2027-01-15', '2027-01-15'],
      ['progress-report:2027-02-01', '2027-02-01'],
      ['school:middle-school-transition:2027-03-01', '2027-03-01'],
    ]);
  });

  it('gives every milestone a unique rule key and a date inside the horizon', () => {
    const roadmap = input({ ...fullChild, dateOfBirth: '2012-10-01', grade: '8', supportPlan: 'iep' }, '2026-09-01', { goals });
    const drafts = generateRoadmap(roadmap);
    expect(drafts.length).toBeGreaterThan(5);
    expect(new Set(drafts.map((draft) => draft.ruleKey)).size).toBe(drafts.length);
    const dates = drafts.map((draft) => draft.dueDate);
    expect(dates).toEqual([...dates].sort());
    expect(dates.every((date) => date >= '2026-09-01' && date <= '2027-03-01')).toBe(true);
  });

  it('breaks ties on the same date by rule key, so the order is stable', () => {
    // The overdue re-evaluation request and a goal check both land on today; the rules list the re-evaluation first.
    const drafts = generateRoadmap(
      input({ supportPlan: 'unsure', lastEvaluationDate: '2022-01-01' }, '2026-03-10', {
        goals: [{ id: 9, title: 'Zip a coat', targetDate: '2026-03-12', status: 'in-progress' }],
      }),
    );
    expect(keysAndDates(drafts)).toEqual([
      ['goal:9:2026-03-12', '2026-03-10'],
      ['reevaluation-request:2025-01-01', '2026-03-10'],
      ['ask-about-plan', '2026-03-24'],
    ]);
  });

  it('is deterministic: the same input gives the same roadmap', () => {
    const roadmap = input(fullChild, '2026-09-01', { goals });
    expect(generateRoadmap(roadmap)).toEqual(generateRoadmap(structuredClone(roadmap)));
  });

  it('looks 6 months ahead with the 6-month flag and 3 months without', () => {
    const six = generateRoadmap(input(fullChild, '2026-09-01', { goals, horizonMonths: 6 }));
    const three = generateRoadmap(input(fullChild, '2026-09-01', { goals, horizonMonths: 3 }));
    expect(six.at(-1)?.dueDate).toBe('2027-03-01');
    expect(keysAndDates(three)).toEqual([
      ['school:conference:2026-10-15', '2026-10-15'],
      ['plan-review-prep:2026-11-20', '2026-10-21'],
      ['reevaluation-request:2027-01-10', '2026-11-11'],
      ['progress-report:2026-11-15', '2026-11-15'],
      ['goal:3:2026-12-01', '2026-11-17'],
      ['plan-review:2026-11-20', '2026-11-20'],
    ]);
  });

  it('ends a horizon that starts on a month\u2019s last day on the last day of the shorter month', () => {
    const roadmap = input({ supportPlan: 'iep' }, '2026-08-31', {
      goals: [
        { id: 1, title: 'A', targetDate: '2027-03-14', status: 'in-progress' },
        { id: 2, title: 'B', targetDate: '2027-03-15', status: 'in-progress' },
      ],
    });
    // 2026-08-31 + 6 months = 2027-02-28: the 2027-02-01 report is in, a check on 2027-03-01 is not.
    expect(keysAndDates(generateRoadmap(roadmap))).toEqual([
      ['progress-report:2026-11-15', '2026-11-15'],
      ['progress-report:2027-02-01', '2027-02-01'],
      ['goal:1:2027-03-14', '2027-02-28'],
    ]);
  });

  it('rolls a Feb 29 review to Feb 28 in a common year', () => {
    expect(keysAndDates(generateRoadmap(input({ supportPlan: 'other', planReviewDate: '2024-02-29' }, '2026-01-10')))).toEqual([
      ['plan-review-prep:2026-02-28', '2026-01-29'],
      ['plan-review:2026-02-28', '2026-02-28'],
    ]);
  });

  it('rolls a Feb 29 review back to Feb 29 in the next leap year', () => {
    // A review held on 2024-02-29 recurs on 2028-02-29, not on the Feb 28 of the common years between.
    expect(keysAndDates(generateRoadmap(input({ supportPlan: 'iep', planReviewDate: '2024-02-29' }, '2028-01-10')))).toEqual([
      ['plan-review-prep:2028-02-29', '2028-01-30'],
      ['progress-report:2028-02-01', '2028-02-01'],
      ['plan-review:2028-02-29', '2028-02-29'],
      ['progress-report:2028-04-15', '2028-04-15'],
      ['progress-report:2028-06-15', '2028-06-15'],
    ]);
  });
});
