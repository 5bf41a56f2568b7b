import type { Request, RequestHandler, Response, Router } from 'express';
import { z } from 'zod';
import { pathIdSchema } from '#shared/schemas/child.ts';
import type { ChildAction } from '#shared/schemas/roles.ts';
import { linkTokenBodySchema, type OpenLinkPurpose } from '#shared/schemas/share-links.ts';
import type { ChildScope } from '../core/child-scope.ts';
import type { LinkScope } from '../core/share-links.ts';
import { AppError } from '../lib/errors.ts';
import type { Services } from '../services.ts';
import type { RateLimiters } from './rate-limits.ts';
import { parseWith, publicRoute } from './route-kit.ts';

/**
 * One REST operation, declared once: the server mounts it and the OpenAPI document describes it
 * from the same object, so the two cannot drift (decision 0030). Statuses that follow from the
 * declaration (401 for a token, 404 for a child, 413/415 for a body, 429 for a rate limit, 503 for
 * the database) are added by the document builder, not listed here.
 */
export interface RestOperation<
  Security extends OperationSecurity = OperationSecurity,
  Child extends ChildAction | false = ChildAction | false,
  Body extends Named | undefined = Named | undefined,
  Query extends z.ZodObject | undefined = z.ZodObject | undefined,
  Ids extends string = string,
> {
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** The OpenAPI path, e.g. `/api/goals/{id}/progress`; `{name}` segments are record ids. */
  path: `/api/${string}`;
  /**
   * The tag's name, or, in the feature that owns the tag, `{ name, description }`: the document
   * wants each tag it lists described once (other features' operations give the name alone).
   */
  tag: OperationTag;
  summary: string;
  description?: string;
  /**
   * bearer: `Authorization: Bearer <token>`; session-cookie: the built-in accounts' cookie; public: none;
   * link: a shared link's token as `token` in the JSON body (decision 0089): a POST, about no `child`
   * (the link names it), rate-limited per address, answering 404 or 410 for a link that does not open.
   */
  security: Security;
  /** With `link`: the purpose of the links that open it (a snapshot's token opens no form). */
  linkPurpose?: OpenLinkPurpose;
  /**
   * With `link`: the handler opens the link itself (its `link` input is undefined; the token is in its
   * body), in its own transaction, so a single-use link is spent with the write it allows or not at all.
   */
  opensLinkItself?: boolean;
  /**
   * About one child, named by `?childId=`: the action the operation does, from its feature's table in
   * shared/schemas (decision 0094), whose role the caller needs at least (decision 0044). A child the
   * caller has no access to is a 404, too small a role a 403.
   */
  child: Child;
  /** The child is named by the path's `{id}` (the children's own paths), not by `?childId=`. */
  childInPath?: boolean;
  /** Each `{name}` in the path with its description ("The goal's id"). */
  ids?: Record<Ids, string>;
  /** The query string the operation reads, parsed with this schema (see `queryForm`). */
  query?: Query;
  body?: Body;
  /**
   * The body is `multipart/form-data`: the description fields this schema names (sent before the file),
   * then one part named `file`. The handler reads it with `receiveUpload`; the JSON-only rule and
   * 1 MB limit do not apply (decision 0042).
   */
  upload?: Named;
  success: Success[];
  /** Statuses the handler itself may answer, beyond the ones the declaration implies. */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** False for answers made without the database (no 503). */
  usesDatabase?: boolean;
  /** Rate limiters in front of the handler: the operation may answer 429 with Retry-After. */
  rateLimits?: RequestHandler[];
  handle(input: OperationInput<Security, Child, Body, Query, Ids>): unknown;
}

export type OperationSecurity = 'public' | 'bearer' | 'session-cookie' | 'link';
export type OperationTag = string | { readonly name: string; readonly description: string };

/** A body's schema with its name in the document (`#/components/schemas/<name>`), declared where it is used. */
export interface Named<Schema extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly schema: Schema;
}

/** Names schemas by their keys: `named({ GoalCreate: goalCreateSchema }).GoalCreate` is the body `GoalCreate`. */
export function named<Schemas extends Record<string, z.ZodType>>(schemas: Schemas): { [Name in keyof Schemas]: Named<Schemas[Name]> } {
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, { name, schema }])) as never;
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 416 | 422 | 429;

export interface Success {
  status: 200 | 201 | 204 | 206;
  description: string;
  body?: Named;
  /** The body is a file in one of these media types (not JSON); the handler sends it. */
  file?: readonly string[];
  /** The body is an array of `body`. */
  list?: boolean;
  /** Sets the session cookie (documented as a Set-Cookie header). */
  setsSessionCookie?: boolean;
}

export interface OperationInput<
  Security extends OperationSecurity,
  Child extends ChildAction | false,
  Body extends Named | undefined,
  Query extends z.ZodObject | undefined,
  Ids extends string,
> {
  req: Request;
  res: Response;
  userId: Security extends 'bearer' ? string : null;
  scope: Child extends ChildAction ? ChildScope : undefined;
  /** The open link the caller holds: its grant and child, nothing more. */
  link: Security extends 'link' ? LinkScope : undefined;
  /** The path's ids, parsed. */
  ids: Record<Ids, number>;
  query: Query extends z.ZodObject ? z.output<Query> : undefined;
  body: Body extends Named<infer Schema> ? z.output<Schema> : undefined;
}

