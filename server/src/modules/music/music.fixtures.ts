import fs from 'node:fs';
import path from 'node:path';
import type { ImportTrackInput } from '@cadenza/contracts/music';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { sharp } from '../../infra/sharp.js';

import { wavBytes } from '../../test/wav.js';

export { wavBytes };

export function coverPng(color = '#3366ff'): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
    .png()
    .toBuffer();
}

let sequence = 0;

/** Where a track's file is, as the importer knows it. */
export async function audioPathOf(db: Kysely<Database>, trackId: number): Promise<string> {
  const row = await db
    .selectFrom('tracks')
    .select('audio_path')
    .where('id', '=', trackId)
    .executeTakeFirstOrThrow();
  return row.audio_path;
}

/** Writes a WAV into the app's data folder: what the importer would read of it. */
export function trackInput(
  dataDir: string,
  overrides: Partial<ImportTrackInput> = {},
): ImportTrackInput {
  sequence++;
  const relative = path.join('music', `fixture-${sequence}-${Date.now()}.wav`);
  const bytes = wavBytes(1);
  fs.mkdirSync(path.join(dataDir, 'music'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, relative), bytes);
  return {
    title: `Track ${sequence}`,
    artists: ['Fixture Artist'],
    albumArtists: [],
    album: 'Fixture Album',
    trackNumber: 1,
    discNumber: 1,
    year: 2020,
    genres: ['Rock'],
    durationMs: 1000,
    codec: 'PCM',
    bitrate: 128000,
    mime: 'audio/wav',
    fileSize: bytes.length,
    audioPath: relative,
    ...overrides,
  };
}

/** Writes a WAV into the app's data folder and imports it as a track. */
export async function importTrack(
  app: FastifyInstance,
  dataDir: string,
  overrides: Partial<ImportTrackInput> = {},
) {
  return app.services.catalogue.importTrack(trackInput(dataDir, overrides));
}
