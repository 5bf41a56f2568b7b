import { ageInYears } from '#shared/age.ts';
import { addDays, addMonths, addYears, inYear, isCalendarDate, yearlyOnOrAfter } from '#shared/calendar.ts';
import type { Child } from '#shared/schemas/child.ts';
import { isActiveGoalStatus, type GoalSummary } from '#shared/schemas/goal.ts';
import type { Milestone } from '#shared/schemas/milestone.ts';

/**
 * The roadmap rules engine: a pure function of the child's profile, their goals and today's date.
 * Each draft carries a stable `ruleKey`, so regenerating updates the same milestone instead of adding a copy.
 */

export interface MilestoneDraft {
  ruleKey: string;
  title: string;
  whyItMatters: string;
  whatToDo: string;
  category: Milestone['category'];
  dueDate: string;
}

export interface RoadmapInput {
  child: Pick<Child, 'firstName' | 'dateOfBirth' | 'grade' | 'supportPlan' | 'planReviewDate' | 'lastEvaluationDate'>;
  goals: GoalSummary[];
  /** YYYY-MM-DD */
  today: string;
  /** How far ahead the roadmap looks: 6 months with FLAG_ROADMAP_V2_6MO, 3 without. */
  horizonMonths: number;
}

export const PLAN_REVIEW_PREP_DAYS = 30;
export const REEVALUATION_YEARS = 3;
export const REEVALUATION_REQUEST_DAYS = 60;
export const TRANSITION_AGE = 14;
export const GOAL_CHECK_DAYS = 14;
/** Typical US progress-report weeks: mid-November, early February, mid-April, mid-June. */
export const PROGRESS_REPORT_DAYS = ['11-15', '02-01', '04-15', '06-15'] as const;

const PLAN_NAMES: Record<string, string> = { iep: 'IEP', '504': '504 plan', other: 'support plan' };

type Rule = (input: RoadmapInput, window: Window) => MilestoneDraft[];
interface Window {
  start: string;
  end: string;
}

const within = (date: string, window: Window) => date >= window.start && date <= window.end;

const hasFormalPlan = (input: RoadmapInput) =>
  input.child.supportPlan === 'iep' || input.child.supportPlan === '504' || input.child.supportPlan === 'other';

export const planReviewRule: Rule = (input, window) => {
  const { child } = input;
  if (!hasFormalPlan(input) || !child.planReviewDate) return [];
  const review = yearlyOnOrAfter(child.planReviewDate, window.start);
  const plan = PLAN_NAMES[child.supportPlan ?? 'other'] ?? 'support plan';
  const drafts: MilestoneDraft[] = [];
  const prep = addDays(review, -PLAN_REVIEW_PREP_DAYS);
  if (within(prep, window)) {
    drafts.push({
      ruleKey: `plan-review-prep:${review}`,
      title: `Prepare for ${child.firstName}'s ${plan} review`,
      whyItMatters:
        'Parents are equal members of the team. Arriving with notes and questions keeps the meeting about your child, not the paperwork.',
      whatToDo:
        'Gather recent observations and progress, note what is working at home, write down your top three questions, and ask for a draft of the plan in advance.',
      category: 'plan-review',
      dueDate: prep,
    });
  }
  if (within(review, window)) {
    drafts.push({
      ruleKey: `plan-review:${review}`,
      title: `Annual ${plan} review`,
      whyItMatters: `The yearly review sets ${child.firstName}'s goals, services and accommodations for the coming year.`,
      whatToDo: 'Confirm the date and time with the school, bring your notes, and ask for a copy of the updated plan before you sign.',
      category: 'plan-review',
      dueDate: review,
    });
  }
  return drafts;
};

export const reevaluationRule: Rule = (input, window) => {
  const { child } = input;
  if (!child.lastEvaluationDate || child.supportPlan === 'none') return [];
  const due = addYears(child.lastEvaluationDate, REEVALUATION_YEARS);
  const overdue = due < window.start;
  const requestBy = addDays(due, -REEVALUATION_REQUEST_DAYS);
  const request = overdue || requestBy < window.start ? window.start : requestBy;
  const drafts: MilestoneDraft[] = [];
  if (within(request, window)) {
    drafts.push({
      ruleKey: `reevaluation-request:${due}`,
      title: overdue ? 'The three-year re-evaluation is overdue: ask for it' : 'Ask the school to schedule the three-year re-evaluation',
      whyItMatters: `The last evaluation was on ${child.lastEvaluationDate}. A re-evaluation, at least every three years, checks whether support still fits; schools need written consent and time to test.`,
      whatToDo:
        'Send a short written request, ask which assessments are planned, and mention anything you would like looked at (for example reading fluency or attention).',
      category: 'evaluation',
      dueDate: request,
    });
  }
  if (!overdue && within(due, window)) {
    drafts.push({
      ruleKey: `reevaluation:${due}`,
      title: 'Three-year re-evaluation due',
      whyItMatters: 'The evaluation results decide whether services continue, change or end.',
      whatToDo: 'Ask for the written report a few days before the meeting so you have time to read it, and note questions as you go.',
      category: 'evaluation',
      dueDate: due,
    });
  }
  return drafts;
};

