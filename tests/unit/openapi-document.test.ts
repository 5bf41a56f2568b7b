/**
 * The OpenAPI document's components and tags come from the operations it is given (decision 0101):
 * each feature names its bodies and describes its tag, and the builder refuses what would make the
 * document say two things under one name.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from '../../server/rest/openapi.ts';
import { named, operation, type OperationTag, type RestOperation, type Success } from '../../server/rest/operation.ts';

const thing = z.object({ label: z.string() }).strict();
const otherThing = z.object({ count: z.number() }).strict();
const described = { name: 'Things', description: 'What the tests make' };

/** A public GET at `/api/<id>`, answering `body` when given one. */
function probe(operationId: string, tag: OperationTag, body?: Success['body']): RestOperation {
  return operation({
    operationId,
    method: 'get',
    path: `/api/${operationId}`,
    tag,
    summary: operationId,
    security: 'public',
    child: false,
    usesDatabase: false,
    success: [{ status: 200, description: 'It', ...(body ? { body } : {}) }],
    handle: () => null,
  });
}

describe('the named schemas', () => {
  it('are collected from the operations, one component per name, however many features declare it', () => {
    const [first, again] = [named({ Thing: thing }).Thing, named({ Thing: thing }).Thing];
    const document = buildOpenApiDocument([probe('a', described, first), probe('b', 'Things', again)]);
    expect(document.components.schemas.Thing).toMatchObject({ type: 'object', required: ['label'] });
    expect(document.paths['/api/b']?.get).toMatchObject({
      responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
    });
  });

  it('refuse one name given two different schemas', () => {
    const operations = [probe('a', described, named({ Thing: thing }).Thing), probe('b', 'Things', named({ Thing: otherThing }).Thing)];
    expect(() => buildOpenApiDocument(operations)).toThrow('the schema name Thing is given to two different schemas (a and b)');
  });

  it('refuse a feature\u2019s name that is the kit\u2019s', () => {
    expect(() => buildOpenApiDocument([probe('a', described, named({ Error: thing }).Error)])).toThrow(/schema name Error/);
  });

  it('type the handler\u2019s body from the schema', () => {
    const declared = operation({
      operationId: 'c',
      method: 'post',
      path: '/api/c',
      tag: described,
      summary: 'c',
      security: 'public',
      child: false,
      body: named({ Thing: thing }).Thing,
      success: [{ status: 204, description: 'Done' }],
      // @ts-expect-error the body is a Thing, which has no count
      handle: ({ body }) => body.label.length + body.count,
    });
    expect(declared.body?.name).toBe('Thing');
  });
});

describe('the tags', () => {
  it('are the ones used, in the order they first appear, each with the description one operation gives', () => {
    const children = { name: 'Children', description: 'Children' };
    const document = buildOpenApiDocument([probe('a', 'Children'), probe('b', described), probe('c', children), probe('d', described)]);
    expect(document.tags).toEqual([children, described]);
    expect(document.paths['/api/a']?.get).toMatchObject({ tags: ['Children'] });
  });

  it('refuse a tag no operation describes', () => {
    expect(() => buildOpenApiDocument([probe('a', described), probe('b', 'Childern')])).toThrow('the tag Childern has no description');
  });

  it('refuse a tag described twice, differently', () => {
    const elsewhere = { name: 'Things', description: 'What the tests made' };
    expect(() => buildOpenApiDocument([probe('a', described), probe('b', elsewhere)])).toThrow(
      'the tag Things is described twice, differently (again by b)',
    );
  });
});
