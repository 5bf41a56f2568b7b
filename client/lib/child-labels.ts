export { SUPPORT_PLAN_LABELS, gradeLabel, supportPlanLabel } from '#shared/record-labels.ts';

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
