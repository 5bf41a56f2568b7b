import { z } from 'zod';
import { text } from './common.ts';
import { emailSchema } from './account.ts';

export const CONTACT_TOPICS = ['question', 'feedback', 'privacy', 'billing', 'other'] as const;

/** The public site's contact form: POST /api/contact. */
export const contactMessageSchema = z.strictObject({
  name: text().trim().min(1, 'Please tell us your name').max(100, 'At most 100 characters'),
  email: emailSchema,
  topic: z.enum(CONTACT_TOPICS).default('question'),
  message: text().trim().min(10, 'Please write at least 10 characters').max(4000, 'At most 4000 characters'),
});

export const contactReceiptSchema = z.object({ id: z.number().int(), receivedAt: z.string() });

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;
