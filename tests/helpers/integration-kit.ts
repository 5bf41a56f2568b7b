import type { Express } from 'express';
import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import type { Db } from '../../server/db/database.ts';
import type { ChildRow } from '../../server/db/schema.ts';
import { FEATURE_FLAG_DEFAULTS } from '#shared/feature-flags.ts';
import { createServices, type ServiceDeps, type Services } from '../../server/services.ts';
import { createInnerContext } from '../../server/trpc/context.ts';
import { createCaller } from '../../server/trpc/root.ts';
import type { ApiResponse, TestServer } from './test-server.ts';

/** Rows in `children`, all of them or one owner's. Read straight from the database, not through the API. */
export async function countChildren(db: Db, ownerId?: string): Promise<number> {
  let query = db.selectFrom('children').select((eb) => eb.fn.countAll<number>().as('count'));
  if (ownerId !== undefined) query = query.where('ownerId', '=', ownerId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One child row straight from the database, whoever owns it. */
export async function childRow(db: Db, id: number): Promise<ChildRow | undefined> {
  return db.selectFrom('children').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Everything recorded about one child, straight from the database: the child's row and its rows in
 * every table of the record. A refused write leaves all of it as it was.
 */
export async function childRecordRows(db: Db, childId: number) {
  const of = (table: 'observations' | 'goals' | 'progressEntries' | 'strategies' | 'milestones' | 'activities') =>
    db.selectFrom(table).selectAll().where('childId', '=', childId).orderBy('id').execute();
  return {
    child: await childRow(db, childId),
    observations: await of('observations'),
    goals: await of('goals'),
    progressEntries: await of('progressEntries'),
    strategies: await of('strategies'),
    milestones: await of('milestones'),
    activities: await of('activities'),
  };
}

/** The express app behind a running test server (the `request` listener `app.listen` installed). */
export function expressAppOf(server: Pick<TestServer, 'server'>): Express {
  const [listener] = server.server.listeners('request');
  if (typeof listener !== 'function' || !('router' in listener)) throw new Error('the test server is not an express app');
  return listener as unknown as Express;
}

/** The server's services built again over its database, with some dependencies changed (a clock, the flags). */
export function servicesLike(server: TestServer, changes: Partial<ServiceDeps>): Services {
  return createServices({
    db: server.db,
    auth: server.auth,
    tokens: server.tokens,
    featureFlags: FEATURE_FLAG_DEFAULTS,
    appOrigin: undefined,
    vault: server.vault,
    mailer: server.mailer,
    ...changes,
  });
}

/** A tRPC caller without HTTP, as the given parent (or anonymous with null). */
export function callerFor(services: Services, userId: string | null) {
  return createCaller(createInnerContext({ services, userId }));
}

/** Asserts the one JSON error body every endpoint answers with. */
export function expectApiError(
  response: ApiResponse,
  status: number,
  code: string,
): { code: string; message: string; issues?: { path: string; message: string }[] } {
  expect({ status: response.status, contentType: response.headers.get('content-type') }).toEqual({
    status,
    contentType: expect.stringContaining('application/json'),
  });
  const body = response.body as { error: { code: string; message: string; issues?: { path: string; message: string }[] } };
  expect(body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
  expect(body.error.message.length).toBeGreaterThan(0);
  expect(Object.keys(body.error).every((key) => ['code', 'message', 'issues'].includes(key))).toBe(true);
  return body.error;
}

/** The field paths named by a 400's issues, each once: a field can fail two checks (e.g. a date's format and its existence). */
export function issuePaths(response: ApiResponse): string[] {
  const error = expectApiError(response, 400, 'BAD_REQUEST');
  expect(error.issues, 'a 400 names its fields').toBeDefined();
  return [...new Set((error.issues ?? []).map((issue) => issue.path))];
}

/** Runs a tRPC call that must fail with a TRPCError and returns it; anything else is rethrown. */
export async function trpcError(call: Promise<unknown>): Promise<TRPCError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCError) return error;
    throw error;
  }
  throw new Error('expected the tRPC call to fail, but it succeeded');
}

/** Status, code and content type of an error response, for one `toEqual`. */
export function errorSummary(response: ApiResponse): { status: number; code: unknown; json: boolean } {
  return {
    status: response.status,
    code: (response.body as { error?: { code?: unknown } } | null)?.error?.code,
    json: (response.headers.get('content-type') ?? '').includes('application/json'),
  };
}

/** Next calendar year (UTC): a plan date written with it is never "more than a year ago", whenever the test runs. */
export const NEXT_YEAR = new Date().getUTCFullYear() + 1;

/** YYYY-MM-DD of today shifted by whole days (UTC), the way the child schema counts dates. */
export function isoDay(offsetDays = 0, from: Date = new Date()): string {
  return new Date(from.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

/** YYYY-MM-DD exactly `years` years before today (UTC). */
export function yearsAgo(years: number, from: Date = new Date()): string {
  const date = new Date(from);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}
