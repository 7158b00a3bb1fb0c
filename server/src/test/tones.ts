import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A real audio file made by ffmpeg: a tone of the given length in the given container, with
 * tags, and a cover embedded when one is given (MP3 only).
 */
export function toneFile(
  format: 'mp3' | 'aiff' | 'flac',
  {
    seconds = 3,
    frequency = 440,
    tags = {},
    cover,
  }: { seconds?: number; frequency?: number; tags?: Record<string, string>; cover?: Buffer } = {},
): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tone-'));
  try {
    const out = path.join(dir, `tone.${format}`);
    const args = ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'];
    args.push('-i', `sine=frequency=${frequency}:duration=${seconds}`);
    if (cover) {
      writeFileSync(path.join(dir, 'cover.png'), cover);
      args.push('-i', path.join(dir, 'cover.png'), '-map', '0', '-map', '1', '-c:v', 'png');
      args.push('-id3v2_version', '3', '-metadata:s:v', 'comment=Cover (front)');
    }
    for (const [key, value] of Object.entries(tags)) args.push('-metadata', `${key}=${value}`);
    args.push(out);
    const result = spawnSync('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    if (result.status !== 0) throw new Error(`ffmpeg failed: ${String(result.stderr)}`);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
