import { TRPCClientError, type TRPCLink } from '@trpc/client';
import type { AnyTRPCRouter } from '@trpc/server';
import { observable } from '@trpc/server/observable';

type ClientError = TRPCClientError<AnyTRPCRouter>;

/**
 * The HTTP status of a failed call: the server's `data.httpStatus` for this procedure (one batch
 * can mix answers), else the status of a failing response tRPC could not read as its own.
 */
export function httpStatusOfTrpcError(error: ClientError): number | null {
  const fromShape = (error.data as { httpStatus?: unknown } | null | undefined)?.httpStatus;
  if (typeof fromShape === 'number') return fromShape;
  const response = error.meta?.response;
  if (response instanceof Response && !response.ok) return response.status;
  return null;
}

/**
 * The text after `status: `. For the procedure's own error it is the server's message: a batch's
 * body holds every call's answer, so it cannot stand for one call. For an answer that is not
 * tRPC's (a rate limit, a body too large) it is that answer's JSON, as the REST helper would show.
 */
function bodyTextOf(error: ClientError): string {
  if (error.shape) return error.message;
  const json = error.meta?.responseJSON;
  if (json !== undefined) return JSON.stringify(json);
  const response = error.meta?.response;
  return response instanceof Response && response.statusText ? response.statusText : error.message;
}

/**
 * SPEC §8 for tRPC: a failed call's message reads `${status}: ${body}`, like the REST helper's, so
 * `httpStatusOf` reads it. The server's message stays in `error.shape.message`; its code and
 * `data.issues` in `error.data`, where `issuesFromError` finds them. Calls that failed without an
 * HTTP answer (offline, "no child selected") keep their message.
 */
export function withStatusMessage(error: ClientError): ClientError {
  const status = httpStatusOfTrpcError(error);
  if (status === null || error.message.startsWith(`${status}: `)) return error;
  return new TRPCClientError(`${status}: ${bodyTextOf(error)}`, {
    result: error.shape ? { error: error.shape } : undefined,
    cause: error.cause,
    meta: error.meta,
  });
}

/** Sits just before httpBatchLink and rewrites failed calls' messages with withStatusMessage. */
export function httpStatusLink<TRouter extends AnyTRPCRouter>(): TRPCLink<TRouter> {
  return () =>
    ({ op, next }) =>
      observable((observer) =>
        next(op).subscribe({
          next: (value) => observer.next(value),
          error: (error) => observer.error(withStatusMessage(error) as TRPCClientError<TRouter>),
          complete: () => observer.complete(),
        }),
      );
}
