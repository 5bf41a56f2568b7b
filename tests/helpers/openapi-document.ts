/**
 * Reading an OpenAPI 3.1 document as an external client's tools would: its operations with their
 * parameters, bodies, security and responses, `$ref`s resolved, and ajv validators for each schema.
 * Nothing here knows Trelli's paths.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export type JsonSchema = { [keyword: string]: unknown } | boolean;
type JsonObject = Record<string, unknown>;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface MediaType {
  schema?: JsonSchema;
}

export interface HeaderSpec {
  required?: boolean;
  schema?: JsonSchema;
}

export interface ResponseSpec {
  description?: string;
  headers?: Record<string, HeaderSpec>;
  content?: Record<string, MediaType>;
}

/** One requirement object: every scheme in it must be satisfied; an empty one means "no credentials". */
export type SecurityRequirement = Record<string, string[]>;

export interface SecurityScheme {
  type: string;
  scheme?: string;
  in?: string;
  name?: string;
}

export interface Operation {
  method: string;
  path: string;
  operationId: string | undefined;
  /** JSON pointer to the operation inside the document. */
  pointer: string;
  parameters: Parameter[];
  requestBody: { required: boolean; content: Record<string, MediaType>; pointer: string } | undefined;
  responses: Record<string, ResponseSpec>;
  /** JSON pointer of each response object (a `$ref`'d one points into components). */
  responsePointers: Record<string, string>;
  security: SecurityRequirement[];
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, JsonSchema>; securitySchemes?: Record<string, unknown> };
  security?: SecurityRequirement[];
}

const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
export const pointerOf = (...segments: string[]) => segments.map((segment) => `/${escapePointer(segment)}`).join('');

/** The value a local JSON pointer (`#/components/schemas/X`) names, or undefined when it names nothing. */
export function atPointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = doc;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object' || !(key in node)) return undefined;
    node = (node as JsonObject)[key];
  }
  return node;
}

/** Follows `$ref`s on a non-schema object (parameter, response, request body) to the real one and its pointer. */
function followRef<T>(doc: unknown, node: unknown, pointer: string): { value: T; pointer: string } {
  let current = node;
  let at = pointer;
  for (let hops = 0; current && typeof current === 'object' && '$ref' in current; hops += 1) {
    const ref = String((current as { $ref: unknown }).$ref);
    const target = atPointer(doc, ref);
    if (target === undefined || hops > 20) throw new Error(`$ref ${ref} names nothing in the document`);
    current = target;
    at = ref.slice(1);
  }
  return { value: current as T, pointer: at };
}

/** Every operation of the document, path-level parameters merged in, security inherited from the top. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, rawItem] of Object.entries(doc.paths)) {
    const item = followRef<JsonObject>(doc, rawItem, pointerOf('paths', path)).value;
    const parametersOf = (list: unknown) =>
      ((list as unknown[] | undefined) ?? []).map((parameter) => followRef<Parameter>(doc, parameter, '').value);
    const shared = parametersOf(item.parameters);
    for (const method of HTTP_METHODS) {
      const raw = item[method] as JsonObject | undefined;
      if (!raw) continue;
      const own = parametersOf(raw.parameters);
      const byKey = new Map<string, Parameter>();
      for (const parameter of [...shared, ...own]) {
        byKey.set(`${parameter.in}:${parameter.name}`, {
          ...parameter,
          required: parameter.required === true || parameter.in === 'path',
          schema: parameter.schema ?? {},
        });
      }
      const pointer = pointerOf('paths', path, method);
      const body = raw.requestBody
        ? followRef<{ required?: boolean; content?: Record<string, MediaType> }>(doc, raw.requestBody, `${pointer}/requestBody`)
        : undefined;
      const responses: Record<string, ResponseSpec> = {};
      const responsePointers: Record<string, string> = {};
      for (const [status, response] of Object.entries((raw.responses as JsonObject | undefined) ?? {})) {
        const followed = followRef<ResponseSpec>(doc, response, `${pointer}${pointerOf('responses', status)}`);
        const headers = Object.fromEntries(
          Object.entries(followed.value.headers ?? {}).map(([name, header]) => [name, followRef<HeaderSpec>(doc, header, '').value]),
        );
        responses[status] = { ...followed.value, headers };
        responsePointers[status] = followed.pointer;
      }
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: typeof raw.operationId === 'string' ? raw.operationId : undefined,
        pointer,
        parameters: [...byKey.values()],
        requestBody: body
          ? { required: body.value.required === true, content: body.value.content ?? {}, pointer: body.pointer }
          : undefined,
        responses,
        responsePointers,
        security: (raw.security as SecurityRequirement[] | undefined) ?? doc.security ?? [],
      });
    }
  }
  return operations;
}

/** The documented response for a status: exact, then its class (`4XX`), then `default`. */
export function documentedResponse(operation: Operation, status: number): { key: string; response: ResponseSpec } | undefined {
  for (const key of [String(status), `${String(status)[0]}XX`, `${String(status)[0]}xx`, 'default']) {
    const response = operation.responses[key];
    if (response) return { key, response };
  }
  return undefined;
}

