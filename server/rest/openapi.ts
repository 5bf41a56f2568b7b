import { z } from 'zod';
import { apiErrorSchema } from '#shared/api-error.ts';
import { metadataSchema, metadataUpdateSchema } from '#shared/schemas/account.ts';
import { linkTokenBodySchema } from '#shared/schemas/share-links.ts';
import { named, type Named, type RestOperation, type Success } from './operation.ts';

type JsonSchema = Record<string, unknown>;

/** Every error's body, and a link operation's body when it has none of its own. */
const { Error: ERROR_BODY, LinkToken: LINK_TOKEN_BODY } = named({ Error: apiErrorSchema, LinkToken: linkTokenBodySchema });

/**
 * The named schemas the operations use, read and sent: one name is one schema (the same object), or
 * the document would describe one of them under the other's name.
 */
function componentsOf(operations: RestOperation[]) {
  const declared = new Map<string, { schema: z.ZodType; by: string }>();
  const input: Record<string, z.ZodType> = {};
  const output: Record<string, z.ZodType> = {};
  const add = (into: Record<string, z.ZodType>, body: Named, by: string) => {
    const earlier = declared.get(body.name);
    if (earlier && earlier.schema !== body.schema) {
      throw new Error(`OpenAPI: the schema name ${body.name} is given to two different schemas (${earlier.by} and ${by})`);
    }
    declared.set(body.name, { schema: body.schema, by });
    into[body.name] = body.schema;
  };
  add(input, LINK_TOKEN_BODY, 'the link operations');
  for (const op of operations) {
    if (op.body) add(input, op.body, op.operationId);
    if (op.upload) add(input, op.upload, op.operationId);
    for (const success of op.success) if (success.body) add(output, success.body, op.operationId);
  }
  add(output, ERROR_BODY, 'the error answers');
  return { input, output };
}

/**
 * The tags the operations use, in the order they first appear, each with the description one of its
 * operations gives (the owning feature's); a tag described nowhere, or two ways, is a mistake.
 */
function tagsOf(operations: RestOperation[]) {
  const described = new Map<string, string | undefined>();
  for (const op of operations) {
    const name = typeof op.tag === 'string' ? op.tag : op.tag.name;
    const description = typeof op.tag === 'string' ? undefined : op.tag.description;
    const earlier = described.get(name);
    if (description !== undefined && earlier !== undefined && earlier !== description) {
      throw new Error(`OpenAPI: the tag ${name} is described twice, differently (again by ${op.operationId})`);
    }
    described.set(name, earlier ?? description);
  }
  return [...described].map(([name, description]) => {
    if (description === undefined) throw new Error(`OpenAPI: the tag ${name} has no description: give one operation { name, description }`);
    return { name, description };
  });
}

/** Error answers every operation may give, by what in its declaration makes them possible. */
const ERROR_RESPONSES = {
  BadRequest: { status: 400, description: 'Invalid input: `issues` names each field' },
  Unauthorized: { status: 401, description: 'Missing, invalid or expired bearer token' },
  CrossSite: { status: 403, description: 'A cross-site request (its Origin is another site) cannot use the session cookie' },
  Forbidden: {
    status: 403,
    description:
      'Your role on this child does not allow this (a viewer reads; an updater adds and changes; an owner also deletes and shares)',
  },
  NotFound: { status: 404, description: 'Not found, including a child you have no access to and its records' },
  LinkNotFound: {
    status: 404,
    description: 'The link is not valid, was turned off, its child was deleted, or whoever sent it can no longer share the record',
  },
  Gone: { status: 410, description: 'The link expired or was already used: the message says which, and to ask for a new one' },
  PayloadTooLarge: { status: 413, description: 'The body is over 1 MB' },
  UnsupportedMediaType: { status: 415, description: 'The body is not JSON (send Content-Type: application/json)' },
  TooManyRequests: { status: 429, description: 'Rate limited: wait the seconds Retry-After gives', retryAfter: true },
  ServiceUnavailable: {
    status: 503,
    description:
      'The database (SERVICE_UNAVAILABLE) or the file store (FILE_STORE_UNAVAILABLE) cannot be reached: retry after the seconds Retry-After gives',
    retryAfter: true,
  },
} as const;
type ErrorResponseName = keyof typeof ERROR_RESPONSES;

