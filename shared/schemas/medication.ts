import { z } from 'zod';
import { authorSchema } from './author.ts';
import { patchOf, text } from './common.ts';
import { pastOrTodayDate, storedDate, storedTimestamp } from './dates.ts';
import { defineChildActions } from './roles.ts';
import { defineActivityVocabulary } from './activity-vocabulary.ts';

/** Every limit of a medication (decision 0056). */
export const MEDICATION_LIMITS = { name: 120, dose: 120, schedule: 200, prescriber: 120, notes: 2000 } as const;

const optionalText = (max: number) => text().trim().max(max, `At most ${max} characters`).nullable().optional();

const medicationFields = {
  name: text()
    .trim()
    .min(1, 'Enter the medication\u2019s name')
    .max(MEDICATION_LIMITS.name, `At most ${MEDICATION_LIMITS.name} characters`),
  /** "10 mg", "half a tablet". */
  dose: optionalText(MEDICATION_LIMITS.dose),
  /** "Every morning with breakfast". */
  schedule: optionalText(MEDICATION_LIMITS.schedule),
  prescriber: optionalText(MEDICATION_LIMITS.prescriber),
  /** The day the child started taking it: not in the future (the shared rule for what happened). */
  startedOn: pastOrTodayDate.nullable().optional(),
  notes: optionalText(MEDICATION_LIMITS.notes),
  /** False once the child stopped taking it: kept for the history. */
  active: z.boolean(),
};

/** Input to add a medication: a name is all it needs. Unknown keys are rejected. */
export const medicationCreateSchema = z.strictObject({ ...medicationFields, active: medicationFields.active.default(true) });
/** Input to change a medication: any subset of its fields, at least one. */
export const medicationUpdateSchema = patchOf(medicationFields);

export const medicationSchema = z.object({
  id: z.number().int(),
  childId: z.number().int(),
  name: z.string(),
  dose: z.string().nullable(),
  schedule: z.string().nullable(),
  prescriber: z.string().nullable(),
  startedOn: storedDate.nullable(),
  notes: z.string().nullable(),
  active: z.boolean(),
  /** Who added it (decision 0086). */
  addedBy: authorSchema,
  createdAt: storedTimestamp,
  updatedAt: storedTimestamp,
});

export type MedicationCreate = z.output<typeof medicationCreateSchema>;
export type MedicationUpdate = z.output<typeof medicationUpdateSchema>;
export type Medication = z.infer<typeof medicationSchema>;

/** Medications: what a person does and the least role it needs (decision 0094). */
export const medicationActions = defineChildActions('medications', {
  list: 'viewer',
  create: 'updater',
  update: 'updater',
  delete: 'owner',
});

export const medicationActivity = defineActivityVocabulary({
  subject: 'medication',
  actions: {
    'medication.added': 'Medication added',
    'medication.updated': 'Medication updated',
    'medication.removed': 'Medication removed',
  },
});
