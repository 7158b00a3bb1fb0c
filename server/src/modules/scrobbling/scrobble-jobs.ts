import type { Kysely } from 'kysely';
import type { ScrobblerName } from '@cadenza/contracts/scrobbling';
import type { Database } from '../../db/schema.js';
import type { EventBus } from '../../infra/events.js';
import type { JobQueue, Jobs } from '../../infra/jobs/index.js';
import type { SecretBox } from '../../infra/secret-box.js';
import { SYSTEM_ACTOR } from '../music/actor.js';
import type { MusicServices } from '../music/music.services.js';
import type { LastFmClient } from './lastfm.client.js';
import type { ListenBrainzClient } from './listenbrainz.client.js';
import * as repo from './scrobbling.repo.js';
import { ScrobblerRejectedError, type ScrobbledTrack } from './scrobble-errors.js';

interface ScrobbleJob {
  service: ScrobblerName;
  userId: number;
  trackId: number;
  /** A listen: when it started. Absent: the track plays now. */
  startedAt?: string;
}

/** Tries of a listen: with the default wait of 30 s doubled each time, about half an hour. */
const LISTEN_ATTEMPTS = 7;

/**
 * Sends each counted play of a listener to the services they connected, and each started track
 * as "now playing", through the job queue: retried with backoff while a service fails, once per
 * play (the job's id is the play's). A token the service refuses disconnects it, and the user is
 * told, instead of trying again and again.
 */
export function scrobbleJobs({
  db,
  box,
  jobs,
  events,
  music,
  listenBrainz,
  lastFm,
  retryMs,
  onRejected,
}: {
  db: Kysely<Database>;
  box: SecretBox;
  jobs: Jobs;
  events: EventBus;
  music: Pick<MusicServices, 'catalogue'>;
  listenBrainz: ListenBrainzClient;
  lastFm: LastFmClient | null;
  retryMs: number;
  onRejected: (userId: number, service: ScrobblerName) => Promise<void>;
}): void {
  async function trackOf(trackId: number): Promise<ScrobbledTrack | null> {
    const [track] = await music.catalogue.tracksByIds([trackId], {
      userId: null,
      actor: SYSTEM_ACTOR,
    });
    if (!track) return null;
    return {
      artist: track.artists.map((artist) => artist.name).join(', ') || 'Unknown artist',
      title: track.name,
      album: track.album?.name ?? null,
      durationMs: track.duration_ms,
      recordingMbid: track.musicbrainz_id ?? null,
    };
  }

  async function send(job: ScrobbleJob): Promise<void> {
    const row = await repo.findScrobbler(db, job.userId, job.service);
    // Disconnected since the play: nothing to send.
    if (!row) return;
    const track = await trackOf(job.trackId);
    if (!track) return;
    const token = box.open(row.sealed_token);
    try {
      if (job.service === 'listenbrainz') {
        await listenBrainz.submit(
          token,
          job.startedAt
            ? { type: 'single', listenedAt: new Date(job.startedAt) }
            : { type: 'playing_now' },
          track,
        );
      } else if (lastFm) {
        if (job.startedAt) await lastFm.scrobble(token, track, new Date(job.startedAt));
        else await lastFm.nowPlaying(token, track);
      }
    } catch (error) {
      if (!(error instanceof ScrobblerRejectedError)) throw error;
      // Only the token that was refused goes: one saved meanwhile is a new sign-in.
      if (await repo.deleteScrobbler(db, job.userId, job.service, row.sealed_token)) {
        await onRejected(job.userId, job.service);
      }
    }
  }

  const listens: JobQueue<ScrobbleJob> = jobs.queue('scrobbles', send, {
    concurrency: 4,
    attempts: LISTEN_ATTEMPTS,
    backoffMs: retryMs,
  });
  // What plays now is stale in minutes: one retry, soon.
  const nowPlaying: JobQueue<ScrobbleJob> = jobs.queue('now-playing', send, {
    concurrency: 4,
    attempts: 2,
    backoffMs: Math.min(retryMs, 10_000),
  });

  async function connectedServices(userId: number): Promise<ScrobblerName[]> {
    const rows = await repo.scrobblersOf(db, userId);
    return rows
      .map((row) => row.service as ScrobblerName)
      .filter((service) => service === 'listenbrainz' || lastFm !== null);
  }

  events.on('music.play_counted', async ({ playId, trackId, userId, startedAt }) => {
    for (const service of await connectedServices(userId)) {
      await listens.add(
        { service, userId, trackId, startedAt },
        { jobId: `${service}-play-${playId}` },
      );
    }
  });

  events.on('music.now_playing', async ({ trackId, userId }) => {
    for (const service of await connectedServices(userId)) {
      await nowPlaying.add({ service, userId, trackId });
    }
  });
}