/**
 * A copy of `schema` with every local `$ref` inlined, for the generator. A recursive schema is cut
 * off after `maxRepeats` visits of the same `$ref` (the cut branch accepts anything).
 */
export function dereference(doc: unknown, schema: JsonSchema, maxRepeats = 2, seen: string[] = []): JsonSchema {
  if (typeof schema !== 'object' || schema === null) return schema;
  if (Array.isArray(schema)) return schema.map((entry) => dereference(doc, entry as JsonSchema, maxRepeats, seen)) as unknown as JsonSchema;
  let node: JsonObject = schema;
  let stack = seen;
  if (typeof node.$ref === 'string') {
    const ref = node.$ref;
    if (stack.filter((entry) => entry === ref).length >= maxRepeats) return {};
    const target = atPointer(doc, ref);
    if (target === undefined) throw new Error(`$ref ${ref} names nothing in the document`);
    const { $ref: _ref, ...siblings } = node;
    node = { ...(target as JsonObject), ...siblings };
    stack = [...stack, ref];
    return dereference(doc, node, maxRepeats, stack);
  }
  const copy: JsonObject = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === '$schema' || keyword === '$id') continue;
    copy[keyword] = value !== null && typeof value === 'object' ? dereference(doc, value as JsonSchema, maxRepeats, stack) : value;
  }
  return copy;
}

const DOCUMENT_ID = 'https://conformance.invalid/openapi.json';

/** ajv 8 (draft 2020-12, formats checked) over the whole document, so every `$ref` resolves as a client's validator would. */
export function createDocumentValidator(doc: OpenApiDocument) {
  // OpenAPI adds keywords (example, discriminator, xml, externalDocs) that are not JSON Schema.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(structuredClone(doc) as object, DOCUMENT_ID);
  const cache = new Map<string, ValidateFunction | Error>();

  /** The validator for the schema at `pointer` (or an Error saying why it cannot be compiled). */
  function validatorAt(pointer: string): ValidateFunction | Error {
    let entry = cache.get(pointer);
    if (!entry) {
      try {
        entry = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
      } catch (error) {
        entry = error instanceof Error ? error : new Error(String(error));
      }
      cache.set(pointer, entry);
    }
    return entry;
  }

  /** Undefined when `value` is valid for the schema at `pointer`, otherwise why it is not. */
  function problems(pointer: string, value: unknown): string | undefined {
    const validate = validatorAt(pointer);
    if (validate instanceof Error) return `schema at ${pointer} does not compile: ${validate.message}`;
    if (validate(value)) return undefined;
    return ajv.errorsText(validate.errors, { separator: '; ' });
  }

  const standalone = new Map<string, ValidateFunction | Error>();
  /** Like `problems`, for a schema object that is not at a pointer of its own (a parameter's, possibly inherited). */
  function problemsAgainst(schema: JsonSchema, value: unknown): string | undefined {
    const resolved = dereference(doc, schema);
    const key = JSON.stringify(resolved);
    let validate = standalone.get(key);
    if (!validate) {
      try {
        validate = ajv.compile(resolved as object);
      } catch (error) {
        validate = error instanceof Error ? error : new Error(String(error));
      }
      standalone.set(key, validate);
    }
    if (validate instanceof Error) return `schema does not compile: ${validate.message}`;
    return validate(value) ? undefined : ajv.errorsText(validate.errors, { separator: '; ' });
  }

  return { problems, problemsAgainst, isValid: (pointer: string, value: unknown) => problems(pointer, value) === undefined };
}

export type DocumentValidator = ReturnType<typeof createDocumentValidator>;

/** The JSON media type of a content map (`application/json` or a `+json` type), if there is one. */
export function jsonMediaType(content: Record<string, MediaType> | undefined): string | undefined {
  return Object.keys(content ?? {}).find((type) => /^application\/(.+\+)?json\b/.test(type));
}
