import { z } from 'zod';

/** What every delete answers. */
export const deletedSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });
export type Deleted = z.infer<typeof deletedSchema>;
