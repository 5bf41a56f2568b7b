import { z } from 'zod';
import { storedTimestamp } from './dates.ts';

/*
 * Where a progress entry or an observation came from when no caregiver typed it (issue 28, decision
 * 0109): an answer to a smart form, approved by the parent. Kept as written: the record says who said
 * it and when even after the form or its response is deleted. Such a record can be deleted, not edited.
 */

/** Who may answer a form: the person the link was made for says which they are. */
export const RECIPIENT_ROLES = ['teacher', 'therapist', 'aide', 'coach', 'relative', 'other'] as const;
export type RecipientRole = (typeof RECIPIENT_ROLES)[number];

export const entrySourceSchema = z.object({
  kind: z.literal('form'),
  formId: z.number().int(),
  responseId: z.number().int(),
  /** The recipient's name as the parent wrote it on the link. */
  name: z.string(),
  role: z.enum(RECIPIENT_ROLES),
  answeredAt: storedTimestamp,
});
export type EntrySource = z.infer<typeof entrySourceSchema>;

/** What a record from a form answer says when someone tries to change it. */
export const FROM_FORM_IS_KEPT_MESSAGE = 'This came from a form answer and stays as it was answered. You can delete it.';
