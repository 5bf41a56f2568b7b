import { z } from 'zod';
import { patchOf, text } from './common.ts';
import { addDays, addYears } from '../calendar.ts';
import { HISTORY_YEARS, dateWithin, pastOrTodayDate, storedDate, storedTimestamp, todayIso } from './dates.ts';
import { childRoleSchema, defineChildActions } from './roles.ts';
import { defineActivityVocabulary } from './activity-vocabulary.ts';

export const GRADES = [
  'preschool',
  'kindergarten',
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '11',
  '12',
  'post-secondary',
  'not-in-school',
] as const;
export const SUPPORT_PLANS = ['none', 'iep', '504', 'other', 'unsure'] as const;

export const CHILD_LIMITS = {
  firstName: 60,
  lastName: 60,
  school: 120,
  pronouns: 40,
  notes: 5000,
  listItems: 20,
  listItemLength: 80,
  /** A date of birth is less than this many years ago (the window of everything that happened: dates.ts). */
  maxAgeYears: HISTORY_YEARS,
  /** A plan review date is the last yearly review or the next one: within this many years of today. */
  planReviewYears: 2,
} as const;

const optionalText = (max: number) => text().trim().max(max, `At most ${max} characters`).nullable().optional();

const tagList = z
  .array(
    text()
      .trim()
      .min(1, 'Items cannot be empty')
      .max(CHILD_LIMITS.listItemLength, `Each item is at most ${CHILD_LIMITS.listItemLength} characters`),
  )
  .max(CHILD_LIMITS.listItems, `At most ${CHILD_LIMITS.listItems} items`);

/** The oldest date of birth accepted today: under 26 years ago. */
export function oldestDateOfBirth(now: Date = new Date()): string {
  return addYears(todayIso(now), -CHILD_LIMITS.maxAgeYears);
}

/** The earliest date of birth accepted today: the day after oldestDateOfBirth. */
export function earliestDateOfBirth(now: Date = new Date()): string {
  return addDays(oldestDateOfBirth(now), 1);
}

const dateOfBirth = dateWithin({
  emptyMessage: 'Enter a date of birth',
  earliest: {
    day: earliestDateOfBirth,
    message: `Date of birth must be less than ${CHILD_LIMITS.maxAgeYears} years ago`,
  },
  latest: { day: todayIso, message: 'Date of birth cannot be in the future' },
});

/** The earliest plan review date accepted today: the last yearly review, CHILD_LIMITS.planReviewYears back at most. */
export function earliestPlanReviewDate(now: Date = new Date()): string {
  return addYears(todayIso(now), -CHILD_LIMITS.planReviewYears);
}

/** The latest plan review date accepted today: the next yearly review, CHILD_LIMITS.planReviewYears ahead at most. */
export function latestPlanReviewDate(now: Date = new Date()): string {
  return addYears(todayIso(now), CHILD_LIMITS.planReviewYears);
}

const LAST_OR_NEXT_REVIEW = 'Use the date of the last review or the next one.';

const planReviewDate = dateWithin({
  earliest: { day: earliestPlanReviewDate, message: `This is more than ${CHILD_LIMITS.planReviewYears} years ago. ${LAST_OR_NEXT_REVIEW}` },
  latest: { day: latestPlanReviewDate, message: `This is more than ${CHILD_LIMITS.planReviewYears} years away. ${LAST_OR_NEXT_REVIEW}` },
});

const childFields = {
  firstName: text().trim().min(1, 'First name is required').max(CHILD_LIMITS.firstName, `At most ${CHILD_LIMITS.firstName} characters`),
  lastName: optionalText(CHILD_LIMITS.lastName),
  dateOfBirth,
  grade: z.enum(GRADES).nullable().optional(),
  school: optionalText(CHILD_LIMITS.school),
  pronouns: optionalText(CHILD_LIMITS.pronouns),
  supportPlan: z.enum(SUPPORT_PLANS).nullable().optional(),
  planReviewDate: planReviewDate.nullable().optional(),
  /** An evaluation that happened: not in the future, not before the oldest child's birth (dates.ts). */
  lastEvaluationDate: pastOrTodayDate.nullable().optional(),
  diagnoses: tagList.optional(),
  strengths: tagList.optional(),
  challenges: tagList.optional(),
  interests: tagList.optional(),
  notes: optionalText(CHILD_LIMITS.notes),
  avatarColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Use a color like #b5d5d0')
    .nullable()
    .optional(),
};

/** Input to create a child. Unknown keys are rejected. */
export const childCreateSchema = z.strictObject(childFields);

/** Input to change a child: any subset of the create fields, at least one. Unknown keys are rejected. */
export const childUpdateSchema = patchOf(childFields);

/** A row id as JSON carries it. */
export const idSchema = z
  .number({ error: 'Id must be a number' })
  .int('Id must be a whole number')
  .positive('Id must be positive')
  .max(2_147_483_647, 'Id is out of range');

/** A row id as a URL path carries it ("/api/children/12"). */
export const pathIdSchema = z
  .string()
  .regex(/^\d{1,10}$/, 'Id must be a positive whole number')
  .transform(Number)
  .pipe(idSchema);

/** Input of every child-scoped procedure (observations, goals, ...): which child it is about. */
export const childScopeSchema = z.object({ childId: idSchema });

/** Input of `children.byId|update|delete`: the child, named by its own id. */
export const childRecordSchema = z.object({ id: idSchema });

export const childSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  dateOfBirth: storedDate,
  ageYears: z.number().int(),
  grade: z.enum(GRADES).nullable(),
  school: z.string().nullable(),
  pronouns: z.string().nullable(),
  supportPlan: z.enum(SUPPORT_PLANS).nullable(),
  planReviewDate: storedDate.nullable(),
  lastEvaluationDate: storedDate.nullable(),
  diagnoses: z.array(z.string()),
  strengths: z.array(z.string()),
  challenges: z.array(z.string()),
  interests: z.array(z.string()),
  notes: z.string().nullable(),
  avatarColor: z.string().nullable(),
  createdAt: storedTimestamp,
  updatedAt: storedTimestamp,
  /** What the caller may do with this child (decision 0044). */
  role: childRoleSchema,
  /** The child belongs to another account that shared it with the caller. */
  sharedWithYou: z.boolean(),
});

export type ChildCreateInput = z.input<typeof childCreateSchema>;
export type ChildCreate = z.output<typeof childCreateSchema>;
export type ChildUpdate = z.output<typeof childUpdateSchema>;
export type Child = z.infer<typeof childSchema>;

/** The child's profile, named by its own id: what a person does and the least role it needs (decision 0094). */
export const childActions = defineChildActions('children', {
  view: 'viewer',
  update: 'owner',
  delete: 'owner',
});

/** Changes to the profile, and who read the record (the audit log's only). */
export const childActivity = defineActivityVocabulary({
  subject: 'child',
  actions: { 'child.created': 'Profile created', 'child.updated': 'Profile updated' },
  auditOnly: { 'child.viewed': 'Record viewed' },
});
