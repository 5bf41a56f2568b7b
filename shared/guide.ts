import type { MilestoneCategory } from './schemas/milestone.ts';

// The guide's vocabulary, shared by the build (scripts/guide-content.ts), the server's suggestions and
// the screens that link to an article. The articles themselves are Markdown files (decision 0064).

export const GUIDE_THEMES = ['school', 'home', 'health', 'feelings', 'money'] as const;
export type GuideTheme = (typeof GUIDE_THEMES)[number];

export const GUIDE_THEME_LABELS: Record<GuideTheme, string> = {
  school: 'School',
  home: 'Home',
  health: 'Health',
  feelings: 'Feelings',
  money: 'Money',
};

/** Where a template field starts from in the child's record; the parent can change every value. */
export const TEMPLATE_SOURCES = [
  'parent.name',
  'child.fullName',
  'child.firstName',
  'child.dateOfBirth',
  'child.grade',
  'child.school',
  'child.supportPlan',
  'child.diagnoses',
  'child.strengths',
  'child.challenges',
  'today',
  /** The parent's phone (from the child's People, when the parent is listed there) and the account's email. */
  'parent.contact',
  /** The child's strategies in use, one a line. */
  'child.strategies',
  /** From the expense the letter was opened for (`?expenseId=`): its kind of service, provider, dates. */
  'expense.service',
  'expense.provider',
  'expense.dates',
] as const;
export type TemplateSource = (typeof TEMPLATE_SOURCES)[number];

/** Choices a template field offers from the record: `child.teachers`, the teachers in the child's People. */
export const TEMPLATE_OFFERS = ['child.teachers'] as const;
export type TemplateOffer = (typeof TEMPLATE_OFFERS)[number];

/**
 * The articles code links to, by slug. A unit test checks that each one is a file in the guide, so
 * renaming an article without updating this list fails the tests instead of leaving a dead link.
 */
export const GUIDE_ARTICLES = {
  whatIsAnIep: 'what-is-an-iep',
  whatIsA504Plan: 'what-is-a-504-plan',
  requestingAnEvaluation: 'requesting-an-evaluation',
  firstIepMeeting: 'first-iep-meeting',
  whatToBring: 'what-to-bring-to-a-school-meeting',
  parentConcernLetter: 'parent-concern-letter',
  annualReview: 'annual-review',
  reevaluation: 'three-year-reevaluation',
  progressReports: 'progress-reports',
  askingForData: 'asking-the-teacher-for-data',
  accommodations: 'accommodations-by-challenge',
  transitionPlanning: 'transition-planning',
  disagreeing: 'when-you-disagree-with-the-school',
  keepingARecord: 'keeping-a-record-that-helps',
  routines: 'daily-routines',
  homework: 'homework',
  readingAtHome: 'reading-at-home',
  screenTime: 'screen-time',
  siblings: 'siblings',
  behaviourAbc: 'behaviour-abc-method',
  talkingWithTheDoctor: 'talking-with-the-doctor',
  medications: 'medications-and-tracking-effects',
  sleep: 'sleep',
  therapyTypes: 'therapy-types',
  anxiety: 'anxiety',
  selfEsteem: 'self-esteem',
  talkingAboutTheDiagnosis: 'talking-about-the-diagnosis',
  yourOwnStress: 'your-own-stress',
  educationSavingsAccounts: 'education-savings-accounts',
  hsaAndFsa: 'hsa-and-fsa',
  insurance: 'insurance-and-therapy',
  letterOfMedicalNecessity: 'letter-of-medical-necessity',
  dysgraphia: 'dysgraphia',
} as const;
export type GuideArticleSlug = (typeof GUIDE_ARTICLES)[keyof typeof GUIDE_ARTICLES];

/**
 * Each linked article's title, as its file's front matter has it: a suggestion is named by the
 * article it opens (a unit test keeps the two the same).
 */