const ID_SCHEMA = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };

/**
 * Converts named zod schemas to document components. A schema nested in another named one is a
 * `$ref` to it, and the recursive JSON value gets its own name instead of zod's `__schema0`.
 */
function convert(byName: Record<string, z.ZodType>, io: 'input' | 'output', into: Record<string, JsonSchema>): void {
  const ids = new Map<unknown, string>(Object.entries(byName).map(([id, schema]) => [schema, id]));
  ids.set(metadataSchema.valueType, 'JsonValue');
  // The shared schemas' own metadata (formats, minProperties) plus the names, without registering names globally.
  const metadata = {
    get(schema: unknown) {
      const own = z.globalRegistry.get(schema as z.ZodType);
      const id = ids.get(schema);
      return id ? { ...own, id } : own;
    },
  } as unknown as z.core.$ZodRegistry<Record<string, unknown>>;
  for (const schema of Object.values(byName)) {
    const converted = z.toJSONSchema(schema, { io, unrepresentable: 'any', metadata, override: typeMetadataValues }) as {
      $defs?: Record<string, JsonSchema>;
    };
    for (const [id, definition] of Object.entries(converted.$defs ?? {})) into[id] = pointRefsAtComponents(definition) as JsonSchema;
  }
}

/**
 * A metadata update's values are read as `unknown` first, so their nesting is measured before the
 * recursive JSON schema walks them; what they must be is a JSON value, and the document says so.
 */
const metadataUpdateValue = (metadataUpdateSchema.shape.unsafeMetadata.in as unknown as z.ZodRecord).valueType;

function typeMetadataValues({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: Record<string, unknown> }): void {
  if (zodSchema !== metadataUpdateValue) return;
  for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
  jsonSchema.$ref = '#/components/schemas/JsonValue';
}

function pointRefsAtComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointRefsAtComponents);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' ? inner.replace('#/$defs/', '#/components/schemas/') : pointRefsAtComponents(inner),
    ]),
  );
}

/** The document's schema for one query parameter: what its value means once read, as the server reads it. */
function queryParameters(query: z.ZodObject): JsonSchema[] {
  const converted = z.toJSONSchema(query, { io: 'output', unrepresentable: 'any' }) as {
    properties: Record<string, JsonSchema>;
  };
  return Object.entries(converted.properties).map(([name, schema]) => {
    const { description, ...rest } = schema as { description?: string };
    return { name, in: 'query', required: false, ...(description ? { description } : {}), schema: rest };
  });
}

const ref = (kind: 'schemas' | 'responses' | 'headers', name: string) => ({ $ref: `#/components/${kind}/${name}` });
const jsonContent = (schema: unknown) => ({ 'application/json': { schema } });

function successResponse(success: Success) {
  if (success.file) {
    const bytes = { schema: { type: 'string', contentMediaType: 'application/octet-stream' } };
    const headers = {
      'Content-Disposition': {
        description: '`inline` or `attachment` (the operation says which), with the file\u2019s name',
        schema: { type: 'string' },
      },
      ...(success.status === 206
        ? { 'Content-Range': { description: 'The bytes sent, e.g. `bytes 0-1023/52344`', schema: { type: 'string' } } }
        : {}),
    };
    return { description: success.description, headers, content: Object.fromEntries(success.file.map((type) => [type, bytes])) };
  }
  const headers = success.setsSessionCookie ? { 'Set-Cookie': ref('headers', 'SessionCookie') } : undefined;
  if (!success.body) return { description: success.description, ...(headers ? { headers } : {}) };
  const schema = success.list ? { type: 'array', items: ref('schemas', success.body.name) } : ref('schemas', success.body.name);
  return { description: success.description, ...(headers ? { headers } : {}), content: jsonContent(schema) };
}

