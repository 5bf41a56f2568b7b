import type { GRADES, SUPPORT_PLANS } from '#shared/schemas/child.ts';

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

/** "Maya Lopez", or just "Maya". */
export function childDisplayName(child: { firstName: string; lastName: string | null }): string {
  return [child.firstName, child.lastName].filter((part) => part && part.trim() !== '').join(' ');
}

export function ageLabel(ageYears: number): string {
  return ageYears === 1 ? '1 year old' : `${ageYears} years old`;
}

/** First names as a sentence says them: "Maya and Sam", "Maya, Sam, and Lee". */
export function firstNamesList(children: readonly { firstName: string }[]): string {
  return new Intl.ListFormat('en-US', { type: 'conjunction' }).format(children.map((child) => child.firstName));
}