export const GUIDE_ARTICLE_TITLES: Record<GuideArticleSlug, string> = {
  [GUIDE_ARTICLES.whatIsAnIep]: 'What an IEP is',
  [GUIDE_ARTICLES.whatIsA504Plan]: 'What a 504 plan is',
  [GUIDE_ARTICLES.requestingAnEvaluation]: 'Asking the school to evaluate your child',
  [GUIDE_ARTICLES.firstIepMeeting]: 'Your first IEP meeting',
  [GUIDE_ARTICLES.whatToBring]: 'What to bring to a school meeting',
  [GUIDE_ARTICLES.parentConcernLetter]: 'Writing a parent concerns letter',
  [GUIDE_ARTICLES.annualReview]: 'The annual IEP review',
  [GUIDE_ARTICLES.reevaluation]: 'The three-year re-evaluation',
  [GUIDE_ARTICLES.progressReports]: 'Reading IEP progress reports',
  [GUIDE_ARTICLES.askingForData]: 'Asking the teacher for data on a goal',
  [GUIDE_ARTICLES.accommodations]: 'Accommodation ideas by challenge',
  [GUIDE_ARTICLES.transitionPlanning]: 'Planning for life after high school',
  [GUIDE_ARTICLES.disagreeing]: 'When you disagree with the school',
  [GUIDE_ARTICLES.keepingARecord]: 'Keeping a record that helps',
  [GUIDE_ARTICLES.routines]: 'Daily routines that make the day easier',
  [GUIDE_ARTICLES.homework]: 'Homework without tears',
  [GUIDE_ARTICLES.readingAtHome]: 'Reading at home with a child who struggles',
  [GUIDE_ARTICLES.screenTime]: 'Screen time that works for your family',
  [GUIDE_ARTICLES.siblings]: 'Siblings, fairness and feeling seen',
  [GUIDE_ARTICLES.behaviourAbc]: 'Understanding behavior with the ABC method',
  [GUIDE_ARTICLES.talkingWithTheDoctor]: "Getting the most from a doctor's visit",
  [GUIDE_ARTICLES.medications]: 'Medicines and tracking their effects',
  [GUIDE_ARTICLES.sleep]: 'Sleep that helps the day go better',
  [GUIDE_ARTICLES.therapyTypes]: 'Common therapies in plain words',
  [GUIDE_ARTICLES.anxiety]: 'Anxiety in children',
  [GUIDE_ARTICLES.selfEsteem]: "Building your child's self-esteem",
  [GUIDE_ARTICLES.talkingAboutTheDiagnosis]: 'Talking with your child about their diagnosis',
  [GUIDE_ARTICLES.yourOwnStress]: 'Looking after your own stress',
  [GUIDE_ARTICLES.educationSavingsAccounts]: 'Education savings accounts and state programs',
  [GUIDE_ARTICLES.hsaAndFsa]: 'Using an HSA or FSA for therapy and other costs',
  [GUIDE_ARTICLES.insurance]: 'Getting insurance to cover therapy',
  [GUIDE_ARTICLES.letterOfMedicalNecessity]: 'Letters of medical necessity',
  [GUIDE_ARTICLES.dysgraphia]: 'Dysgraphia and writing by hand',
};

/** What the guide screen knows of an article before its text loads (virtual:guide-index). */
export interface GuideArticleSummary {
  slug: string;
  title: string;
  summary: string;
  theme: GuideTheme;
  keywords: string[];
  minutes: number;
}

/** An article's body (virtual:guide-content): sanitised HTML, its plain text for search, its sources. */
export interface GuideArticleBody {
  html: string;
  text: string;
  sources: { name: string; url: string }[];
}

export interface GuideTemplateField {
  key: string;
  label: string;
  from?: TemplateSource;
  /** Names from the record the parent can pick with one press (the field stays free text). */
  offer?: TemplateOffer;
  multiline: boolean;
  hint?: string;
}

/** A letter a parent fills in: paragraphs separated by blank lines, with `{{key}}` for each field. */
export interface GuideTemplate {
  id: string;
  title: string;
  summary: string;
  article: string;
  fields: GuideTemplateField[];
  body: string;
}

/** The path of an article in the app. */
export function guideArticlePath(slug: string): string {
  return `/guide/${slug}`;
}

/** The path of a fill-in template in the app; with an expense, its fields start from that expense. */
export function guideTemplatePath(id: string, expenseId?: number): string {
  return expenseId === undefined ? `/guide/templates/${id}` : `/guide/templates/${id}?expenseId=${expenseId}`;
}

/** The letter of medical necessity (issue 26): reimbursements link to it from an expense. */
export const LETTER_OF_MEDICAL_NECESSITY_TEMPLATE = 'letter-of-medical-necessity';

export interface GuideLink {
  slug: GuideArticleSlug;
  /** The link's words: what the parent gets by following it. */
  label: string;
}

const MILESTONE_GUIDES: Record<MilestoneCategory, GuideLink> = {
  'plan-review': { slug: GUIDE_ARTICLES.annualReview, label: 'How to prepare for the review' },
  evaluation: { slug: GUIDE_ARTICLES.requestingAnEvaluation, label: 'How to ask for an evaluation' },
  'progress-report': { slug: GUIDE_ARTICLES.progressReports, label: 'How to read a progress report' },
  transition: { slug: GUIDE_ARTICLES.transitionPlanning, label: 'How transition planning works' },
  'school-year': { slug: GUIDE_ARTICLES.whatToBring, label: 'What to bring to a school meeting' },
  goal: { slug: GUIDE_ARTICLES.askingForData, label: 'How to ask the teacher for data' },
  reimbursement: { slug: GUIDE_ARTICLES.educationSavingsAccounts, label: 'What ESAs and other programs ask for' },
};

/** The guide article that helps with a roadmap milestone, by its category (and, for evaluations, its rule). */
export function guideForMilestone(milestone: { category: MilestoneCategory; ruleKey: string | null }): GuideLink {
  if (milestone.category === 'evaluation' && milestone.ruleKey?.startsWith('reevaluation')) {
    return { slug: GUIDE_ARTICLES.reevaluation, label: 'What to ask for at a re-evaluation' };
  }
  return MILESTONE_GUIDES[milestone.category];
}

/** The article each empty screen points to: where a parent starting out gets the most from. */
export const EMPTY_STATE_GUIDES = {
  observations: { slug: GUIDE_ARTICLES.keepingARecord, label: 'What to write down: keeping a record that helps' },
  goals: { slug: GUIDE_ARTICLES.askingForData, label: 'How to ask the teacher for data on a goal' },
  roadmap: { slug: GUIDE_ARTICLES.annualReview, label: 'How the yearly review works' },
  vault: { slug: GUIDE_ARTICLES.whatToBring, label: 'Which papers to keep and bring to meetings' },
} as const satisfies Record<string, GuideLink>;
