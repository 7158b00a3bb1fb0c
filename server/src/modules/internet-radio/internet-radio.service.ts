import { paginated, type Pagination } from '@cadenza/contracts/http';
import {
  RADIO_PERMISSIONS,
  type RadioStation,
  type RadioStationInput,
} from '@cadenza/contracts/radio-stations';
import type { IncomingMessage } from 'node:http';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import { SafeFetchError, safeStream } from '../../infra/safe-fetch.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import { assertHolds, assertMayListen, type Actor } from '../music/actor.js';
import { MAX_METAINT, readFirstTitle } from './icy-metadata.js';
import * as repo from './internet-radio.repo.js';
import type { RadioStationRow } from './internet-radio.table.js';

/** How long a station's title is kept before its stream is read again (one read for everyone). */
const TITLE_TTL_MS = 15_000;
/** How long a stream may take to answer, and to reach its first title. */
const CONNECT_TIMEOUT_MS = 8_000;
const TITLE_TIMEOUT_MS = 8_000;
/** Streams one listener (a user, or a guest's address) may have relayed at once: two tabs. */
export const RELAYS_PER_LISTENER = 2;
/** What a stream must answer as: audio, or Ogg (which carries audio). */
const AUDIO_TYPE = /^(audio\/[\w.+-]+|application\/ogg)\s*(;|$)/i;

/** Who manages stations: their permissions, and who the audit log names. */
export interface StationManager {
  actor: Actor;
  by: AuditActor;
}

export interface InternetRadioDeps {
  db: Kysely<Database>;
  audit: AuditService;
  /** Which addresses a stream may be on: public ones, and the private networks the operator named. */
  isAllowed: (ip: string) => boolean;
  /** Streams this instance relays at once, for everyone: each costs its bandwidth twice. */
  maxRelays: number;
  /** Name resolution; replaceable in tests. */
  lookup?: (hostname: string) => Promise<string[]>;
  log?: (message: string, error?: unknown) => void;
}

