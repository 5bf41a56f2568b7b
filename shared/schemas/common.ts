import { z } from 'zod';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL can store: no NUL character and no half of a UTF-16 surrogate pair. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** A string input field. Every text a parent types goes through this. */
export const text = () => z.string().refine(isStorableText, 'Contains characters that cannot be saved');

/** What every delete answers. */
export const deletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });

/**
 * A change to a record: any subset of its fields, at least one, unknown keys rejected. The
 * "at least one" rule speaks only when nothing else is wrong, so an unknown key gets one clear issue.
 */
export function patchOf<Shape extends z.ZodRawShape>(fields: Shape) {
  return z
    .strictObject(fields)
    .partial()
    .refine((value) => Object.keys(value).length > 0, {
      message: 'Provide at least one field to update',
      when: (payload) => payload.issues.length === 0,
    })
    .meta({ minProperties: 1 });
}
