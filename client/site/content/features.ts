import type { FeatureFlagName } from '../../../shared/feature-flags.ts';
import type { IconName } from '../components/icons.tsx';

/** The app's features as the public site describes them (home tour and /features). */
export interface FeatureStory {
  id: string;
  name: string;
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
    icon: 'profile',
    summary: 'Who your child is, in your words: strengths, interests, what helps, what gets in the way, and the people on their team.',
    details:
      'Every child starts with a profile you fill in at your own pace. Strengths and passions come first, because that is where good support begins. Add diagnoses or plans only if you want to, and keep the names of teachers, therapists and doctors in one place.',
    points: [
      'Strengths, interests and what calms them down',
      'Diagnoses, IEP or 504 plans and medications, if you choose to add them',
      'A profile for each child, with one tap to switch between them',
    ],
  },
  {
    id: 'observations',
    name: 'Observations',
    icon: 'eye',
    summary: 'Note what you notice the moment you notice it, so patterns show up over weeks instead of slipping away.',
    details:
      'A great morning, a meltdown after screens, a comment from the teacher at pick-up: write it down in a few seconds from your phone. Over time, your notes show what is really going on, with dates you can point to at the next meeting.',
    points: ['Quick notes with a date, a setting and how the day went', 'Filter by child, setting or time to spot patterns', 'Bring real examples to school and medical appointments'],
  },
  {
    id: 'progress-planner',
    name: 'Progress planner',
    icon: 'target',
    summary: 'Set a few goals that matter to your family and pair each with strategies to try, then keep what works.',
    details:
      'Goals in Trelli are yours, not a school form: "out the door by 7:45 without tears", "reads for fifteen minutes with audiobook support". Give each goal the strategies you are trying, mark how they go, and watch progress build up week by week.',
    points: ['Goals written in everyday words', 'Strategies attached to each goal, with notes on what helped', 'Progress you can see and celebrate together'],
  },
  {
    id: 'roadmap',
    name: 'Roadmap',
    icon: 'map',
    summary: 'A roadmap of the milestones ahead: plan reviews, evaluations, check-ins and school transitions, all in order.',
    details:
      'Trelli suggests milestones from your child’s profile, like an annual IEP review, a re-evaluation or the move to middle school, and you decide what stays. Nothing sneaks up on you, and you have time to prepare.',
    points: ['Suggested milestones you can accept, change or skip', 'The dates that matter, in order, well ahead of time', 'Your own milestones alongside the suggested ones'],
    flaggedPoint: { flag: 'FLAG_ROADMAP_V2_6MO', text: 'A clear view of the next six months' },
  },
  {
    id: 'document-vault',
    name: 'Document vault',
    icon: 'folder',
    summary: 'Evaluations, IEPs, 504 plans, report cards and letters, uploaded once and found in seconds.',
    details:
      'When the school asks for "that report from last spring", it is two taps away. Keep every document sorted by child and type, so the paper trail that took years to build is never lost in an inbox again.',
    points: ['Upload PDFs and photos of paper documents', 'Sorted by child and by type', 'Download or print whenever you need them'],
  },
  {
    id: 'reimbursements',
    name: 'Reimbursements',
    icon: 'receipt',
    summary: 'Keep track of therapy, tutoring and evaluation costs, what you have claimed and what is still owed to you.',
    details:
      'Support costs add up, and claims are easy to forget. Log each expense with its receipt, note when you sent it to insurance or your FSA or HSA, and see at a glance what is still outstanding.',
    points: ['Expenses with receipts attached', 'Status for every claim: to submit, submitted, paid', 'A running total of what is still owed to you'],
  },
  {
    id: 'snapshots',
    name: 'Snapshots',
    icon: 'snapshot',
    summary: 'A one-page summary of your child to hand a new teacher, coach, sitter or doctor.',
    details:
      'First days are easier when the adults around your child already understand them. A snapshot gathers strengths, needs, what helps and current goals onto one friendly page. You choose exactly what goes in, and you can print it or share it.',
    points: ['One page, written from your child’s profile and goals', 'You choose every section that is included', 'Print it, save it as a PDF or share it'],
  },
  {
    id: 'smart-forms',
    name: 'Smart forms',
    icon: 'form',
    summary: 'Send a teacher or therapist a link to a short form; their answers land next to your own notes.',
    details:
      'Getting the view from school should not take a chain of emails. Send a link to a short form; teachers, therapists and coaches fill it in from any device without creating an account, and what they tell you is kept with your child’s observations.',
    points: ['Short forms you can edit before sending', 'Filled in by link, with no account needed', 'Answers saved with the rest of your child’s story'],
  },
  {
    id: 'guide',
    name: 'The guide',
    icon: 'compass',
    summary: 'Plain-language help for the moments that feel big, from asking for an evaluation to your first IEP meeting.',
    details:
      'The guide explains the steps, the words and your options in language that respects your time: how to request an evaluation, what to bring to a plan meeting, how to talk to a grandparent about ADHD. Each piece can be read in about five minutes.',
    points: ['Short, practical reads', 'Checklists you can take into meetings', 'Written for parents, not for professionals'],
    flaggedPoint: { flag: 'FLAG_TRELLI_GUIDE_THEMES_V1', text: 'Organised by theme: school, home, health and feelings' },
  },
];
