import type { FeatureFlagName } from '#shared/feature-flags.ts';
import type { IconName } from '../components/icons.tsx';
import { isAvailable, type FeatureId } from './feature-status.ts';
import { listOf } from './words.ts';

/** The app's features as the public site describes them (home tour and /features). */
export interface FeatureStory {
  id: FeatureId;
  name: string;
  /** How the feature reads inside a sentence, in a list of features ("the document vault"). */
  phrase: string;
  icon: IconName;
  /** One or two sentences for the home page tour. */
  summary: string;
  /** The longer story for /features. */
  details: string;
  /** What a parent can do with it. */
  points: readonly string[];
  /** A point shown only while a feature flag is on. */
  flaggedPoint?: { flag: FeatureFlagName; text: string };
}

export const FEATURES: readonly FeatureStory[] = [
  {
    id: 'child-profile',
    name: 'Child profile',
    phrase: 'child profiles',
    icon: 'profile',
    summary: 'Who your child is, in your words: strengths, interests, what is hard right now, and the dates in their support plan.',
    details:
      'Every child starts with a profile you fill in at your own pace, in four short steps. Strengths and interests come first, because that is where good support begins. Add diagnoses, an IEP or 504 plan and its dates only if you want to, and change any of it later.',
    points: [
      'Strengths, interests and what is hard right now',
      'Diagnoses or areas you are exploring, and an IEP or 504 plan with its review and evaluation dates, if you choose to add them',
      'A profile for each child, with one menu to switch between them',
    ],
  },
  {
    id: 'observations',
    name: 'Observations',
    phrase: 'observations',
    icon: 'eye',
    summary: 'Note what you notice the moment you notice it, so patterns show up over weeks instead of slipping away.',
    details:
      'A great morning, a meltdown after screens, a comment from the teacher at pick-up: write it down in a few seconds from your phone. Over time, your notes show what is really going on, with dates you can point to at the next meeting.',
    points: [
      'Quick notes with a date, a place and how the day went, and what came before and after when it matters',
      'Filter by place, date or tag, or search your notes, to spot patterns',
      'A weekly chart of wins and concerns over the last three months',
      'Real examples to bring to school and medical appointments',
    ],
  },
  {
    id: 'progress-planner',
    name: 'Progress planner',
    phrase: 'goals with their strategies',
    icon: 'target',
    summary: 'Set a few goals that matter to your family and pair each with strategies to try, then keep what works.',
    details:
      'Goals in Trelli are yours, not a school form: "out the door by 7:45 without tears", "reads for fifteen minutes with audiobook support". Give each goal the strategies you are trying, rate how they go, and watch progress build up week by week.',
    points: [
      'Goals in everyday words, with a starting point and a target if you want to measure them',
      'Strategies linked to the goals they support, each rated by how well it works',
      'Progress on a chart, backed by the observations you link to each goal',
    ],
  },
  {
    id: 'roadmap',
    name: 'Roadmap',
    phrase: 'the roadmap',
    icon: 'map',
    summary: 'A roadmap of the milestones ahead: plan reviews, evaluations, check-ins and school transitions, all in order.',
    details:
      'Trelli suggests milestones from your child’s profile and goals, like an annual IEP review, a re-evaluation or the move to middle school, and you decide what stays. Nothing sneaks up on you, and you have time to prepare.',
    points: [
      'Suggested milestones you can complete, move to another date or skip',
      'The dates that matter, in order, well ahead of time',
      'Your own milestones alongside the suggested ones',
      'Email reminders 30 days, 7 days and the day before each milestone, each one yours to turn off',
    ],
    flaggedPoint: { flag: 'FLAG_ROADMAP_V2_6MO', text: 'A clear view of the next six months' },
  },
  {
    id: 'document-vault',
    name: 'Document vault',
    phrase: 'the document vault',
    icon: 'folder',
    summary:
      'Evaluations, IEPs, 504 plans, report cards and letters, uploaded once and found in seconds, even by a word inside a long PDF.',
    details:
      'When the school asks for "that report from last spring", it is two taps away. Add PDFs, photos of paper pages and Word files, sort each by category and school year, and search the words inside your PDFs. Every file is encrypted before it is stored, so the paper trail that took years to build is never lost in an inbox again.',
    points: [
      'Upload PDFs, photos of paper documents and Word files, several at once or straight from a phone’s camera',
      'Sorted by category and school year, with tags and links to the goals they back up',
      'Search finds a word inside a PDF and shows where it is',
      'Encrypted when stored; PDFs and most photos open right in the app, and any file downloads whenever you need it',
    ],
  },
  {
    id: 'reimbursements',
    name: 'Reimbursements',
    phrase: 'reimbursements',
    icon: 'receipt',
    summary:
      'Keep track of therapy, tutoring and evaluation costs, what each funder has paid back, what is still owed to you and the deadlines to claim it.',
    details:
      'Support costs add up, and every funder has its own rules. Add your ESA, HSA, FSA, insurance plan, school district or grant with its award and its deadlines. Add each expense with its receipt from the vault; from a PDF receipt, Trelli suggests the provider, the date and the amount for you to check. Claim an expense from one funder, or claim what insurance did not pay from your HSA, and follow each claim until it is paid. The dashboard warns you before a deadline, and each deadline is on your roadmap.',
    points: [
      'Expenses with their receipts, superbills and invoices from the vault',
      'Every claim from draft to submitted, approved or denied, appealed and paid, with each payment',
      'What each funder has paid, what is pending and what is left of the award, and what you paid yourself this year',
      'Deadline warnings on the dashboard and the roadmap, and a funder’s claims as a spreadsheet (CSV) with its receipts in one ZIP file',
    ],
  },
  {
    id: 'snapshots',
    name: 'Snapshots',
    phrase: 'snapshots',
    icon: 'snapshot',
    summary:
      'A one-page summary of your child to hand a new teacher, coach, sitter or doctor, as a PDF or by a link that ends when you say.',
    details:
      'First days are easier when the adults around your child already understand them. A snapshot puts what people like and admire about your child, what is important to them and how best to support them on one page, then what is hard and what to do then, current goals with their progress, the support plan, medications and the people to call. Start from a teacher, sitter, doctor or IEP meeting snapshot, then show, hide and reorder each section, or put it in your own words for this snapshot only. Before a review, the IEP meeting pack gathers each goal’s progress, your observations about it, the strategies you tried and the questions to bring.',
    points: [
      'One page, built from your child’s profile, strategies and goals as they are today',
      'You choose and order every section, and can reword any of them for this snapshot only',
      'Save it as a PDF, or share it by a link that works for 1 to 30 days and that you can turn off at once',
      'An IEP meeting pack with each goal’s progress chart and the questions to bring',
    ],
  },
  {
    id: 'smart-forms',
    name: 'Smart forms',
    phrase: 'smart forms',
    icon: 'form',
    summary:
      'Ask a teacher or therapist a few questions about your child’s goals by link; each answer you approve joins the record, labeled with who said it.',
    details:
      'When you ask how things are going at school, the answer is often “fine”. A smart form asks for something you can use: how many times this week she started work without a prompt, how focus was on a scale of 1 to 5. Start from a weekly check-in, a therapist update, input before the IEP meeting or one of your goals, and tie each question to a goal. Teachers, therapists and coaches answer on a phone without an account and see only that form and your child’s first name. Each answer waits for you: approve it and a count or a rating becomes a point on the goal’s chart and a comment becomes an observation, each saying who answered and when; leave it out and it stays out.',
    points: [
      'Questions tied to your child’s goals: counts, yes or no, a 1 to 5 scale, numbers, dates and short answers',
      'Filled in by link, with no account needed, for 1 to 60 days, and turned off whenever you say',
      'You approve each answer before it joins the record, labeled with who said it and when',
      'Teachers’ answers beside your own notes in the IEP meeting pack',
    ],
  },
  {
    id: 'guide',
    name: 'The guide',
    phrase: 'the guide',
    icon: 'compass',
    summary: 'Plain-language help for the moments that feel big, from asking for an evaluation to your first IEP meeting.',
    details:
      'The guide explains the steps, the words and your options in language that respects your time: how to request an evaluation, what to bring to a plan meeting, how to talk with your child about their diagnosis. Each piece can be read in about five minutes, ends with a checklist or next steps, and names the public sources it draws on.',
    points: [
      'Short, practical reads',
      'Checklists you can take into meetings',
      'Letters to the school you can fill in from your child’s profile and download, and a letter of medical necessity for your child’s doctor to sign',
      'Written for parents, not for professionals',
    ],
    flaggedPoint: { flag: 'FLAG_TRELLI_GUIDE_THEMES_V1', text: 'Organized by theme: school, home, health, feelings and money' },
  },
];

/** The section of the home and features pages that lists what is still being built. */
export const COMING_SECTION = { id: 'coming', title: 'Coming to Trelli' } as const;

/** The tour's features that work today, in tour order. */
export const AVAILABLE_FEATURES: readonly FeatureStory[] = FEATURES.filter((feature) => isAvailable(feature.id));
/** The tour's features still being built, in tour order. */
export const COMING_FEATURES: readonly FeatureStory[] = FEATURES.filter((feature) => !isAvailable(feature.id));

/** The features as a phrase: "child profiles, observations, goals with their strategies and the roadmap". */
export function featureList(features: readonly FeatureStory[]): string {
  return listOf(features.map((feature) => feature.phrase));
}
