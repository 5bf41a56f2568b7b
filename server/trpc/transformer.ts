import superjson, { deserialize, serialize } from 'superjson';

/**
 * True when `value` survives JSON unchanged: only strings, finite numbers (not -0), booleans, null,
 * plain arrays and plain objects. Then superjson would add nothing but cost.
 */
export function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value) && !Object.is(value, -0);
  if (Array.isArray(value)) return value.every(isPlainJson);
  if (typeof value === 'object') {
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) return false;
    for (const key in value) {
      const entry = (value as Record<string, unknown>)[key];
      if (entry === undefined || !isPlainJson(entry)) return false;
    }
    return true;
  }
  return false;
}

/**
 * superjson, with a fast path for answers that are plain JSON already (every answer we send today:
 * dates travel as ISO strings). `superjson.deserialize({ json })` gives back `json` as it is, so the
 * client keeps plain superjson.
 */
export const transformer = {
  input: superjson,
  output: {
    serialize: (value: unknown) => (isPlainJson(value) ? { json: value } : serialize(value)),
    deserialize,
  },
};
