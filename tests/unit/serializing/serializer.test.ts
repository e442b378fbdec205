import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseJsonSchema, responseSerializerCompiler } from '../../../server/serializer';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/api/things', httpStatus: '200' });
const rowSchema = z.object({ id: z.string(), amount: z.number().int(), note: z.string().nullable(), storeId: z.number().int().optional() });
const envelope = z.object({ status: z.literal(0), message: z.string(), data: z.object({ content: z.array(rowSchema) }) });

describe('response serializer', () => {
  const answer = {
    status: 0,
    message: 'Thành công',
    data: { content: [{ id: '201', amount: 150_000, note: null, passwordHash: 'argon2id$…', extra: { secret: 1 } }, { id: '202', amount: 5, note: 'ok', storeId: 7 }] },
  };

  it.each([false, true])('writes only declared fields, the same JSON as zod (checked: %s)', (checked) => {
    const serialize = responseSerializerCompiler(checked)(route(envelope));
    const text = serialize(answer);
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('secret');
    expect(JSON.parse(text)).toEqual(envelope.parse(answer));
  });

  it('writes nullable fields as a type list, not an anyOf chosen at run time', () => {
    const json = responseJsonSchema(rowSchema) as { properties: Record<string, { type: unknown; anyOf?: unknown }> };
    expect(json.properties.note).toEqual({ type: ['string', 'null'] });
  });

  it('keeps the zod path for a schema JSON Schema cannot express', () => {
    const schema = z.object({ at: z.date().transform((d) => d.toISOString()) });
    expect(responseJsonSchema(schema)).toBeNull();
    const serialize = responseSerializerCompiler(false)(route(schema));
    expect(serialize({ at: new Date(Date.UTC(2026, 10, 28)) })).toBe('{"at":"2026-11-28T00:00:00.000Z"}');
  });

  it('with checks, refuses an answer of the wrong shape', () => {
    const serialize = responseSerializerCompiler(true)(route(envelope));
    expect(() => serialize({ ...answer, data: { content: [{ id: 201, amount: 1, note: null }] } })).toThrow();
  });

  it('with checks, refuses an answer the compiled serializer would write differently (a value only zod rewrites)', () => {
    const schema = z.object({ code: z.string().toUpperCase() });
    expect(() => responseSerializerCompiler(true)(route(schema))({ code: 'vnd' })).toThrow(/compiled serializer/);
  });
});