/** Every status the operation can answer, derived from what it declares. */
function errorResponses(op: RestOperation): Record<string, unknown> {
  const derived: ErrorResponseName[] = [];
  const hasBody = op.method === 'post' || op.method === 'put' || op.method === 'patch';
  if (op.body || op.query || op.ids || op.child || hasBody) derived.push('BadRequest');
  // An upload's 413 and 415 are about the file; the operation declares them.
  if (op.security === 'bearer') derived.push('Unauthorized');
  if (op.security === 'session-cookie') derived.push('CrossSite');
  if (op.child && op.child.role !== 'viewer') derived.push('Forbidden');
  if (op.security === 'link') derived.push('LinkNotFound', 'Gone');
  else if (op.child || op.ids) derived.push('NotFound');
  if (hasBody && !op.upload) derived.push('PayloadTooLarge', 'UnsupportedMediaType');
  // Every link operation shares one per-address limit (mountOperations).
  if (op.rateLimits?.length || op.security === 'link') derived.push('TooManyRequests');
  if (op.usesDatabase !== false) derived.push('ServiceUnavailable');
  const responses: Record<string, unknown> = Object.fromEntries(
    derived.map((name) => [String(ERROR_RESPONSES[name].status), ref('responses', name)]),
  );
  for (const [status, description] of Object.entries(op.errors ?? {}) as [string, string][]) {
    responses[status] = { description, content: jsonContent(ref('schemas', ERROR_BODY.name)) };
  }
  return responses;
}

function parameters(op: RestOperation): JsonSchema[] {
  const list: JsonSchema[] = Object.entries(op.ids ?? {}).map(([name, description]) => ({
    name,
    in: 'path',
    required: true,
    description,
    schema: ID_SCHEMA,
  }));
  if (op.child && !op.childInPath) {
    list.push({ name: 'childId', in: 'query', required: true, description: 'Which child the call is about', schema: ID_SCHEMA });
  }
  if (op.query) list.push(...queryParameters(op.query));
  return list;
}

/** The session cookie is optional: without it /api/auth/token answers 204 (decision 0024) and sign-out has nothing to end. */
const SECURITY = { public: [], bearer: [{ bearerAuth: [] }], 'session-cookie': [{ sessionCookie: [] }, {}], link: [] } as const;

/** What a link operation's description adds: its caller is the link, whose token is in the body (decision 0089). */
const LINK_NOTE =
  'Opened by a shared link, not an account: send the part of the link after `#` as `token` in the JSON body, never in the path or query. Each open is noted in the child\u2019s audit log.';

/** A multipart upload: the description fields of `fields` (each sent as text; repeat a field for each item of a list), then the file. */
function uploadBody(fields: JsonSchema | undefined) {
  const properties = (fields?.properties ?? {}) as Record<string, JsonSchema>;
  const arrays = Object.keys(properties).filter((name) => properties[name]?.type === 'array');
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: ['file'],
          properties: {
            ...properties,
            file: {
              type: 'string',
              contentMediaType: 'application/octet-stream',
              description: 'The file: its type is judged by its content. Send it after the other fields.',
            },
          },
        },
        ...(arrays.length > 0 ? { encoding: Object.fromEntries(arrays.map((name) => [name, { style: 'form', explode: true }])) } : {}),
      },
    },
  };
}

