/**
 * Seeded request generation from an OpenAPI document: valid values with json-schema-faker, and
 * invalid ones by breaking one documented rule at a time. Every value is checked with ajv against
 * the document before it is called valid or invalid, so the labels are the document's, not ours.
 */
import { generateSync, type Random } from 'json-schema-faker';
import {
  dereference,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  type SecurityRequirement,
  type SecurityScheme,
} from './openapi-document.ts';

type JsonObject = Record<string, unknown>;

/** A small seeded generator (mulberry32) for the harness's own choices; the faker has its own, seeded per value. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    /** A seeded sample of up to `count` entries, in their original order. */
    sample<T>(items: T[], count: number): T[] {
      if (items.length <= count) return items;
      const keyed = items.map((item, index) => ({ item, index, key: next() }));
      return keyed
        .sort((a, b) => a.key - b.key)
        .slice(0, count)
        .sort((a, b) => a.index - b.index)
        .map(({ item }) => item);
    },
  };
}
export type SeededRandom = ReturnType<typeof seededRandom>;

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Dates a person would type: mostly within the last ~10 months, sometimes the edges of the four-digit years. */
function plausibleDate(random: Random): string {
  if (random.next() < 0.85) return isoDay(Date.now() - random.int(1, 300) * DAY_MS);
  return random.pick(['0001-01-01', '9999-12-31', '2000-02-29', '1970-01-01', isoDay(Date.now()), isoDay(Date.now() + 400 * DAY_MS)]);
}

