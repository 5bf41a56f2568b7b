import type { GuideTemplate, TemplateOffer, TemplateSource } from '#shared/guide.ts';
import type { Child } from '#shared/schemas/child.ts';
import type { Expense, ExpenseCategory } from '#shared/schemas/reimbursement.ts';
import type { Letter } from '#shared/schemas/guide.ts';
import type { Person } from '#shared/schemas/person.ts';
import { childDisplayName, supportPlanLabel } from '../../../lib/child-labels.ts';

/*
 * Filling a letter template (issue 13): each field starts from the child's record where the template
 * says so, the parent changes anything, and the filled body becomes the letter's paragraphs.
 */

export type TemplateChild = Pick<
  Child,
  'id' | 'firstName' | 'lastName' | 'dateOfBirth' | 'grade' | 'school' | 'supportPlan' | 'diagnoses' | 'strengths' | 'challenges'
>;

/** An expense a letter is written for (the letter of medical necessity, opened with `?expenseId=`). */
export type TemplateExpense = Pick<Expense, 'provider' | 'category' | 'serviceDate' | 'serviceEndDate'>;

/** The service an expense's category names in a letter; 'other' leaves the parent to say. */
const EXPENSE_SERVICES: Record<ExpenseCategory, string> = {
  evaluation: 'Evaluation',
  tutoring: 'Tutoring',
  therapy: 'Therapy',
  'assistive-technology': 'Assistive technology',
  curriculum: 'Curriculum',
  equipment: 'Equipment',
  transport: 'Transportation to treatment',
  other: '',
};

/** What a template can be filled from: the selected child, the signed-in parent's name and contact, today. */
export interface TemplateRecord {
  child: TemplateChild | null;
  /** The titles of the child's strategies in use. */
  strategies?: readonly string[];
  /** The expense the letter is for, when it was opened from one. */
  expense?: TemplateExpense | null;
  parentName: string | null;
  /** The account's email, and the parent's phone when the child's People list them (parentPhone). */
  parentEmail?: string | null;
  parentPhone?: string | null;
  /** Today, as the letter shows it ("Mar 10, 2026"). */
  today: string;
  /** A calendar day as the letter shows it. */
  formatDay(isoDay: string): string;
}

export type TemplateValues = Record<string, string>;

/** The grade as it reads after "grade" in a letter: "3", "kindergarten"; empty when not in school. */
export function letterGrade(grade: Child['grade']): string {
  if (grade === null || grade === 'not-in-school') return '';
  return grade;
}

const asLines = (items: readonly string[]) => items.map((item) => `- ${item}`).join('\n');

/** The record's value for one source, or '' when the record has none. */
export function recordValue(source: TemplateSource, record: TemplateRecord): string {
  const { child, expense } = record;
  switch (source) {
    case 'parent.name':
      return record.parentName?.trim() ?? '';
    case 'today':
      return record.today;
    case 'child.fullName':
      return child ? childDisplayName(child) : '';
    case 'child.firstName':
      return child?.firstName ?? '';
    case 'child.dateOfBirth':
      return child?.dateOfBirth ? record.formatDay(child.dateOfBirth) : '';
    case 'child.grade':
      return child ? letterGrade(child.grade) : '';
    case 'child.school':
      return child?.school ?? '';
    case 'child.supportPlan':
      return child?.supportPlan ? supportPlanLabel(child.supportPlan) : '';
    case 'child.diagnoses':
      return asLines(child?.diagnoses ?? []);
    case 'child.strengths':
      return asLines(child?.strengths ?? []);
    case 'child.challenges':
      return asLines(child?.challenges ?? []);
    case 'child.strategies':
      return asLines(record.strategies ?? []);
    case 'expense.service':
      return expense ? EXPENSE_SERVICES[expense.category] : '';
    case 'expense.provider':
      return expense?.provider.trim() ?? '';
    case 'expense.dates':
      if (!expense) return '';
      return expense.serviceEndDate && expense.serviceEndDate !== expense.serviceDate
        ? `${record.formatDay(expense.serviceDate)} to ${record.formatDay(expense.serviceEndDate)}`
        : record.formatDay(expense.serviceDate);
    case 'parent.contact':
      return (
        [record.parentPhone, record.parentEmail]
          .map((value) => value?.trim() ?? '')
          .filter((value) => value !== '')
          // One line: the field is a single-line input, which would drop a line break.
          .join(', ')
      );
  }
}

