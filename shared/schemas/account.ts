import { z } from 'zod';
import { text } from './common.ts';
import { EMAIL_MAX_LENGTH } from './contact-limits.ts';

export { EMAIL_MAX_LENGTH } from './contact-limits.ts';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export const emailSchema = text().trim().max(EMAIL_MAX_LENGTH, 'Email is too long').pipe(z.email('Enter a valid email address'));

export const signUpSchema = z.strictObject({
  email: emailSchema,
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, 'Password is too long'),
});

export const signInSchema = z.strictObject({
  email: text().trim().min(1, 'Email is required').max(EMAIL_MAX_LENGTH, 'Email is too long'),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, 'Password is too long'),
});

/** SPEC §3 metadata flags; other keys are the app's own. */
export const metadataSchema = z.record(z.string(), z.json());

export const metadataUpdateSchema = z.strictObject({
  unsafeMetadata: metadataSchema,
});

/** SPEC §3 User, in the sign-in provider's shape. */
export const userSchema = z.object({
  id: z.string(),
  emailAddresses: z.array(z.object({ emailAddress: z.string() })),
  createdAt: z.string(),
  publicMetadata: metadataSchema,
  unsafeMetadata: metadataSchema,
});

export const authResultSchema = z.object({ user: userSchema, token: z.string() });
/** The answer of POST /api/auth/token: a fresh token from the session cookie. */
export const tokenResultSchema = z.object({ token: z.string() });

export type User = z.infer<typeof userSchema>;
export type Metadata = z.infer<typeof metadataSchema>;
