import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType } from 'zod/v4/core';

type JsonSchema = Record<string, unknown>;
type Write = (data: unknown) => string;

/**
 * Writes each route's answers from its Zod response schema. Zod checks every value of an answer
 * against the schema and builds a copy of it before it is written: for a page of 50 tracks or a
 * channel of the discover screen that was a third of the request and more. Where the schema is
 * plain data (objects, arrays, strings, numbers, booleans, nulls, maps by name, and the
 * catalogue's items told apart by their `model_type`), the answer is written instead by
 * fast-json-stringify from the same schema: exactly the schema's properties, in its order, so
 * nothing a schema leaves out (a password's hash, a file's path) is ever sent, and the same text
 * Zod would write. Other schemas (transforms, codecs, defaults, other unions) are written by Zod.
 *
 * Unlike Zod, fast-json-stringify does not check the values: with `check` (development and
 * tests), each answer is written both ways, Zod's check applies as before, and the two texts
 * must be the same, so each answer of the test suite also proves the fast writer right.
 */
export function createResponseSerializerCompiler({
  check,
}: {
  check: boolean;
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    const byZod = zodSerializerCompiler(route as never) as Write;
    const json = route.schema instanceof $ZodType ? plainJsonSchema(route.schema) : undefined;
    if (!json) return byZod;
    // Built at the first answer: most routes of a server are never asked for.
    let fast: Write | undefined;
    const byFast: Write = (data) => (fast ??= fastJson(json) as Write)(data);
    if (!check) return byFast;
    return (data) => {
      const expected = byZod(data);
      const written = byFast(data);
      if (written !== expected) throw disagreement(route, written, expected);
      return written;
    };
  };
}

/** Where the two texts of an answer part, with a little of each around it. */
function disagreement(route: { method: string; url: string }, written: string, expected: string) {
  let at = 0;
  while (written[at] === expected[at]) at++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 60), at + 60));
  return new Error(
    `${route.method} ${route.url}: the answer was written as ${around(written)} where its ` +
      `schema writes ${around(expected)} (character ${at}).`,
  );
}

/**
 * `schema` as a JSON schema for fast-json-stringify, or undefined where it holds anything but
 * plain data (a transform, a codec, a default, a union it cannot tell apart…): Zod then writes it.
 */
export function plainJsonSchema(schema: $ZodType): JsonSchema | undefined {
  const definitions: Record<string, JsonSchema> = {};
  const root = new JsonSchemaOf(definitions).of(schema);
  return root && Object.keys(definitions).length > 0 ? { ...root, definitions } : root;
}

class JsonSchemaOf {
  /** Lazy schemas by name: channels hold channels, so each is written once and referred to. */
  readonly #named = new Map<$ZodType, string>();

  constructor(private readonly definitions: Record<string, JsonSchema>) {}

  of(schema: $ZodType): JsonSchema | undefined {
    const def = defOf(schema);
    switch (def.type) {
      case 'string':
      case 'number':
      case 'boolean':
      case 'null':
        return { type: def.type };
      case 'any':
      case 'unknown':
        return {};
      case 'literal':
        return sameType(def.values);
      case 'enum':
        return sameType(Object.values(def.entries));
      case 'readonly':
        return this.of(def.innerType);
      case 'nullable': {
        const inner = this.of(def.innerType);
        if (!inner || Object.keys(inner).length === 0) return inner;
        return 'type' in inner ? { ...inner, nullable: true } : undefined;
      }
      case 'array': {
        const items = this.of(def.element);
        return items && { type: 'array', items };
      }
      case 'record': {
        // Zod orders a map by its key schema's values when that is an enum: only free keys here.
        const values = defOf(def.keyType).type === 'string' && this.of(def.valueType);
        return values ? { type: 'object', additionalProperties: values } : undefined;
      }
      case 'object':
        return this.object(def);
      case 'union':
        return this.union(def.options);
      case 'lazy':
        return this.lazy(schema, def.getter);
      default:
        return undefined;
    }
  }

