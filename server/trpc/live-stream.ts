import { TRPCError } from '@trpc/server';
import { LiveEventsClosed } from '../core/live-events.ts';
import { isDatabaseUnavailable } from '../db/database.ts';
import { AppError, DATABASE_UNAVAILABLE_MESSAGE } from '../lib/errors.ts';

/**
 * A subscription's values, with the two failures a watch meets while it streams told as tRPC codes:
 * they happen after the procedure's middleware has returned, so appErrors never sees them. Both are
 * SERVICE_UNAVAILABLE, which the client's link takes as "reconnect": after a shutdown it reaches
 * another instance, after an outage the database again (decision 0093).
 */
export async function* liveStream<T>(values: AsyncGenerator<T, void, undefined>): AsyncGenerator<T, void, undefined> {
  try {
    yield* values;
  } catch (error) {
    if (error instanceof LiveEventsClosed) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: error.message, cause: error });
    // The caller lost access to the child meanwhile (a watch checks it again at each wake-up).
    if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN'))
      throw new TRPCError({ code: error.code, message: error.message, cause: error });
    if (isDatabaseUnavailable(error))
      throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE, cause: error });
    throw error;
  }
}