/** One of the child's people, as far as a letter needs them. */
export type TemplatePerson = Pick<Person, 'name' | 'role' | 'phone' | 'email'>;

const sameText = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The parent's phone, when the child's People list the parent: a parent or guardian with the
 * account's email, or else with the account's name.
 */
export function parentPhone(people: readonly TemplatePerson[], email: string | null, name: string | null): string | null {
  const parents = people.filter((person) => (person.role === 'parent' || person.role === 'guardian') && person.phone);
  const match = parents.find((person) => sameText(person.email, email)) ?? parents.find((person) => sameText(person.name, name));
  return match?.phone ?? null;
}

/** The names a field offers from the record: the child's teachers, in the order they were added. */
export function offeredNames(offer: TemplateOffer, people: readonly TemplatePerson[]): string[] {
  switch (offer) {
    case 'child.teachers':
      return [...new Set(people.filter((person) => person.role === 'teacher').map((person) => person.name.trim()))];
  }
}

/** Every field's starting value: from the record where the field names a source, else empty. */
export function prefillValues(template: GuideTemplate, record: TemplateRecord): TemplateValues {
  return Object.fromEntries(template.fields.map((field) => [field.key, field.from ? recordValue(field.from, record) : '']));
}

/** Keeps only the template's own fields, as strings (a stored draft may be older than the template). */
export function mergeValues(template: GuideTemplate, base: TemplateValues, stored: unknown): TemplateValues {
  const saved = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(
    template.fields.map((field) => {
      const value = saved[field.key];
      return [field.key, typeof value === 'string' ? value : (base[field.key] ?? '')];
    }),
  );
}

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** What an empty field leaves in the letter, so the gap is plain to see: "[Your phone or email]". */
export function emptyFieldMark(label: string): string {
  return `[${label}]`;
}

/**
 * The letter's paragraphs: the body split at its blank lines, then each `{{key}}` replaced by the
 * field's value (trimmed; blank lines inside a value closed up so it stays one paragraph). An empty
 * field shows as its label in brackets.
 */
export function fillParagraphs(template: GuideTemplate, values: TemplateValues): string[] {
  const labels = new Map(template.fields.map((field) => [field.key, field.label]));
  return template.body
    .replaceAll('\r\n', '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) =>
      paragraph.trim().replace(PLACEHOLDER, (whole, key: string) => {
        const value = (values[key] ?? '').trim().replace(/\n[ \t]*(?:\n[ \t]*)+/g, '\n');
        if (value !== '') return value;
        const label = labels.get(key);
        return label ? emptyFieldMark(label) : whole;
      }),
    );
}

/** The fields still empty, by label (the preview says which). */
export function emptyFields(template: GuideTemplate, values: TemplateValues): string[] {
  return template.fields.filter((field) => (values[field.key] ?? '').trim() === '').map((field) => field.label);
}

/** What POST /api/letters takes. */
export function letterOf(template: GuideTemplate, values: TemplateValues): Letter {
  return { title: template.title, paragraphs: fillParagraphs(template, values) };
}

/** The plain text of the letter, for the clipboard: paragraphs separated by a blank line. */
export function letterText(paragraphs: readonly string[]): string {
  return paragraphs.join('\n\n');
}

/** "Request for an evaluation - Maya.pdf"; without a child, just the title. Characters files refuse are left out. */
export function letterFileName(template: Pick<GuideTemplate, 'title'>, childFirstName: string | null | undefined): string {
  const name = childFirstName?.trim() ? `${template.title} - ${childFirstName.trim()}` : template.title;
  return `${name.replace(/[\\/:*?"<>|\p{Cc}]/gu, '').trim()}.pdf`;
}

/** Where a filled-in letter is kept for the session: one per user, child and template. */
export function letterDraftKey(userId: string, childId: number | null, templateId: string, expenseId?: number | null): string {
  // A letter for one expense is a draft of its own: another expense starts from its own service.
  const forExpense = expenseId === undefined || expenseId === null ? '' : `:expense-${expenseId}`;
  return `guideLetter:${userId}:${childId ?? 'none'}:${templateId}${forExpense}`;
}