export const progressReportRule: Rule = (input, window) => {
  if (input.child.supportPlan !== 'iep' && input.child.supportPlan !== '504') return [];
  const firstYear = Number(window.start.slice(0, 4));
  const drafts: MilestoneDraft[] = [];
  for (let year = firstYear; year <= firstYear + 1; year += 1) {
    for (const monthDay of PROGRESS_REPORT_DAYS) {
      const date = inYear(monthDay, year);
      if (!within(date, window)) continue;
      drafts.push({
        ruleKey: `progress-report:${date}`,
        title: 'Quarterly progress report checkpoint',
        whyItMatters:
          'Schools report progress on plan goals each quarter. Comparing it with what you see at home catches a stalled goal early.',
        whatToDo: 'Read the report, compare it with your progress entries, and reply to the teacher if something does not match.',
        category: 'progress-report',
        dueDate: date,
      });
    }
  }
  return drafts;
};

export const transitionRule: Rule = (input, window) => {
  const { child } = input;
  if (child.supportPlan !== 'iep') return [];
  const fourteenth = addYears(child.dateOfBirth, TRANSITION_AGE);
  const age = ageInYears(child.dateOfBirth, new Date(`${window.start}T12:00:00Z`));
  if (within(fourteenth, window)) {
    return [
      {
        ruleKey: `transition:${fourteenth}`,
        title: `${child.firstName} turns ${TRANSITION_AGE}: start transition planning`,
        whyItMatters:
          'Transition planning looks past school: further study, work and independent living. Many states start it at 14; federal law requires it by 16.',
        whatToDo: `Ask for transition goals at the next IEP meeting and invite ${child.firstName} to take part.`,
        category: 'transition',
        dueDate: fourteenth,
      },
    ];
  }
  if (age >= TRANSITION_AGE && age < 22 && child.planReviewDate) {
    const review = yearlyOnOrAfter(child.planReviewDate, window.start);
    const due = addDays(review, -PLAN_REVIEW_PREP_DAYS);
    if (within(due, window)) {
      return [
        {
          ruleKey: `transition-review:${review}`,
          title: 'Review the transition plan before the IEP meeting',
          whyItMatters: 'Post-school goals should be updated every year and should reflect what your teenager wants.',
          whatToDo: `Talk with ${child.firstName} about interests and next steps, and check the plan names the services that lead there.`,
          category: 'transition',
          dueDate: due,
        },
      ];
    }
  }
  return [];
};

interface SchoolMoment {
  slug: string;
  monthDay: string;
  title: string;
  whyItMatters: string;
  whatToDo: string;
  grades?: readonly string[];
}

const SCHOOL_MOMENTS: SchoolMoment[] = [
  {
    slug: 'new-teachers',
    monthDay: '08-20',
    title: 'Share a one-page snapshot with new teachers',
    whyItMatters: 'Teachers meet many students in the first weeks. A single page about what helps saves weeks of trial and error.',
    whatToDo: 'Create a snapshot with strengths, what helps, and what to avoid, and send it before the first day or in the first week.',
  },
  {
    slug: 'conference',
    monthDay: '10-15',
    title: 'Parent–teacher conference',
    whyItMatters: 'The first conference is the best time to line up home and school on one or two priorities.',
    whatToDo: 'Bring two or three recent observations, ask what the teacher sees, and agree on how you will keep in touch.',
  },
  {
    slug: 'mid-year',
    monthDay: '01-15',
    title: 'Mid-year check-in',
    whyItMatters: 'Halfway through the year there is still time to change what is not working.',
    whatToDo: 'Look at the wins and concerns chart, mark the strategies that help, and retire the ones that do not.',
  },
  {
    slug: 'next-year',
    monthDay: '03-15',
    title: 'Plan for next school year',
    whyItMatters: 'Class placement and services for next year are often decided in spring.',
    whatToDo: 'Tell the school what kind of teacher and classroom have worked best, and ask about summer support.',
  },
  {
    slug: 'wrap-up',
    monthDay: '06-01',
    title: 'End-of-year wrap-up and summer plan',
    whyItMatters: 'Skills can slide over the summer; a light routine keeps them going.',
    whatToDo: 'Save report cards and work samples to the vault, note this year’s wins, and pick one or two summer goals.',
  },
  {
    slug: 'kindergarten-transition',
    monthDay: '03-01',
    grades: ['preschool'],
    title: 'Kindergarten transition',
    whyItMatters: 'Moving from preschool to kindergarten means a new team; early-childhood services may change too.',
    whatToDo: 'Visit the school, ask how support carries over, and share your child’s snapshot with the kindergarten team.',
  },
  {
    slug: 'middle-school-transition',
    monthDay: '03-01',
    grades: ['5'],
    title: 'Middle-school transition visit',
    whyItMatters: 'More teachers, more rooms and lockers: executive-function demands jump in middle school.',
    whatToDo: 'Arrange a visit, walk the schedule together, and ask who the point person will be.',
  },
  {
    slug: 'high-school-transition',
    monthDay: '03-01',
    grades: ['8'],
    title: 'High-school transition planning',
    whyItMatters: 'Course choices in high school shape diploma options and what comes after.',
    whatToDo: 'Meet the high-school case manager, review course options, and check accommodations for tests.',
  },
  {
    slug: 'post-secondary',
    monthDay: '10-01',
    grades: ['11', '12'],
    title: 'Plan accommodations for exams and after school',
    whyItMatters: 'Entrance exams and colleges have their own accommodation requests with early deadlines.',
    whatToDo:
      'Check exam accommodation deadlines, gather recent evaluations, and contact the disability services office of schools on the list.',
  },
];

