import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signedInUser } from '../../test/factories.js';
import type { TestApp } from '../../test/test-app.js';

/**
 * A label: a workspace its owner made, with one more person in it as a plain member (added as
 * an accepted invitation leaves them).
 */
export async function labelWithMember(t: TestApp, name: string) {
  const owner = await signedInUser(t.app);
  const member = await signedInUser(t.app);
  const workspace = (await owner.client.post('/api/v1/workspace', { name })).json().workspace as {
    id: number;
    name: string;
  };
  await t.db.kysely
    .insertInto('workspace_members')
    .values({
      workspace_id: workspace.id,
      user_id: member.user.id,
      role: 'member',
      created_at: new Date().toISOString(),
    })
    .execute();
  return { owner, member, workspace };
}

/** An artist handed to a user, or to a workspace, as an approved request leaves it. */
export async function managedArtist(
  t: TestApp,
  name: string,
  manager: { userId?: number; workspaceId?: number },
) {
  const id = (await t.app.services.catalogue.createArtist(name))!;
  await t.db.kysely
    .insertInto('artist_managers')
    .values({
      artist_id: id,
      user_id: manager.userId ?? null,
      workspace_id: manager.workspaceId ?? null,
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}

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