function operationObject(op: RestOperation, schemas: Record<string, JsonSchema>) {
  // A link operation without a body of its own sends the token alone.
  const bodyName = op.body?.name ?? (op.security === 'link' ? LINK_TOKEN_BODY.name : undefined);
  const body = bodyName
    ? { requestBody: { required: true, content: jsonContent(ref('schemas', bodyName)) } }
    : op.upload
      ? { requestBody: uploadBody(schemas[op.upload.name]) }
      : {};
  const params = parameters(op);
  const description = [op.description, op.security === 'link' ? LINK_NOTE : undefined].filter(Boolean).join('\n\n');
  return {
    operationId: op.operationId,
    tags: [typeof op.tag === 'string' ? op.tag : op.tag.name],
    summary: op.summary,
    ...(description ? { description } : {}),
    security: SECURITY[op.security],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...body,
    responses: {
      ...Object.fromEntries(op.success.map((success) => [String(success.status), successResponse(success)])),
      ...errorResponses(op),
    },
  };
}

export function buildOpenApiDocument(operations: RestOperation[]) {
  const schemas: Record<string, JsonSchema> = {};
  const components = componentsOf(operations);
  convert(components.input, 'input', schemas);
  convert(components.output, 'output', schemas);
  const tags = tagsOf(operations);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) (paths[op.path] ??= {})[op.method] = operationObject(op, schemas);
  return withoutUnusedComponents({
    openapi: '3.1.0',
    info: {
      title: 'Trelli API',
      version: '1.0.0',
      summary: 'Children, their records and roadmaps, for clients outside the browser app',
      description: [
        'REST paths for external clients. Send `Authorization: Bearer <token>`; with built-in accounts',
        '`POST /api/auth/sign-in` answers a token (valid 10 minutes) and sets a session cookie from which',
        '`POST /api/auth/token` gives fresh ones. Errors are always `{"error": {"code", "message", "issues"?}}`.',
      ].join(' '),
      license: { name: 'Proprietary', identifier: 'LicenseRef-Trelli' },
    },
    servers: [{ url: '/', description: 'This Trelli server' }],
    tags,
    paths,
    components: {
      schemas,
      responses: Object.fromEntries(
        Object.entries(ERROR_RESPONSES).map(([name, response]) => [
          name,
          {
            description: response.description,
            ...('retryAfter' in response ? { headers: { 'Retry-After': ref('headers', 'RetryAfter') } } : {}),
            content: jsonContent(ref('schemas', ERROR_BODY.name)),
          },
        ]),
      ),
      headers: {
        RetryAfter: { description: 'Seconds to wait before trying again', required: true, schema: { type: 'integer', minimum: 1 } },
        SessionCookie: {
          description: '`trelli_session`: HttpOnly, SameSite=Lax, Path=/api/auth; what `POST /api/auth/token` reads',
          schema: { type: 'string' },
        },
      },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A token from sign-in, sign-up or /api/auth/token',
        },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'trelli_session', description: 'Set by sign-in and sign-up' },
      },
    },
  });
}

type Components = Record<'schemas' | 'responses' | 'headers' | 'securitySchemes', Record<string, unknown>>;

/** Keeps the components the operations reach (with Clerk, the accounts' schemas and the session cookie are not). */
function withoutUnusedComponents<D extends { paths: object; components: Components }>(document: D): D {
  const used = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && !used.has(inner)) {
        used.add(inner);
        const [, , kind, name] = inner.split('/') as [string, string, keyof Components, string];
        visit(document.components[kind]?.[name]);
      } else if (key === 'security' && Array.isArray(inner)) {
        for (const requirement of inner) for (const scheme of Object.keys(requirement)) used.add(`#/components/securitySchemes/${scheme}`);
      } else visit(inner);
    }
  };
  visit(document.paths);
  const keep = (kind: keyof Components) =>
    Object.fromEntries(Object.entries(document.components[kind]).filter(([name]) => used.has(`#/components/${kind}/${name}`)));
  return {
    ...document,
    components: {
      schemas: keep('schemas'),
      responses: keep('responses'),
      headers: keep('headers'),
      securitySchemes: keep('securitySchemes'),
    },
  };
}
