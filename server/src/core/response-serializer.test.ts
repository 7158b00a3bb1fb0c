import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializerCompiler, plainJsonSchema } from './response-serializer.js';

// A catalogue in miniature: items told apart by `model_type`, and channels that hold channels.
const trackSchema = z.object({
  id: z.number(),
  model_type: z.literal('track'),
  name: z.string(),
  album: z.object({ id: z.number(), name: z.string() }).nullable(),
  is_liked: z.boolean().optional(),
});
const albumSchema = z.object({
  id: z.number(),
  model_type: z.literal('album'),
  name: z.string(),
  tracks: z.array(trackSchema).optional(),
});
type Channel = { id: number; model_type: 'channel'; items: (Track | Album | Channel)[] };
type Track = z.infer<typeof trackSchema>;
type Album = z.infer<typeof albumSchema>;
const channelSchema: z.ZodType<Channel> = z.lazy(() =>
  z.object({
    id: z.number(),
    model_type: z.literal('channel'),
    items: z.array(z.union([trackSchema, albumSchema, channelSchema])),
  }),
) as z.ZodType<Channel>;
const pageSchema = z.object({
  channel: channelSchema,
  counts: z.record(z.string(), z.number()),
  settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  note: z.string().nullish(),
  meta: z.unknown(),
});

const track = {
  id: 1,
  model_type: 'track',
  name: 'Low "Light"\n',
  album: { id: 9, name: 'Zero Hour', cover_path: '/private/9.jpg' },
  is_liked: true,
  // Read from the database beside the track; never part of an answer.
  file_path: '/music/private/1.mp3',
} as const;
const album = { id: 9, model_type: 'album', name: 'Zero Hour', tracks: [track], owner_id: 3 };
const page = {
  channel: {
    id: 1,
    model_type: 'channel',
    items: [
      track,
      { ...track, id: 2, album: null, is_liked: undefined },
      album,
      { id: 2, model_type: 'channel', items: [album, track], query: 'select' },
    ],
  },
  counts: { '2': 2, tracks: 10 },
  settings: { 'site.name': 'Cadenza', 'site.open': true, 'site.limit': 3, 'site.logo': null },
  note: undefined,
  meta: { free: ['form', 1, null] },
  session_secret: 'never sent',
};

let app: FastifyInstance | undefined;
afterEach(() => app?.close());

async function answer(check: boolean, schema: z.ZodType, value: unknown) {
  app = Fastify();
  app.setSerializerCompiler(createResponseSerializerCompiler({ check }));
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/answer', { schema: { response: { 200: schema } } }, async () => value as never);
  return app.inject({ method: 'GET', url: '/answer' });
}

/** The text Zod writes for `value` by `schema`, as every answer was written before. */
function writtenByZod(schema: z.ZodType, value: unknown): string {
  const write = serializerCompiler({ schema, method: 'GET', url: '/', httpStatus: '200' } as never);
  return (write as (data: unknown) => string)(value);
}

describe('answers written from their schemas', () => {
  it('writes plain data as Zod did, to the character, without what the schema leaves out', async () => {
    expect(plainJsonSchema(pageSchema)).toBeDefined();
    const expected = writtenByZod(pageSchema, page);
    for (const check of [false, true]) {
      const response = await answer(check, pageSchema, page);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(expected);
      expect(response.body).not.toMatch(/private|owner_id|query|never sent/);
      await app?.close();
    }
    expect(JSON.parse(expected).channel.items.map((item: Channel) => item.model_type)).toEqual([
      'track',
      'track',
      'album',
      'channel',
    ]);
  });

  it('leaves to Zod what is not plain data: codecs, transforms, defaults, unions of look-alikes', async () => {
    const date = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (value) => value.toISOString(),
    });
    const schemas = [
      z.object({ at: date }),
      z.object({ name: z.string().transform((name) => name.trim()) }),
      z.object({ page: z.number().default(1) }),
      z.union([z.object({ a: z.number() }), z.object({ b: z.number() })]),
    ];
    for (const schema of schemas) expect(plainJsonSchema(schema)).toBeUndefined();

    const at = new Date('2026-11-29T12:00:00.000Z');
    const response = await answer(false, z.object({ at: date }), { at });
    expect(response.json()).toEqual({ at: '2026-11-29T12:00:00.000Z' });
  });

  it('answers an error when an answer does not fit its schema, outside production', async () => {
    const response = await answer(true, z.object({ count: z.number() }), { count: 'three' });
    expect(response.statusCode).toBe(500);
  });

  it('answers an error, outside production, where the two would write an answer differently', async () => {
    // Zod reads the properties of a value with its own `toJSON`; fast-json-stringify writes what
    // `toJSON` gives.
    const schema = z.object({ id: z.number() });
    const value = { id: 1, toJSON: () => ({ id: 2 }) };
    expect(writtenByZod(schema, value)).toBe('{"id":1}');
    const response = await answer(true, schema, value);
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toMatch(/written as "\{\\"id\\":2\}" where its schema writes/);
  });
});
