import { deserialize } from 'superjson';
import { describe, expect, it } from 'vitest';
import { isPlainJson, transformer } from '../../../server/trpc/transformer.ts';

describe('the tRPC output transformer', () => {
  it('sends plain JSON as it is, and the client reads it back unchanged', () => {
    const answer = { id: 1, name: 'Maya', tags: ['reading'], nested: { ok: true, none: null } };
    const wire = transformer.output.serialize(answer);
    expect(wire).toEqual({ json: answer });
    expect(deserialize(JSON.parse(JSON.stringify(wire)))).toEqual(answer);
  });

  it('falls back to superjson for what JSON cannot carry', () => {
    for (const value of [
      { at: new Date('2026-11-22T00:00:00Z') },
      { missing: undefined },
      [Number.NaN],
      { big: 1n },
      new Map([[1, 2]]),
      -0,
    ]) {
      expect(isPlainJson(value)).toBe(false);
      const wire = JSON.parse(JSON.stringify(transformer.output.serialize(value)));
      expect(deserialize(wire)).toEqual(value);
    }
  });
});
