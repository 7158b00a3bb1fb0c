import { Mp3Encoder } from '@breezystack/lamejs';
import { sharp } from '../../infra/sharp.js';

/**
 * Audio files for tests: a short MP3 tone made with lamejs, tagged with a small ID3v2.3
 * writer (text frames, APIC cover, USLT lyrics), as tagging software would.
 */
export interface Id3Tags {
  title?: string;
  artist?: string;
  albumArtist?: string;
  album?: string;
  track?: string;
  disc?: string;
  year?: string;
  genre?: string;
  /** iTunes compilation flag (TCMP = 1). */
  compilation?: boolean;
  cover?: { data: Buffer; mime: string };
  lyrics?: string;
}

export function mp3Tone(seconds: number, frequency = 440, sampleRate = 16_000): Buffer {
  const encoder = new Mp3Encoder(1, sampleRate, 64);
  const pcm = new Int16Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < pcm.length; i++)
    pcm[i] = Math.round(8000 * Math.sin((2 * Math.PI * frequency * i) / sampleRate));
  return Buffer.concat([Buffer.from(encoder.encodeBuffer(pcm)), Buffer.from(encoder.flush())]);
}

function frame(id: string, body: Buffer): Buffer {
  const header = Buffer.alloc(10);
  header.write(id, 0, 'latin1');
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

/** A text frame in UTF-16 with a byte order mark, so any name survives. */
function textFrame(id: string, text: string): Buffer {
  return frame(
    id,
    Buffer.concat([Buffer.from([1, 0xff, 0xfe]), Buffer.from(text, 'utf16le'), Buffer.alloc(2)]),
  );
}

function syncsafe(size: number): Buffer {
  return Buffer.from([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
}

export function id3v2(tags: Id3Tags): Buffer {
  const frames: Buffer[] = [];
  const text: [keyof Id3Tags, string][] = [
    ['title', 'TIT2'],
    ['artist', 'TPE1'],
    ['albumArtist', 'TPE2'],
    ['album', 'TALB'],
    ['track', 'TRCK'],
    ['disc', 'TPOS'],
    ['year', 'TYER'],
    ['genre', 'TCON'],
  ];
  for (const [key, id] of text) {
    const value = tags[key];
    if (typeof value === 'string') frames.push(textFrame(id, value));
  }
  if (tags.compilation) frames.push(textFrame('TCMP', '1'));
  if (tags.cover) {
    frames.push(
      frame(
        'APIC',
        Buffer.concat([
          Buffer.from([0]),
          Buffer.from(`${tags.cover.mime}\0`, 'latin1'),
          Buffer.from([3]), // front cover
          Buffer.from('\0', 'latin1'),
          tags.cover.data,
        ]),
      ),
    );
  }
  if (tags.lyrics) {
    frames.push(
      frame(
        'USLT',
        Buffer.concat([
          Buffer.from([1]),
          Buffer.from('eng', 'latin1'),
          Buffer.from([0xff, 0xfe, 0, 0]), // empty descriptor
          Buffer.from([0xff, 0xfe]),
          Buffer.from(tags.lyrics, 'utf16le'),
        ]),
      ),
    );
  }
  const body = Buffer.concat(frames);
  return Buffer.concat([Buffer.from('ID3\x03\x00\x00', 'latin1'), syncsafe(body.length), body]);
}

export function taggedMp3(tags: Id3Tags, seconds = 1.5, frequency = 440): Buffer {
  return Buffer.concat([id3v2(tags), mp3Tone(seconds, frequency)]);
}

/** A small solid-colour image, as a cover would be. */
export async function coverImage(
  colour: string,
  format: 'jpeg' | 'png' = 'jpeg',
): Promise<{ data: Buffer; mime: string }> {
  const image = sharp({ create: { width: 64, height: 64, channels: 3, background: colour } });
  return format === 'png'
    ? { data: await image.png().toBuffer(), mime: 'image/png' }
    : { data: await image.jpeg().toBuffer(), mime: 'image/jpeg' };
}

/** A 16-bit mono WAV tone with a RIFF INFO list (INAM title, IART artist, IPRD album). */
export function taggedWav(
  tags: { title?: string; artist?: string; album?: string },
  seconds = 1,
  sampleRate = 8000,
): Buffer {
  const chunk = (id: string, body: Buffer) => {
    const header = Buffer.alloc(8);
    header.write(id, 0, 'latin1');
    header.writeUInt32LE(body.length, 4);
    return Buffer.concat([header, body, body.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  };
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(1, 0); // PCM
  fmt.writeUInt16LE(1, 2); // mono
  fmt.writeUInt32LE(sampleRate, 4);
  fmt.writeUInt32LE(sampleRate * 2, 8);
  fmt.writeUInt16LE(2, 12);
  fmt.writeUInt16LE(16, 14);
  const samples = Buffer.alloc(Math.round(seconds * sampleRate) * 2);
  for (let i = 0; i < samples.length / 2; i++)
    samples.writeInt16LE(Math.round(6000 * Math.sin((2 * Math.PI * 330 * i) / sampleRate)), i * 2);
  const info = [
    ['INAM', tags.title],
    ['IART', tags.artist],
    ['IPRD', tags.album],
  ]
    .filter((entry): entry is [string, string] => !!entry[1])
    .map(([id, value]) => chunk(id, Buffer.from(`${value}\0`, 'utf8')));
  const list = chunk('LIST', Buffer.concat([Buffer.from('INFO', 'latin1'), ...info]));
  const body = Buffer.concat([
    Buffer.from('WAVE', 'latin1'),
    chunk('fmt ', fmt),
    list,
    chunk('data', samples),
  ]);
  return chunk('RIFF', body);
}