export const schoolYearRule: Rule = (input, window) => {
  const { grade } = input.child;
  if (!grade || grade === 'not-in-school' || grade === 'post-secondary') return [];
  const firstYear = Number(window.start.slice(0, 4));
  const drafts: MilestoneDraft[] = [];
  for (const moment of SCHOOL_MOMENTS) {
    if (moment.grades && !moment.grades.includes(grade)) continue;
    for (let year = firstYear; year <= firstYear + 1; year += 1) {
      const date = inYear(moment.monthDay, year);
      if (!within(date, window)) continue;
      drafts.push({
        ruleKey: `school:${moment.slug}:${date}`,
        title: moment.title,
        whyItMatters: moment.whyItMatters,
        whatToDo: moment.whatToDo,
        category: 'school-year',
        dueDate: date,
      });
    }
  }
  return drafts;
};

export const supportPlanQuestionRule: Rule = (input, window) => {
  if (input.child.supportPlan !== 'unsure') return [];
  return [
    {
      ruleKey: 'ask-about-plan',
      title: 'Ask the school whether an IEP or a 504 plan fits',
      whyItMatters:
        'If learning or attention gets in the way at school, your child may qualify for formal support. You can ask in writing at any time.',
      whatToDo: 'Email the school with what you see at home and ask how to request an evaluation.',
      category: 'evaluation',
      dueDate: addDays(window.start, 14),
    },
  ];
};

export const goalCheckRule: Rule = (input, window) =>
  input.goals
    .filter((goal) => isActiveGoalStatus(goal.status) && goal.targetDate)
    .flatMap((goal) => {
      const target = goal.targetDate as string;
      if (target < window.start || target > addDays(window.end, GOAL_CHECK_DAYS)) return [];
      const check = addDays(target, -GOAL_CHECK_DAYS);
      return [
        {
          ruleKey: `goal:${goal.id}:${target}`,
          title: `Check progress on “${goal.title}”`,
          whyItMatters: `This goal’s target date is ${target}. A look two weeks ahead leaves time to adjust.`,
          whatToDo: 'Record a fresh progress entry, compare it with the target, and decide whether to keep, change or celebrate the goal.',
          category: 'goal' as const,
          dueDate: check < window.start ? window.start : check,
        },
      ];
    });

export const RULES: Rule[] = [
  planReviewRule,
  reevaluationRule,
  progressReportRule,
  transitionRule,
  schoolYearRule,
  supportPlanQuestionRule,
  goalCheckRule,
];

/** A stored date the rules can read, or null: a row saved under older rules may hold any day PostgreSQL takes. */
const readable = (date: string | null): string | null => (date !== null && isCalendarDate(date) ? date : null);

export function generateRoadmap(input: RoadmapInput): MilestoneDraft[] {
  const { child } = input;
  const checked: RoadmapInput = {
    ...input,
    child: { ...child, planReviewDate: readable(child.planReviewDate), lastEvaluationDate: readable(child.lastEvaluationDate) },
    goals: input.goals.map((goal) => ({ ...goal, targetDate: readable(goal.targetDate) })),
  };
  const window = { start: input.today, end: addMonths(input.today, input.horizonMonths) };
  const rules = readable(child.dateOfBirth) ? RULES : RULES.filter((rule) => rule !== transitionRule);
  const drafts = rules.flatMap((rule) => rule(checked, window));
  const unique = new Map(drafts.map((draft) => [draft.ruleKey, draft]));
  return [...unique.values()].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.ruleKey.localeCompare(b.ruleKey));
}