/** Past instants, written in UTC or in an offset anywhere in the two-digit range a timestamp can carry. */
function plausibleDateTime(random: Random): string {
  if (random.next() >= 0.85) return random.pick(['0000-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '1970-01-01T00:00:00Z']);
  const instant = Date.now() - random.int(3_600, 300 * 86_400) * 1000;
  if (random.next() < 0.6) return new Date(instant).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const minutes = (random.next() < 0.5 ? -1 : 1) * (random.int(0, 23) * 60 + random.pick([0, 30, 45]));
  const local = new Date(instant + minutes * 60_000).toISOString().slice(0, 19);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/** Gives a YYYY-MM-DD pattern the `date` format, so it gets calendar dates instead of random digits. */
function withDateFormats(schema: JsonSchema): JsonSchema {
  if (typeof schema !== 'object' || schema === null) return schema;
  if (Array.isArray(schema)) return schema.map(withDateFormats) as unknown as JsonSchema;
  const copy: JsonObject = {};
  for (const [keyword, value] of Object.entries(schema)) {
    copy[keyword] = value !== null && typeof value === 'object' ? withDateFormats(value as JsonSchema) : value;
  }
  if (copy.pattern === DATE_PATTERN && copy.format === undefined) copy.format = 'date';
  return copy;
}

/** One value for `schema` (already dereferenced), seeded; `optionals` is the chance of each optional property. */
export function fakeValue(schema: JsonSchema, seed: number, optionals = 0.6): unknown {
  return generateSync(withDateFormats(schema), {
    seed,
    optionalsProbability: optionals,
    maxDefaultItems: 3,
    maxDepth: 4,
    formats: { date: plausibleDate, 'date-time': plausibleDateTime },
  });
}

/** Text a schema cannot rule out but a database or a query might choke on: NUL, half a surrogate pair, LIKE wildcards, quotes. */
const ODD_TEXT = ['\u0000', '\uD800', '\u{1F600}', '\u202E', "'; --", '%_\\', '\t\n'];

/** `value` with odd text added to one of its strings (chosen by `random`), or `value` itself when it has none. */
function withOddText(value: unknown, random: SeededRandom): unknown {
  const paths: (string | number)[][] = [];
  const walk = (node: unknown, path: (string | number)[]) => {
    if (typeof node === 'string') paths.push(path);
    else if (Array.isArray(node)) node.forEach((item, index) => walk(item, [...path, index]));
    else if (node !== null && typeof node === 'object') for (const [key, item] of Object.entries(node)) walk(item, [...path, key]);
  };
  walk(value, []);
  const target = paths[random.int(0, paths.length - 1)];
  if (!target) return value;
  const odd = ODD_TEXT[random.int(0, ODD_TEXT.length - 1)] ?? '';
  if (target.length === 0) return `${String(value)}${odd}`;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of target.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = target.at(-1) as string | number;
  parent[last] = `${String(parent[last])}${odd}`;
  return copy;
}

/** A value the document calls valid, or undefined when `attempts` seeds gave none. */
export function validValue(
  doc: OpenApiDocument,
  schema: JsonSchema,
  seed: number,
  isValid: (value: unknown) => boolean,
  optionals = 0.6,
): unknown {
  const resolved = dereference(doc, schema);
  for (let attempt = 0; attempt < 6; attempt += 1) {
    // The faker gives up on some schemas (e.g. minProperties with no optionals allowed): then ask for more.
    let value: unknown;
    try {
      value = fakeValue(resolved, seed * 31 + attempt, attempt < 3 ? optionals : Math.max(optionals, 0.6));
    } catch {
      continue;
    }
    // One value in four first tries odd text in one of its strings; the document allows it, so the server must not fail on it.
    const odd = seededRandom(seed + attempt);
    if (attempt === 0 && odd.next() < 0.25) {
      const oddValue = withOddText(value, odd);
      if (isValid(oddValue)) return oddValue;
    }
    if (isValid(value)) return value;
  }
  return undefined;
}

/** Types a schema (or any of its anyOf/oneOf branches) allows, by JSON name. */
function allowedTypes(schema: JsonObject): Set<string> | undefined {
  const branches = [schema, ...((schema.anyOf ?? schema.oneOf ?? []) as JsonObject[])];
  const types = new Set<string>();
  for (const branch of branches) {
    if (typeof branch.type === 'string') types.add(branch.type);
    if (Array.isArray(branch.type)) for (const type of branch.type) types.add(String(type));
    if (branch.enum || branch.const !== undefined) types.add('enum');
  }
  return types.size > 0 ? types : undefined;
}

/** Candidate values that break one rule of `schema` (dereferenced), each with what it breaks. The caller keeps those ajv refuses. */
export function ruleBreakers(schema: JsonSchema, seed: number): { why: string; value: unknown }[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const branches = [schema, ...((schema.anyOf ?? schema.oneOf ?? []) as JsonObject[])];
  const out: { why: string; value: unknown }[] = [];
  const types = allowedTypes(schema);
  if (types) {
    const samples: [string, unknown][] = [
      ['string', 'a string'],
      ['integer', 12_345],
      ['number', 1.5],
      ['boolean', true],
      ['null', null],
      ['array', []],
      ['object', { nested: 1 }],
    ];
    const wrong = samples.filter(([type]) => !types.has(type) && !(type === 'integer' && types.has('number')));
    for (const [type, value] of wrong.slice(0, 2)) out.push({ why: `wrong type (${type})`, value });
  }
  for (const branch of branches) {
    if (typeof branch.maxLength === 'number') out.push({ why: `longer than ${branch.maxLength}`, value: 'x'.repeat(branch.maxLength + 1) });
    if (typeof branch.minLength === 'number' && branch.minLength > 0) {
      out.push({ why: `shorter than ${branch.minLength}`, value: 'x'.repeat(branch.minLength - 1) });
    }
    if (typeof branch.maximum === 'number') out.push({ why: `above ${branch.maximum}`, value: branch.maximum + 1 });
    if (typeof branch.exclusiveMaximum === 'number')
      out.push({ why: `not below ${branch.exclusiveMaximum}`, value: branch.exclusiveMaximum });
    if (typeof branch.minimum === 'number') out.push({ why: `below ${branch.minimum}`, value: branch.minimum - 1 });
    if (typeof branch.exclusiveMinimum === 'number')
      out.push({ why: `not above ${branch.exclusiveMinimum}`, value: branch.exclusiveMinimum });
    if (Array.isArray(branch.enum)) out.push({ why: 'a value outside its enum', value: 'not-one-of-the-values' });
    if (typeof branch.pattern === 'string') out.push({ why: `off its pattern ${branch.pattern}`, value: 'does-not-match!' });
    if (branch.format === 'date') out.push({ why: 'a date that does not exist', value: '2023-02-30' });
    if (branch.format === 'date-time') out.push({ why: 'a malformed timestamp', value: '2023-01-01 25:61' });
    if (branch.format === 'email') out.push({ why: 'a malformed email', value: 'not-an-email' });
    if (typeof branch.maxItems === 'number' && branch.items) {
      const item = fakeValue(branch.items as JsonSchema, seed);
      out.push({ why: `more than ${branch.maxItems} items`, value: Array.from({ length: branch.maxItems + 1 }, () => item) });
    }
    if (branch.items && typeof branch.items === 'object') {
      for (const inner of ruleBreakers(branch.items as JsonSchema, seed).slice(0, 3))
        out.push({ why: `an item ${inner.why}`, value: [inner.value] });
    }
  }
  return out;
}

export interface BodyVariant {
  why: string;
  value: unknown;
}

/** Bodies that each break one documented rule of a (dereferenced) object schema, starting from a valid body. */
export function invalidBodies(schema: JsonSchema, valid: unknown, seed: number): BodyVariant[] {
  const variants: BodyVariant[] = [
    { why: 'body is an array', value: [] },
    { why: 'body is a string', value: 'text' },
    { why: 'body is an empty object', value: {} },
  ];
  if (typeof schema !== 'object' || schema === null || valid === null || typeof valid !== 'object' || Array.isArray(valid)) return variants;
  const base = valid as JsonObject;
  for (const name of (schema.required as string[] | undefined) ?? []) {
    const { [name]: _dropped, ...rest } = base;
    variants.push({ why: `missing required ${name}`, value: rest });
  }
  if (schema.additionalProperties === false) variants.push({ why: 'an unknown field', value: { ...base, unexpectedField: 1 } });
  for (const [name, propertySchema] of Object.entries((schema.properties as Record<string, JsonSchema> | undefined) ?? {})) {
    for (const breaker of ruleBreakers(propertySchema, seed))
      variants.push({ why: `${name}: ${breaker.why}`, value: { ...base, [name]: breaker.value } });
  }
  return variants;
}

/** How a query string carries a value of `schema`: numbers and booleans as text, the rest as JSON's text. */
export function toQueryString(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A query string's text read as the type its schema names, so ajv can judge it as a server would. */
export function fromQueryString(schema: JsonSchema, raw: string): unknown {
  const types = typeof schema === 'object' && schema !== null ? allowedTypes(schema) : undefined;
  if (!types || types.has('string') || types.has('enum')) return raw;
  if ((types.has('integer') || types.has('number')) && raw.trim() !== '' && Number.isFinite(Number(raw))) return Number(raw);
  if (types.has('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

export interface Actor {
  token: string;
  /** Cookie name -> value, from the Set-Cookie headers the actor received. */
  cookies: Record<string, string>;
}

/** The headers that satisfy one security requirement, or undefined when a scheme is not one this harness can send. */
export function credentialHeaders(
  requirement: SecurityRequirement | undefined,
  schemes: Record<string, SecurityScheme>,
  actor: Actor,
): Record<string, string> | undefined {
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  for (const name of Object.keys(requirement ?? {})) {
    const scheme = schemes[name];
    if (scheme?.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') headers.authorization = `Bearer ${actor.token}`;
    else if (scheme?.type === 'apiKey' && scheme.in === 'cookie' && scheme.name && actor.cookies[scheme.name]) {
      cookies.push(`${scheme.name}=${actor.cookies[scheme.name]}`);
    } else if (scheme?.type === 'apiKey' && scheme.in === 'header' && scheme.name) headers[scheme.name.toLowerCase()] = actor.token;
    else return undefined;
  }
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  return headers;
}

/** Credentials that satisfy no requirement: none at all, and each scheme of the first requirement forged. */
export function forgedCredentials(
  operation: Operation,
  schemes: Record<string, SecurityScheme>,
): { why: string; headers: Record<string, string> }[] {
  if (operation.security.length === 0 || operation.security.some((requirement) => Object.keys(requirement).length === 0)) return [];
  const out = [{ why: 'no credentials', headers: {} as Record<string, string> }];
  for (const name of Object.keys(operation.security[0] ?? {})) {
    const scheme = schemes[name];
    if (scheme?.type === 'http')
      out.push({ why: `a forged ${name}`, headers: { authorization: `${scheme.scheme ?? 'Bearer'} not.a-real.token` } });
    if (scheme?.type === 'apiKey' && scheme.in === 'cookie' && scheme.name) {
      out.push({ why: `a forged ${name}`, headers: { cookie: `${scheme.name}=forged-session-value` } });
    }
  }
  return out;
}

/** The cookies a Set-Cookie header list sets, by name. */
export function cookiesFrom(setCookies: string[]): Record<string, string> {
  return Object.fromEntries(
    setCookies.map((line) => {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
    }),
  );
}
