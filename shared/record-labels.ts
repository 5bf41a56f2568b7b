import type { GRADES, SUPPORT_PLANS } from './schemas/child.ts';
import type { DocumentCategory } from './schemas/document.ts';
import type { EntrySource, RecipientRole } from './schemas/entry-source.ts';
import type { GOAL_AREAS } from './schemas/goal.ts';
import type { Setting } from './schemas/observation.ts';
import type { PersonRole } from './schemas/person.ts';
import type { STRATEGY_KINDS, STRATEGY_PLACES } from './schemas/strategy.ts';

/*
 * What a reader sees for the record's enum values: the app's screens and the snapshot documents
 * (client/components/snapshot, also on the light shared page) read the same words. Plain constants
 * with type-only imports, so a page that loads this does not load zod.
 */

type GoalArea = (typeof GOAL_AREAS)[number];
type StrategyPlace = (typeof STRATEGY_PLACES)[number];
type StrategyKind = (typeof STRATEGY_KINDS)[number];

export const GOAL_AREA_LABELS: Record<GoalArea, string> = {
  reading: 'Reading',
  writing: 'Writing',
  math: 'Math',
  'attention-executive-function': 'Attention and executive function',
  'social-emotional': 'Social-emotional',
  communication: 'Communication',
  motor: 'Motor skills',
  behaviour: 'Behavior',
  'self-advocacy': 'Self-advocacy',
  'daily-living': 'Daily living',
};

export const STRATEGY_PLACE_LABELS: Record<StrategyPlace, string> = {
  home: 'At home',
  school: 'At school',
  both: 'Home and school',
};

export const STRATEGY_KIND_LABELS: Record<StrategyKind, string> = {
  accommodation: 'Accommodation',
  intervention: 'Intervention',
  routine: 'Routine',
  tool: 'Tool',
};

/** Who a person is to the child. */
export const PERSON_ROLE_LABELS: Record<PersonRole, string> = {
  parent: 'Parent',
  guardian: 'Guardian',
  teacher: 'Teacher',
  therapist: 'Therapist',
  doctor: 'Doctor',
  other: 'Other',
};

/** Where an observation happened. */
export const SETTING_LABELS: Record<Setting, string> = {
  home: 'Home',
  school: 'School',
  therapy: 'Therapy',
  community: 'Community',
  other: 'Other',
};

export const DOCUMENT_CATEGORY_LABELS: Record<DocumentCategory, string> = {
  iep: 'IEP',
  '504-plan': '504 plan',
  evaluation: 'Evaluation',
  'report-card': 'Report card',
  'progress-report': 'Progress report',
  medical: 'Medical',
  therapy: 'Therapy',
  correspondence: 'Correspondence',
  receipt: 'Receipt',
  superbill: 'Superbill',
  invoice: 'Invoice',
  eob: 'Explanation of benefits',
  lmn: 'Letter of medical necessity',
  other: 'Other',
};

type Grade = (typeof GRADES)[number];
type SupportPlan = (typeof SUPPORT_PLANS)[number];

function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
}

export function gradeLabel(grade: Grade): string {
  switch (grade) {
    case 'preschool':
      return 'Preschool';
    case 'kindergarten':
      return 'Kindergarten';
    case 'post-secondary':
      return 'Post-secondary';
    case 'not-in-school':
      return 'Not in school';
    default:
      return `${ordinal(Number(grade))} grade`;
  }
}

export const SUPPORT_PLAN_LABELS: Record<SupportPlan, string> = {
  none: 'No plan',
  iep: 'IEP',
  '504': '504 plan',
  other: 'Another plan',
  unsure: 'Not sure yet',
};

export function supportPlanLabel(plan: SupportPlan): string {
  return SUPPORT_PLAN_LABELS[plan];
}

export const RECIPIENT_ROLE_LABELS: Record<RecipientRole, string> = {
  teacher: 'Teacher',
  therapist: 'Therapist',
  aide: 'Aide',
  coach: 'Coach',
  relative: 'Relative',
  other: 'Other',
};

const ANSWERED_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** Where a record from a form answer came from, as every list shows it: "from Ms Lee (teacher), answered Nov 3". */
export function entrySourceLine(source: Pick<EntrySource, 'name' | 'role' | 'answeredAt'>): string {
  return `from ${source.name} (${RECIPIENT_ROLE_LABELS[source.role].toLowerCase()}), answered ${ANSWERED_DAY.format(new Date(source.answeredAt))}`;
}
