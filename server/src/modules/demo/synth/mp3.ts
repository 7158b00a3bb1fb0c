import { Mp3Encoder } from '@breezystack/lamejs';

const BLOCK = 1152 * 16;

/** Encodes mono samples in [-1, 1] as a constant-bitrate MP3. */
export function encodeMp3(samples: Float32Array, sampleRate: number, kbps: number): Uint8Array {
  const encoder = new Mp3Encoder(1, sampleRate, kbps);
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const value = Math.max(-1, Math.min(1, samples[i]!));
    pcm[i] = Math.round(value * 32767);
  }
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < pcm.length; i += BLOCK) {
    const chunk = encoder.encodeBuffer(pcm.subarray(i, i + BLOCK));
    if (chunk.length > 0) chunks.push(chunk);
  }
  chunks.push(encoder.flush());
  const out = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
