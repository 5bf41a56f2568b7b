import { z } from 'zod';
import { storedTimestamp } from './dates.ts';
import { text } from './common.ts';
import { EMAIL_MAX_LENGTH } from './contact-limits.ts';

export { EMAIL_MAX_LENGTH } from './contact-limits.ts';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export const emailSchema = text()
  .trim()
  .max(EMAIL_MAX_LENGTH, 'Email is too long')
  .pipe(z.email('Enter a valid email address'))
  .meta({ format: 'email' });

/** A password being chosen: at sign-up, when changing it, when resetting it. */
const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, 'Password is too long');

/** A password being checked against the stored one. */
const enteredPasswordSchema = z.string().min(1, 'Password is required').max(PASSWORD_MAX_LENGTH, 'Password is too long');

export const signUpSchema = z.strictObject({
  email: emailSchema,
  password: newPasswordSchema,
});

export const signInSchema = z.strictObject({
  email: text().trim().min(1, 'Email is required').max(EMAIL_MAX_LENGTH, 'Email is too long'),
  password: enteredPasswordSchema,
});

export const ACCOUNT_NAME_MAX_LENGTH = 100;

/** The account's name; an empty name clears it. */
export const accountNameUpdateSchema = z.strictObject({
  name: text().trim().max(ACCOUNT_NAME_MAX_LENGTH, `Name must be at most ${ACCOUNT_NAME_MAX_LENGTH} characters`),
});

export const emailChangeSchema = z.strictObject({
  email: emailSchema,
  currentPassword: enteredPasswordSchema,
});

export const passwordChangeSchema = z.strictObject({
  currentPassword: enteredPasswordSchema,
  newPassword: newPasswordSchema,
});

export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });

/** Reset tokens are 43 characters (32 random bytes, base64url); the limit only keeps junk short. */
export const passwordResetSchema = z.strictObject({
  token: z.string().min(1, 'The reset link is incomplete').max(200, 'The reset link is not valid'),
  newPassword: newPasswordSchema,
});

/**
 * The answer to "forgot password", the same whether or not the account exists: `email` when Trelli
 * sends mail (a link goes out if the account exists), `ask-admin` when it cannot (whoever runs Trelli
 * makes a link with `npm run account:reset-link`).
 */
export const passwordResetRequestResultSchema = z.object({ delivery: z.enum(['email', 'ask-admin']) });

export const sessionsRevokedSchema = z.object({ revoked: z.number().int().min(0) });

/** SPEC §3 metadata flags; other keys are the app's own. */
export const metadataSchema = z.record(z.string(), z.json());

/**
 * A user's unsafeMetadata after a change: its JSON (UTF-8 bytes) and how deeply it nests (`{"a": 1}`
 * is 1). The app keeps a few flags there; the limits stop it becoming a store for anything else.
 */
export const METADATA_LIMITS = { bytes: 4096, depth: 8 } as const;

export const METADATA_TOO_LARGE = `Metadata is limited to ${METADATA_LIMITS.bytes / 1024} KB of JSON; this change would make it larger.`;
export const METADATA_TOO_DEEP = `Metadata may nest at most ${METADATA_LIMITS.depth} levels deep.`;

/**
 * How deeply a JSON value nests (a scalar is 0, `{}` and `[]` are 1), counted without recursion and
 * stopping once it passes `stopAfter`: a value nested 100,000 levels deep is not walked to the bottom.
 */
export function jsonDepth(value: unknown, stopAfter: number = METADATA_LIMITS.depth): number {
  let deepest = 0;
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (pending.length > 0) {
    const next = pending.pop() as { value: unknown; depth: number };
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    deepest = Math.max(deepest, depth);
    if (deepest > stopAfter) return deepest;
    for (const child of Object.values(next.value)) pending.push({ value: child, depth });
  }
  return deepest;
}

export const metadataUpdateSchema = z.strictObject({
  // The depth is checked before the JSON schema walks the value, whose recursion deep input would overflow.
  unsafeMetadata: z
    .record(z.string(), z.unknown())
    .refine((value) => jsonDepth(value) <= METADATA_LIMITS.depth, METADATA_TOO_DEEP)
    .pipe(metadataSchema),
});

/** SPEC §3 User, in the sign-in provider's shape. */
export const userSchema = z.object({
  id: z.string(),
  emailAddresses: z.array(z.object({ emailAddress: z.string() })),
  /** The account's name, as Clerk calls it; null when none is set. */
  fullName: z.string().nullable(),
  createdAt: storedTimestamp,
  publicMetadata: metadataSchema,
  unsafeMetadata: metadataSchema,
});

export const authResultSchema = z.object({ user: userSchema, token: z.string() });
/** The answer of POST /api/auth/token: a fresh token from the session cookie. */
export const tokenResultSchema = z.object({ token: z.string() });

export type User = z.infer<typeof userSchema>;
export type AccountNameUpdate = z.infer<typeof accountNameUpdateSchema>;
export type EmailChange = z.infer<typeof emailChangeSchema>;
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
export type PasswordReset = z.infer<typeof passwordResetSchema>;
export type PasswordResetRequestResult = z.infer<typeof passwordResetRequestResultSchema>;
export type Metadata = z.infer<typeof metadataSchema>;
