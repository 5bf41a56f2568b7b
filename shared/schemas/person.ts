import { z } from 'zod';
import { authorSchema } from './author.ts';
import { emailSchema } from './account.ts';
import { patchOf, text } from './common.ts';
import { storedTimestamp } from './dates.ts';
import { defineChildActions } from './roles.ts';
import { defineActivityVocabulary } from './activity-vocabulary.ts';

/** Who a person is to the child, in the order the app offers them. */
export const PERSON_ROLES = ['parent', 'guardian', 'teacher', 'therapist', 'doctor', 'other'] as const;
export type PersonRole = (typeof PERSON_ROLES)[number];

/** Every limit of one of the child's people (decision 0056). */
export const PERSON_LIMITS = { name: 120, phone: 40, notes: 2000 } as const;

export const PHONE_MESSAGE = 'Use digits, spaces and + ( ) - . only, like +1 555 010 2030 ext 4';
/** A phone number as people write it: digits with spaces, +, brackets, dashes, dots, and an extension (no flags: the OpenAPI pattern carries none). */
const PHONE = /^\+?[\d\s().-]*\d[\d\s().-]*(?:\s*(?:[eE][xX][tT]\.?|[xX])\s*\d+)?$/;

const personFields = {
  name: text().trim().min(1, 'Enter a name').max(PERSON_LIMITS.name, `At most ${PERSON_LIMITS.name} characters`),
  role: z.enum(PERSON_ROLES),
  phone: text()
    .trim()
    .max(PERSON_LIMITS.phone, `At most ${PERSON_LIMITS.phone} characters`)
    .regex(PHONE, PHONE_MESSAGE)
    .nullable()
    .optional(),
  email: emailSchema.nullable().optional(),
  notes: text().trim().max(PERSON_LIMITS.notes, `At most ${PERSON_LIMITS.notes} characters`).nullable().optional(),
};

/** Input to add one of the child's people: a name is all it needs. Unknown keys are rejected. */
export const personCreateSchema = z.strictObject({ ...personFields, role: personFields.role.default('other') });
/** Input to change a person: any subset of their fields, at least one. */
export const personUpdateSchema = patchOf(personFields);

export const personSchema = z.object({
  id: z.number().int(),
  childId: z.number().int(),
  name: z.string(),
  role: z.enum(PERSON_ROLES),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  notes: z.string().nullable(),
  /** Who added it (decision 0086). */
  addedBy: authorSchema,
  createdAt: storedTimestamp,
  updatedAt: storedTimestamp,
});

export type PersonCreate = z.output<typeof personCreateSchema>;
export type PersonUpdate = z.output<typeof personUpdateSchema>;
export type Person = z.infer<typeof personSchema>;

/** The child's people: what a person does and the least role it needs (decision 0094). */
export const personActions = defineChildActions('people', {
  list: 'viewer',
  create: 'updater',
  update: 'updater',
  delete: 'owner',
});

export const personActivity = defineActivityVocabulary({
  subject: 'person',
  actions: { 'person.added': 'Person added', 'person.updated': 'Person updated', 'person.removed': 'Person removed' },
});
