import fs from 'node:fs';
import path from 'node:path';
import type { ImportTrackInput } from '@cadenza/contracts/music';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';

/** A mono 16-bit PCM WAV of a sine tone: a real, playable file of a known size. */
export function wavBytes(seconds: number, sampleRate = 8000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++)
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 8000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export function coverPng(color = '#3366ff'): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
    .png()
    .toBuffer();
}

let sequence = 0;

/** Writes a WAV into the app's data folder and imports it as a track. */
export async function importTrack(
  app: FastifyInstance,
  dataDir: string,
  overrides: Partial<ImportTrackInput> = {},
) {
  sequence++;
  const relative = path.join('music', `fixture-${sequence}-${Date.now()}.wav`);
  const bytes = wavBytes(1);
  fs.mkdirSync(path.join(dataDir, 'music'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, relative), bytes);
  return app.services.catalogue.importTrack({
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
  });
}
