import { z } from 'zod';
import { storedTimestamp } from './dates.ts';
import { text } from './common.ts';
import { emailSchema } from './account.ts';
import { CONTACT_LIMITS } from './contact-limits.ts';

export { CONTACT_LIMITS } from './contact-limits.ts';

export const CONTACT_TOPICS = ['question', 'feedback', 'privacy', 'billing', 'other'] as const;

/** The public site's contact form: POST /api/contact. */
export const contactMessageSchema = z.strictObject({
  name: text().trim().min(1, 'Please tell us your name').max(CONTACT_LIMITS.name, `At most ${CONTACT_LIMITS.name} characters`),
  email: emailSchema,
  topic: z.enum(CONTACT_TOPICS).default('question'),
  message: text()
    .trim()
    .min(CONTACT_LIMITS.messageMin, `Please write at least ${CONTACT_LIMITS.messageMin} characters`)
    .max(CONTACT_LIMITS.message, `At most ${CONTACT_LIMITS.message} characters`),
});

export const contactReceiptSchema = z.object({ id: z.number().int(), receivedAt: storedTimestamp });

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;