  object(def: ObjectDef): JsonSchema | undefined {
    // No property is declared required: fast-json-stringify would write those first, and the
    // answer would no longer be the same text as Zod's. Undefined ones are left out, as JSON does.
    const properties: Record<string, JsonSchema> = {};
    for (const [key, value] of Object.entries(def.shape)) {
      const inner = defOf(value);
      const property = this.of(inner.type === 'optional' ? inner.innerType : value);
      if (!property) return undefined;
      properties[key] = property;
    }
    const catchall = def.catchall && (defOf(def.catchall).type as string);
    if (catchall !== undefined && catchall !== 'never' && catchall !== 'unknown') return undefined;
    return {
      type: 'object',
      properties,
      // A loose object sends what it was given beyond its properties, as Zod passes it through.
      ...(catchall === 'unknown' ? { additionalProperties: true } : {}),
    };
  }

  /**
   * A union of plain values is written as it is. Zod writes a value of a union of objects as the
   * first that takes it; where each has its own literal value of one property (the catalogue's
   * `model_type`), only that one can, and the value is written as the one its property names.
   */
  union(options: readonly $ZodType[]): JsonSchema | undefined {
    const written = options.map((option) => this.of(option));
    if (written.every((schema) => schema && PLAIN_TYPES.has(schema.type as string))) return {};
    const objects = options.map(objectDefOf);
    const key = objects.every(Boolean) && discriminator(objects as ObjectDef[]);
    if (!key || !written.every(Boolean)) return undefined;
    let chain: JsonSchema = written.at(-1)!;
    for (let i = options.length - 2; i >= 0; i--) {
      const value = (defOf(objects[i]!.shape[key]!) as LiteralDef).values[0];
      const named = { type: 'object', properties: { [key]: { const: value } } };
      chain = { if: named, then: written[i]!, else: chain };
    }
    return chain;
  }

  lazy(schema: $ZodType, getter: () => $ZodType): JsonSchema | undefined {
    let name = this.#named.get(schema);
    if (name === undefined) {
      name = `lazy${this.#named.size}`;
      this.#named.set(schema, name);
      const inner = this.of(getter());
      if (!inner) return undefined;
      this.definitions[name] = inner;
    }
    return { $ref: `#/definitions/${name}` };
  }
}

const PLAIN_TYPES = new Set(['string', 'number', 'boolean', 'null']);

/** Literal or enum values as their one JSON type, or undefined when they mix types. */
function sameType(values: readonly unknown[]): JsonSchema | undefined {
  const types = new Set(values.map((value) => typeof value));
  const [type] = types;
  return types.size === 1 && PLAIN_TYPES.has(type!) ? { type } : undefined;
}

/** The property every object has with a literal value of its own, if there is one. */
function discriminator(objects: ObjectDef[]): string | undefined {
  return Object.keys(objects[0]!.shape).find((key) => {
    const values = objects.map((object) => {
      const property = object.shape[key] && defOf(object.shape[key]);
      return property?.type === 'literal' && property.values.length === 1
        ? property.values[0]
        : undefined;
    });
    return values.every((value) => value !== undefined) && new Set(values).size === values.length;
  });
}

/** The object a schema is, through any laziness. */
function objectDefOf(schema: $ZodType): ObjectDef | undefined {
  const def = defOf(schema);
  if (def.type === 'lazy') return objectDefOf(def.getter());
  return def.type === 'object' ? def : undefined;
}

/** The parts of Zod's schema definitions read here. */
type ObjectDef = { type: 'object'; shape: Record<string, $ZodType>; catchall?: $ZodType };
type LiteralDef = { type: 'literal'; values: readonly unknown[] };
type Def =
  | { type: 'string' | 'number' | 'boolean' | 'null' | 'any' | 'unknown' }
  | LiteralDef
  | { type: 'enum'; entries: Record<string, unknown> }
  | { type: 'readonly' | 'nullable' | 'optional'; innerType: $ZodType }
  | { type: 'array'; element: $ZodType }
  | { type: 'record'; keyType: $ZodType; valueType: $ZodType }
  | ObjectDef
  | { type: 'union'; options: readonly $ZodType[] }
  | { type: 'lazy'; getter: () => $ZodType }
  | { type: 'other' };

function defOf(schema: $ZodType): Def {
  return schema._zod.def as unknown as Def;
}
