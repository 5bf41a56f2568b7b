import { z } from 'zod';

/**
 * Who added a record (decision 0086): the person's name as the account gives it (its name, else the
 * part of its email before the @), read when the record is read. Null when nobody did (a roadmap
 * milestone Trelli's rules made) or the person's account is deleted.
 */
export const authorSchema = z
  .object({
    name: z.string(),
    /** The person asking added it. */
    isYou: z.boolean(),
  })
  .nullable();

export type Author = z.infer<typeof authorSchema>;

/** The name a person goes by when the account has none: the part of the address before the @. */
export function nameFromEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}
