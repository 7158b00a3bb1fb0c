import fs from 'node:fs';
import type { Track } from '@cadenza/contracts/music';
import { etagOf } from '../../../core/byte-ranges.js';
import { countWhileOpen } from '../../../core/http-metrics.js';
import { sendFile, sendStream } from '../../../core/send-file.js';
import { readAudio } from '../../music/plays/streaming.js';
import { USUAL_KBPS } from '../../music/plays/transcoder.js';
import { pictureAt } from '../subsonic-media.js';
import { missing, SUBSONIC_ERRORS, SubsonicError } from '../subsonic-response.js';
import type { SubsonicContext } from './context.js';
import { STREAMED, type Methods } from './method.js';
import { idParam, listed, subsonicUsername } from './params.js';

/** Audio is the caller's own to keep for an hour, as the web player's streams. */
const AUDIO_CACHING = 'private, max-age=3600';

/** Media retrieval: audio (streamed or downloaded), covers, avatars and lyrics. */
export function mediaRetrievalMethods({ music, users, storage }: SubsonicContext): Methods {
  const { catalogue, playlists, search } = music;
  return {
    /**
     * The audio, with ranges; transcoded to MP3 through ffmpeg (when the server has it) for
     * `format=mp3`, a `maxBitRate` below the file's, or a `timeOffset`.
     */
    async stream(params, caller, request, reply) {
      const { track, file } = await catalogue.audioOf(idParam(params), caller.actor);
      const audio = await music.audioFiles.get(file);
      if (!audio) throw new SubsonicError(SUBSONIC_ERRORS.notFound, 'The audio file is missing.');
      countWhileOpen(reply, 'audio');
      const { stat } = audio;
      const maxKbps = Number(params.get('maxBitRate') ?? 0);
      const offset = Number(params.get('timeOffset') ?? 0);
      const sourceKbps = track.bitrate ? track.bitrate / 1000 : Infinity;
      const lower = Number.isFinite(maxKbps) && maxKbps > 0 && maxKbps < sourceKbps;
      const wantsMp3 = params.get('format') === 'mp3' && !/mpeg|mp3/.test(track.mime);
      const skip = Number.isFinite(offset) && offset > 0;
      const transcoded =
        (lower || wantsMp3 || skip) && params.get('format') !== 'raw'
          ? await music.transcoder.mp3(file, {
              mime: track.mime,
              kbps: lower ? Math.max(32, Math.min(320, Math.round(maxKbps))) : USUAL_KBPS,
              offsetSeconds: skip ? offset : 0,
            })
          : null;
      if (transcoded) {
        sendStream(reply, { ...transcoded, type: 'audio/mpeg', cacheControl: AUDIO_CACHING });
        return STREAMED;
      }
      await sendFile(request, reply, {
        size: stat.size,
        etag: etagOf(stat),
        lastModified: stat.mtime,
        type: track.mime,
        cacheControl: AUDIO_CACHING,
        body: (range) => music.audioFiles.body(audio, reply.raw, range),
      });
      return STREAMED;
    },
    /** A file, for clients that keep music offline: only where the plan allows downloads. */
    async download(params, caller, request, reply) {
      const { file, filename } = await catalogue.downloadOf(idParam(params), caller.actor);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile()) {
        throw new SubsonicError(SUBSONIC_ERRORS.notFound, 'The audio file is missing.');
      }
      await sendFile(request, reply, {
        size: stat.size,
        etag: etagOf(stat),
        lastModified: stat.mtime,
        type: 'application/octet-stream',
        cacheControl: 'private, no-store',
        disposition: { kind: 'attachment', filename },
        body: async (range) => readAudio(file, range),
      });
      return STREAMED;
    },
    /** Covers by the ids the other calls hand out: `al-`, `ar-`, `tr-` and `pl-`. */
    async getCoverArt(params, caller, _request, reply) {
      const raw = params.get('id');
      if (!raw) throw missing('id');
      const [, kind, number] = /^(al|ar|tr|pl)-(\d+)$/.exec(raw) ?? [];
      const id = Number(number);
      const url =
        kind === 'al'
          ? (await catalogue.albumsByIds([id], listed(caller)))[0]?.image
          : kind === 'ar'
            ? (([artist]) => artist?.image_large ?? artist?.image_small)(
                await catalogue.artistsByIds([id], listed(caller)),
              )
            : kind === 'tr'
              ? (await catalogue.tracksByIds([id], listed(caller)))[0]?.album?.image
              : kind === 'pl'
                ? (({ image, mosaic }) => image ?? mosaic[0])(await playlists.get(id, caller))
                : undefined;
      const size = Number(params.get('size'));
      const picture = await pictureAt(
        storage,
        url,
        Number.isSafeInteger(size) && size > 0 ? size : undefined,
      );
      if (!picture) throw new SubsonicError(SUBSONIC_ERRORS.notFound, 'Cover art not found.');
      void reply
        .type(picture.type)
        .header('cache-control', 'private, max-age=86400')
        .send(picture.data);
      return STREAMED;
    },
    async getAvatar(params, caller, _request, reply) {
      const user = await users.findById(caller.userId);
      const name = params.get('username');
      if (!user || (name && name !== subsonicUsername(user))) {
        throw new SubsonicError(SUBSONIC_ERRORS.notFound, 'Avatar not found.');
      }
      const picture = await pictureAt(storage, user.avatar, undefined);
      if (!picture) throw new SubsonicError(SUBSONIC_ERRORS.notFound, 'Avatar not found.');
      void reply.type(picture.type).send(picture.data);
      return STREAMED;
    },
    async getLyrics(params, caller) {
      const artist = params.get('artist') ?? '';
      const title = params.get('title') ?? '';
      if (!title) return { lyrics: {} };
      const { results } = await search.search(
        `${artist} ${title}`,
        ['tracks'],
        { page: 1, perPage: 10 },
        listed(caller),
      );
      const found = (results.tracks?.data as Track[] | undefined)?.find(
        (track) => track.name.toLowerCase() === title.trim().toLowerCase(),
      );
      const track = found && (await catalogue.track(found.id, listed(caller)));
      const text =
        track && (track.lyrics ?? track.synced_lyrics?.map((line) => line.text).join('\n'));
      return {
        lyrics: text ? { artist: track.artists[0]?.name, title: track.name, value: text } : {},
      };
    },
    /** The songLyrics extension: synced lines with their start, or plain lines. */
    async getLyricsBySongId(params, caller) {
      const track = await catalogue.track(idParam(params), listed(caller));
      const lines = track.synced_lyrics?.length
        ? track.synced_lyrics.map((line) => ({ start: line.time_ms, value: line.text }))
        : (track.lyrics ?? '')
            .split('\n')
            .filter(Boolean)
            .map((value) => ({ value }));
      if (lines.length === 0) return { lyricsList: {} };
      return {
        lyricsList: {
          structuredLyrics: [
            {
              displayArtist: track.artists[0]?.name,
              displayTitle: track.name,
              lang: 'xxx',
              synced: Boolean(track.synced_lyrics?.length),
              line: lines,
            },
          ],
        },
      };
    },
  };
}
