import fc from 'fast-check';
import { z } from 'zod';

/** The slice of JSON Schema that Zod's `toJSONSchema` writes for our request schemas. */
interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
}

/** Values nobody should send, which every route must still answer without a server error. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    Number.MAX_SAFE_INTEGER,
    -Number.MAX_SAFE_INTEGER,
    1e308,
    '',
    ' ',
    '0',
    '-1',
    '1e3',
    '0x10',
    'null',
    'undefined',
    '../../../etc/passwd',
    '%00',
    '\u0000',
    '\u202Egnp.exe',
    '\uD800',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '{"$gt":""}',
    [],
    {},
    [[[]]],
    { __proto__: { polluted: true } },
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 1000, maxLength: 20_000 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
  fc.anything({ maxDepth: 2 }),
);

/** The JSON Schema of a request part (params, query, body) as the client sends it. */
export function requestSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/**
 * Values for a schema: mostly ones shaped like it (so requests get past the first checks and
 * reach the rules behind them), mixed with hostile ones at every depth.
 */
export function arbitraryFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  return fc.oneof(
    { weight: 4, arbitrary: shaped(schema, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}

function shaped(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => arbitraryFor(choice, depth + 1)));
  if (schema.allOf?.length) return arbitraryFor(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return objectOf(schema, depth);
    case 'array':
      return fc.array(arbitraryFor(schema.items, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'string':
      return stringOf(schema);
    case 'integer':
      // Small numbers are the ids of what the test's users own, so rules behind an owner
      // check get reached too.
      return fc.oneof(
        { weight: 2, arbitrary: fc.integer({ min: 0, max: 6 }) },
        {
          weight: 1,
          arbitrary: fc.integer({
            min: Math.max(schema.minimum ?? -1000, -1e9),
            max: Math.min(schema.maximum ?? 100_000, 1e9),
          }),
        },
      );
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return hostileValue;
  }
}

function objectOf(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0)
    return fc.dictionary(fc.string({ maxLength: 10 }), hostileValue, { maxKeys: 3 });
  const record = fc.record(
    Object.fromEntries(keys.map((key) => [key, arbitraryFor(properties[key], depth + 1)])),
    { requiredKeys: [] },
  );
  // Sometimes a key the schema does not know rides along.
  return fc
    .tuple(record, fc.option(fc.tuple(fc.string({ maxLength: 12 }), hostileValue)))
    .map(([value, extra]) => (extra ? { ...value, [extra[0]]: extra[1] } : value));
}

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    try {
      const pattern = new RegExp(schema.pattern);
      const matching = fc.stringMatching(pattern).filter((value) => value.length < 500);
      // Ids in paths and queries: small ones are the test users' own objects.
      const ids = ['0', '1', '2', '3', '4', '5', '6'].filter((id) => pattern.test(id));
      return ids.length > 0 ? fc.oneof(fc.constantFrom(...ids), matching) : matching;
    } catch {
      // A pattern the generator cannot read: plain strings below.
    }
  }
  return fc.string({
    minLength: Math.min(schema.minLength ?? 0, 50),
    maxLength: Math.min(schema.maxLength ?? 60, 300),
  });
}