/** Declares an operation with its handler's input typed from the declaration. */
export function operation<
  Security extends OperationSecurity,
  Child extends ChildAction | false,
  Body extends Named | undefined = undefined,
  Query extends z.ZodObject | undefined = undefined,
  Ids extends string = never,
>(declaration: RestOperation<Security, Child, Body, Query, Ids> & LinkRules<Security>): RestOperation {
  return declaration as unknown as RestOperation;
}

/** What a link operation must declare: its token travels in a POST body, and the link names the child. */
type LinkRules<Security extends OperationSecurity> = Security extends 'link'
  ? { method: 'post'; child: false; linkPurpose: OpenLinkPurpose }
  : { linkPurpose?: never };

/** The Express form of an OpenAPI path below `/api`: `/api/goals/{id}` is `/goals/:id`. */
export function expressPath(path: string): string {
  return path.slice('/api'.length).replace(/\{(\w+)\}/g, ':$1');
}

function childIdFrom(req: Request, op: RestOperation): number {
  if (op.childInPath) return parseWith(pathIdSchema, req.params.id, 'The id in the path must be a positive whole number');
  const raw = req.query.childId;
  if (typeof raw !== 'string') {
    throw new AppError('BAD_REQUEST', 'Add ?childId=<id> to say which child this is about', [{ path: 'childId', message: 'Required' }]);
  }
  return parseWith(pathIdSchema, raw, 'childId must be a positive whole number');
}

/**
 * Checks in the order a caller fixes them: who they are, which child, which record, then what they sent.
 * A link is opened last, once the request is sound: opening it counts a use.
 */
function handlerFor(op: RestOperation, services: Services): RequestHandler {
  const run = async (req: Request, res: Response) => {
    // A link is the caller even when a signed-in person holds it.
    const userId = op.security === 'link' ? null : ((res.locals.userId as string | null | undefined) ?? null);
    if (op.security === 'bearer' && !userId) throw new AppError('UNAUTHORIZED', 'Please sign in: send Authorization: Bearer <token>.');
    const scope = op.child
      ? await services.children.scope(userId as string, childIdFrom(req, op), op.child.role, req.method === 'GET')
      : undefined;
    const ids: Record<string, number> = {};
    for (const name of Object.keys(op.ids ?? {})) {
      ids[name] = parseWith(pathIdSchema, req.params[name], `The ${name} in the path must be a positive whole number`);
    }
    const query = op.query ? parseWith(op.query, req.query, 'Some query parameters need attention') : undefined;
    const body = op.body ? parseWith(op.body.schema, req.body) : undefined;
    // The token is in the operation's own body (which carries it) or is the whole body.
    const token =
      op.security === 'link'
        ? ((body as { token?: string } | undefined)?.token ?? parseWith(linkTokenBodySchema, req.body).token)
        : undefined;
    const link =
      token === undefined || op.opensLinkItself ? undefined : await services.shareLinks.open(token, op.linkPurpose as OpenLinkPurpose);
    const result = await op.handle({ req, res, userId, scope, link, ids, query, body } as never);
    if (res.headersSent) return;
    const success = op.success[0] as Success;
    if (success.status === 204) res.status(204).end();
    else res.status(success.status).json(result);
  };
  return op.security === 'bearer' ? run : publicRoute(run);
}

/**
 * Mounts each operation on `router`: the uploads on one mounted before the JSON body parser, the rest on
 * the other. Every link operation shares one per-address limit.
 */
export function mountOperations(
  router: Router,
  operations: RestOperation[],
  services: Services,
  limits: Pick<RateLimiters, 'linkPerIp'>,
): void {
  for (const op of operations) {
    const limiters = op.security === 'link' ? [limits.linkPerIp, ...(op.rateLimits ?? [])] : (op.rateLimits ?? []);
    if (op.security === 'link') requireLinkShape(op);
    router[op.method](expressPath(op.path), ...limiters, handlerFor(op, services));
  }
}

/** A link operation reads its token from its JSON body: its own body schema, if any, carries `token` (decision 0089). */
function requireLinkShape(op: RestOperation): void {
  const bodyShape = op.body ? (op.body.schema as unknown as { shape?: Record<string, unknown> }).shape : undefined;
  if (op.method !== 'post' || op.child || op.upload || !op.linkPurpose || (op.body && !bodyShape?.token)) {
    throw new Error(`${op.operationId}: a link operation is a JSON POST about no child, with a linkPurpose, whose body carries \`token\``);
  }
}

/**
 * The query-string form of a shared schema: numbers and booleans arrive as text and are read as
 * such; everything is optional (a default still applies). The document shows the typed values.
 */
export function queryForm<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const fields: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape)) fields[key] = queryField(field as z.ZodType);
  return z.object(fields);
}

function queryField(field: z.ZodType): z.ZodType {
  if (field instanceof z.ZodDefault) {
    const inner = queryField(field.unwrap() as z.ZodType);
    return (inner as z.ZodOptional<z.ZodType>).unwrap().default(field.def.defaultValue as never);
  }
  const base = field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field;
  if (base instanceof z.ZodNumber) {
    return z
      .string()
      .regex(/^-?\d{1,10}$/, 'Use a whole number')
      .transform(Number)
      .pipe(base)
      .optional();
  }
  if (base instanceof z.ZodBoolean) {
    return z
      .enum(['true', 'false'], 'Use true or false')
      .transform((value) => value === 'true')
      .pipe(base)
      .optional();
  }
  return base.optional();
}
