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
  createdAt: storedTimestamp,
  publicMetadata: metadataSchema,
  unsafeMetadata: metadataSchema,
});

export const authResultSchema = z.object({ user: userSchema, token: z.string() });
/** The answer of POST /api/auth/token: a fresh token from the session cookie. */
export const tokenResultSchema = z.object({ token: z.string() });

export type User = z.infer<typeof userSchema>;
export type Metadata = z.infer<typeof metadataSchema>;
