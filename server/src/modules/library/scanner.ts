import fs from 'node:fs/promises';
import path from 'node:path';
import { isAudioFile } from './tags.js';

/** The audio files of one directory, with every name in it (for covers and lyrics beside them). */
export interface ScannedDirectory {
  dir: string;
  entries: string[];
  audioFiles: string[];
}

/**
 * Walks a folder recursively and lists its audio files directory by directory. Hidden entries
 * are skipped and symbolic links to directories are not followed, so a link cannot loop.
 */
export async function scanFolder(root: string): Promise<ScannedDirectory[]> {
  const result: ScannedDirectory[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    const dirents = await fs.readdir(dir, { withFileTypes: true });
    const audioFiles: string[] = [];
    for (const dirent of dirents) {
      if (dirent.name.startsWith('.')) continue;
      const full = path.join(dir, dirent.name);
      if (dirent.isDirectory()) pending.push(full);
      else if ((dirent.isFile() || dirent.isSymbolicLink()) && isAudioFile(dirent.name))
        audioFiles.push(full);
    }
    audioFiles.sort();
    if (audioFiles.length > 0)
      result.push({ dir, entries: dirents.map((d) => d.name), audioFiles });
  }
  return result.sort((a, b) => a.dir.localeCompare(b.dir));
}
