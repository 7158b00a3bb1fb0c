import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ImportedTrack } from '@cadenza/contracts/library';
import { AppError } from '../../core/errors.js';
import { playableContainer } from '../music/audio-analysis.js';
import type { CatalogueWriter } from './catalogue-port.js';
import { readTags, readTrack } from './tags.js';

/** Audio an admin uploaded for import, under the data folder. */
export const UPLOADED_AUDIO = path.join('audio', 'imported');

const NOT_AUDIO = 'This file is not audio Cadenza can import: use MP3, FLAC, Ogg, WAV, AAC or M4A.';

/** Types the uploads module may find by content for a file that can still be audio. */
const MAYBE_AUDIO = /^(audio\/|video\/mp4$|application\/(ogg|octet-stream)$)/;

/** What an upload brings: its shown name, its path in a folder upload and its sniffed type. */
export interface UploadedAudio {
  name: string;
  relativePath: string | null;
  mime: string;
}

/**
 * Imports audio files an admin uploaded from the browser as the folder import does: the file is
 * copied into the data folder, checked to be audio by its content, and its tags (or, lacking
 * them, its name and the folders it was uploaded in) name the track, album and artists.
 */
export function createUploadImport({
  dataDir,
  catalogue,
}: {
  dataDir: string;
  catalogue: CatalogueWriter;
}) {
  return async function importUpload(
    upload: UploadedAudio,
    source: Readable,
  ): Promise<ImportedTrack> {
    if (!MAYBE_AUDIO.test(upload.mime)) {
      source.destroy();
      throw AppError.validation({ file_entry_id: NOT_AUDIO });
    }
    const folder = path.join(dataDir, UPLOADED_AUDIO);
    await fs.mkdir(folder, { recursive: true });
    const id = crypto.randomUUID();
    const temporary = path.join(folder, `.${id}`);
    let kept: string | undefined;
    try {
      await pipeline(source, createWriteStream(temporary));
      const tags = await readTags(temporary).catch(() => null);
      const type = playableContainer(tags?.format.container);
      const duration = tags?.format.duration;
      if (!tags || !type || !duration || !Number.isFinite(duration) || duration <= 0) {
        throw AppError.validation({ file_entry_id: NOT_AUDIO });
      }
      const relative = path.join(UPLOADED_AUDIO, `${id}${type.ext}`);
      kept = path.join(dataDir, relative);
      await fs.rename(temporary, kept);
      const { size } = await fs.stat(kept);
      const input = await readTrack(
        kept,
        {
          size,
          folderCover: null,
          compilation: false,
          siblings: new Set(),
          relativePath: upload.relativePath || upload.name,
        },
        tags,
      );
      const [result] = await catalogue.importTracks([{ ...input, audioPath: relative }]);
      kept = undefined;
      return {
        id: result!.trackId,
        name: input.title,
        artists: input.artists,
        album: input.album,
      };
    } finally {
      await fs.rm(temporary, { force: true });
      if (kept) await fs.rm(kept, { force: true });
    }
  };
}
