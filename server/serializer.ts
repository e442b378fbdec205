/**
 * How API answers become JSON (issue 19). Every route declares its answer as a zod schema; the stock
 * compiler parses each answer with it (a checked copy of every row) and then runs JSON.stringify, which
 * was the largest cost the API added to a report page on top of its query.
 *
 * Here the schema is turned into JSON Schema once, on the route's first answer, and compiled by
 * fast-json-stringify (what Fastify itself uses): it writes only the declared fields, in the schema's
 * order, straight from the handler's objects. A field the schema does not declare never leaves, as before.
 * A schema JSON Schema cannot express (a transform) keeps the zod path.
 *
 * With `checkResponses` (the API tests) zod still parses every answer, a wrong shape is still a 500,
 * and the compiled serializer must write the same JSON as the checked path (keys may come in another
 * order): every answer the suites see proves that the fast path changes nothing.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';

type JsonSchema = { [key: string]: unknown };
type Serialize = (data: unknown) => string;

const isZod = (value: unknown): value is z.ZodType => value instanceof z.core.$ZodType;

/** The route's zod schema: given as is, or wrapped as `{ properties }` by Fastify for some status codes. */
function zodSchemaOf(schema: unknown): z.ZodType | null {
  if (isZod(schema)) return schema;
  const wrapped = (schema as { properties?: unknown } | null)?.properties;
  return isZod(wrapped) ? wrapped : null;
}

/**
 * `anyOf: [X, {type: 'null'}]`, zod's nullable, as `type: [X's type, 'null']`: fast-json-stringify
 * validates every anyOf branch at run time to choose one, a type list costs a typeof.
 */
function withNullableTypes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullableTypes);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = withNullableTypes(value);
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(out).length === 1) {
    const nullAt = anyOf.findIndex((branch: JsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = anyOf[1 - nullAt] as JsonSchema | undefined;
    if (nullAt >= 0 && other && typeof other.type === 'string' && !('anyOf' in other)) return { ...other, type: [other.type, 'null'] };
  }
  return out;
}

/** The answer's JSON Schema as fast-json-stringify reads it; null when JSON Schema cannot express the schema. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema | null {
  try {
    return withNullableTypes(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' })) as JsonSchema;
  } catch {
    return null;
  }
}

export function responseSerializerCompiler(checkResponses: boolean): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const checked = zodSerializerCompiler(route) as Serialize;
    // Compiled on the route's first answer: compiling every route's schemas at start would cost seconds.
    let fast: Serialize | false | undefined;
    const compiled = (): Serialize | false => {
      if (fast !== undefined) return fast;
      const zodSchema = zodSchemaOf(route.schema);
      const json = zodSchema && responseJsonSchema(zodSchema);
      fast = json ? (fastJson(json) as Serialize) : false;
      return fast;
    };
    if (!checkResponses) {
      return (data) => {
        const serialize = compiled();
        return serialize ? serialize(data) : checked(data);
      };
    }
    return (data) => {
      const text = checked(data);
      const serialize = compiled();
      // Keys come in the schema's order from one and in the handler's from the other: compared as values.
      if (serialize && !isDeepStrictEqual(JSON.parse(serialize(data)), JSON.parse(text))) {
        throw new Error(`${route.method} ${route.url} (${route.httpStatus}): the compiled serializer writes another answer than the checked one`);
      }
      return text;
    };
  };
}