export const radioStationRowToStation = (row: RadioStationRow): RadioStation => ({
  id: row.id,
  name: row.name,
  stream_url: row.stream_url,
  homepage_url: row.homepage_url,
  cover_url: row.cover_url,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/**
 * Internet radio stations: admins add them (the stream is opened through the guarded fetch and
 * must answer as audio), listeners play them through the server (so the browser's page never
 * reaches another origin, and private addresses stay out of reach), and read what plays now
 * from the stream's ICY metadata.
 */
export function createInternetRadioService({
  db,
  audit,
  isAllowed,
  maxRelays,
  lookup,
  log,
}: InternetRadioDeps) {
  const titles = new Map<number, { at: number; title: Promise<string | null> }>();
  const relays = relayCounter(maxRelays);
  const guard = { isAllowed, ...(lookup ? { lookup } : {}) };

  const mayManage = (actor: Actor) =>
    assertHolds(actor, RADIO_PERMISSIONS.manage, 'Only admins manage the radio stations.');

  async function stationOf(id: number): Promise<RadioStationRow> {
    const row = await repo.findStation(db, id);
    if (!row) throw AppError.notFound('This radio station does not exist.');
    return row;
  }

  /** Opens a stream through the guard; a field error on `stream_url` when it is no audio stream. */
  async function openAudio(
    url: string,
    headers: Record<string, string> = {},
    signal?: AbortSignal,
  ) {
    let response: IncomingMessage;
    try {
      response = await safeStream(url, {
        ...guard,
        timeoutMs: CONNECT_TIMEOUT_MS,
        headers: { accept: 'audio/*, application/ogg', ...headers },
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (error instanceof SafeFetchError) throw AppError.validation({ stream_url: error.message });
      throw error;
    }
    if (!AUDIO_TYPE.test(response.headers['content-type'] ?? '')) {
      response.destroy();
      throw AppError.validation({
        stream_url: 'This address does not answer with an audio stream.',
      });
    }
    return response;
  }

  async function readTitle(url: string): Promise<string | null> {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), TITLE_TIMEOUT_MS);
    try {
      const response = await openAudio(url, { 'icy-metadata': '1' }, abort.signal);
      const metaint = Number(response.headers['icy-metaint']);
      if (!Number.isInteger(metaint) || metaint <= 0 || metaint > MAX_METAINT) {
        response.destroy();
        return null;
      }
      return await readFirstTitle(response, metaint);
    } catch (error) {
      log?.(`could not read what ${url} plays`, error);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  const service = {
    /** The stations, by name, for anyone who may listen. */
    async list(actor: Actor): Promise<RadioStation[]> {
      assertMayListen(actor);
      return (await repo.listStations(db)).map(radioStationRowToStation);
    },

    /** A page of the stations, for the admin area. */
    async page(
      actor: Actor,
      window: { page: number; perPage: number },
    ): Promise<Pagination<RadioStation>> {
      mayManage(actor);
      const { rows, total } = await repo.pageStations(db, window);
      return paginated(rows.map(radioStationRowToStation), total, window);
    },

    async get(actor: Actor, id: number): Promise<RadioStation> {
      assertMayListen(actor);
      return radioStationRowToStation(await stationOf(id));
    },

    /** A station as its manager edits it (the permission checked before the station is read). */
    async forManager(actor: Actor, id: number): Promise<RadioStation> {
      mayManage(actor);
      return radioStationRowToStation(await stationOf(id));
    },

    async create({ actor, by }: StationManager, input: RadioStationInput): Promise<RadioStation> {
      mayManage(actor);
      (await openAudio(input.stream_url)).destroy();
      const station = radioStationRowToStation(await repo.insertStation(db, input));
      await audit.record(by, {
        action: 'radio_station.created',
        subject: { type: 'radio_station', id: station.id },
        after: { name: station.name, stream_url: station.stream_url },
      });
      return station;
    },

    async update(
      { actor, by }: StationManager,
      id: number,
      input: RadioStationInput,
    ): Promise<RadioStation> {
      mayManage(actor);
      const before = await stationOf(id);
      if (input.stream_url !== before.stream_url) (await openAudio(input.stream_url)).destroy();
      const row = await repo.updateStation(db, id, input);
      if (!row) throw AppError.notFound('This radio station does not exist.');
      titles.delete(id);
      await audit.record(by, {
        action: 'radio_station.updated',
        subject: { type: 'radio_station', id },
        before: { name: before.name, stream_url: before.stream_url },
        after: { name: row.name, stream_url: row.stream_url },
      });
      return radioStationRowToStation(row);
    },

    async remove({ actor, by }: StationManager, id: number): Promise<void> {
      mayManage(actor);
      const before = await stationOf(id);
      await repo.deleteStation(db, id);
      titles.delete(id);
      await audit.record(by, {
        action: 'radio_station.deleted',
        subject: { type: 'radio_station', id },
        before: { name: before.name, stream_url: before.stream_url },
      });
    },

    /**
     * The station's live stream, opened through the guard for a listener (ended with `signal`
     * when the listener goes). 502 when the station is off the air or no longer audio.
     */
    async openStream(
      actor: Actor,
      id: number,
      { signal, listener }: { signal: AbortSignal; listener: string },
    ): Promise<IncomingMessage> {
      assertMayListen(actor);
      const station = await stationOf(id);
      const release = relays.take(listener);
      try {
        const stream = await openAudio(station.stream_url, {}, signal);
        stream.once('close', release);
        return stream;
      } catch (error) {
        release();
        if (error instanceof AppError && error.status === 422) {
          throw new AppError(502, 'The station cannot be reached right now.', {
            code: 'station_unreachable',
          });
        }
        throw error;
      }
    },

    /** What the station plays now, read from its stream at most every 15 s for everyone. */
    async nowPlaying(actor: Actor, id: number): Promise<{ title: string | null }> {
      assertMayListen(actor);
      const station = await stationOf(id);
      const cached = titles.get(id);
      if (cached && Date.now() - cached.at < TITLE_TTL_MS) return { title: await cached.title };
      const title = readTitle(station.stream_url);
      titles.set(id, { at: Date.now(), title });
      return { title: await title };
    },
  };
  return service;
}

export type InternetRadioService = ReturnType<typeof createInternetRadioService>;

/**
 * The relayed streams open now, in all and per listener. `take` refuses one past either limit
 * and answers the function that gives the place back (once, however often it is called).
 */
function relayCounter(max: number) {
  const byListener = new Map<string, number>();
  let open = 0;
  return {
    take(listener: string): () => void {
      const mine = byListener.get(listener) ?? 0;
      if (mine >= RELAYS_PER_LISTENER) {
        throw new AppError(
          429,
          'You are listening to radio in two places already. Stop one to start another.',
          { code: 'too_many_streams' },
        );
      }
      if (open >= max) {
        throw new AppError(503, 'The radio is full right now. Try again in a few minutes.', {
          code: 'radio_full',
          headers: { 'retry-after': '60' },
        });
      }
      open++;
      byListener.set(listener, mine + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        open--;
        const left = (byListener.get(listener) ?? 1) - 1;
        if (left > 0) byListener.set(listener, left);
        else byListener.delete(listener);
      };
    },
  };
}
