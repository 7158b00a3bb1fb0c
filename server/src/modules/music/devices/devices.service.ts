import {
  DEVICE_SILENT_AFTER_MS,
  type Device,
  type DeviceCommand,
  type DeviceReport,
} from '@cadenza/contracts/devices';
import type { Track } from '@cadenza/contracts/music';
import type { Kysely } from 'kysely';
import { AppError } from '../../../core/errors.js';
import type { Database } from '../../../db/schema.js';
import type { PubSub, Unsubscribe } from '../../../infra/pubsub.js';
import { describeDevice } from '../../sessions/device.js';
import { assertMayListen, type Listener } from '../actor.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import * as repo from './devices.repo.js';
import type { DeviceRow } from './devices.repo.js';

/** What a player takes over on a transfer: the queue, where it was, and how loud. */
export interface TransferredPlayback {
  tracks: Track[];
  index: number;
  position_ms: number;
  volume: number;
}

/** A command as the player's event stream carries it. */
export type PlayerCommand = DeviceCommand & { playback?: TransferredPlayback };

/** What crosses the instances on a user's channel. */
export type DeviceMessage =
  | { kind: 'command'; deviceId: string; command: PlayerCommand }
  | { kind: 'devices'; devices: Device[] };

/** A position this far from where the last report says it should be is a seek others see. */
const SEEK_NOTICED_MS = 2500;

const channelOf = (userId: number) => `player-devices:${userId}`;

/** "Chrome on Linux", as the sessions list names a browser. */
export function deviceName(userAgent: string | null | undefined) {
  const { browser, platform, device_type } = describeDevice(userAgent);
  const name = browser && platform ? `${browser} on ${platform}` : (browser ?? platform);
  return { name: name ?? 'Web player', type: device_type };
}

function stateOf(row: DeviceRow): DeviceReport {
  return JSON.parse(row.state) as DeviceReport;
}

/** Where a player is now: its report's position, moved on by the time since when it plays. */
function positionNow(state: DeviceReport, seenAt: string, now: number, durationMs?: number) {
  if (!state.is_playing) return state.position_ms;
  const moved = state.position_ms + Math.max(0, now - Date.parse(seenAt));
  return durationMs ? Math.min(moved, durationMs) : moved;
}

/** Whether another player would show something different after this report. */
function differs(before: DeviceRow | undefined, next: DeviceReport, now: number): boolean {
  if (!before) return true;
  const old = stateOf(before);
  return (
    old.is_playing !== next.is_playing ||
    old.volume !== next.volume ||
    old.track_ids[old.index] !== next.track_ids[next.index] ||
    Math.abs(positionNow(old, before.seen_at, now) - next.position_ms) > SEEK_NOTICED_MS
  );
}

/**
 * The listener's open web players, as Spotify Connect has them: each reports its state (on each
 * change and every few seconds); any of them lists the others and steers them. Commands and the
 * changed list travel on the user's channel to every instance, where each player's event stream
 * picks what is its own. Another user's device, or one that went silent, is not found.
 */
export function createDevicesService({
  db,
  catalogue,
  pubsub,
  now = () => Date.now(),
}: {
  db: Kysely<Database>;
  catalogue: Pick<CatalogueService, 'tracksByIds'>;
  pubsub: PubSub;
  now?: () => number;
}) {
  const aliveSince = () => new Date(now() - DEVICE_SILENT_AFTER_MS).toISOString();

  async function present(rows: DeviceRow[], listener: Listener): Promise<Device[]> {
    const states = rows.map(stateOf);
    const ids = states.flatMap((state) => {
      const id = state.track_ids[state.index];
      return id === undefined ? [] : [id];
    });
    const tracks = new Map(
      (await catalogue.tracksByIds([...new Set(ids)], listener)).map((t) => [t.id, t]),
    );
    const at = now();
    return rows.map((row, i) => {
      const state = states[i]!;
      const track = tracks.get(state.track_ids[state.index] ?? 0);
      return {
        id: row.device_id,
        name: row.name,
        type: row.type,
        track: track
          ? {
              id: track.id,
              name: track.name,
              duration_ms: track.duration_ms,
              artists: track.artists.map(({ id, name }) => ({ id, name })),
              image: track.image ?? track.album?.image ?? null,
            }
          : null,
        is_playing: track ? state.is_playing : false,
        position_ms: Math.round(positionNow(state, row.seen_at, at, track?.duration_ms)),
        volume: state.volume,
        last_seen_at: row.seen_at,
      };
    });
  }

  async function list(listener: Listener): Promise<Device[]> {
    return present(await repo.aliveDevices(db, listener.userId, aliveSince()), listener);
  }

  async function announce(listener: Listener): Promise<void> {
    const message: DeviceMessage = { kind: 'devices', devices: await list(listener) };
    await pubsub.publish(channelOf(listener.userId), message);
  }

  async function send(userId: number, deviceId: string, command: PlayerCommand): Promise<void> {
    const message: DeviceMessage = { kind: 'command', deviceId, command };
    await pubsub.publish(channelOf(userId), message);
  }

  async function openDevice(listener: Listener, deviceId: string): Promise<DeviceRow> {
    const row = await repo.findDevice(db, listener.userId, deviceId, aliveSince());
    if (!row) throw AppError.notFound('That device is not open any more, or it is not yours.');
    return row;
  }

  /**
   * The player that plays for the listener now, other than `target`: one playing, else the one
   * heard from last with something in it.
   */
  async function sourceFor(listener: Listener, target: string): Promise<DeviceRow | undefined> {
    const others = (await repo.aliveDevices(db, listener.userId, aliveSince())).filter(
      (row) => row.device_id !== target && stateOf(row).track_ids.length > 0,
    );
    return others.find((row) => stateOf(row).is_playing) ?? others[0];
  }

  async function transfer(listener: Listener, target: DeviceRow): Promise<string> {
    const source = await sourceFor(listener, target.device_id);
    if (!source) {
      if (stateOf(target).track_ids.length === 0) {
        throw new AppError(409, 'Nothing is playing on your other devices to move here.');
      }
      await send(listener.userId, target.device_id, { action: 'play' });
      return `Playing on ${target.name}.`;
    }
    const state = stateOf(source);
    const current = state.track_ids[state.index];
    // Only tracks the listener may still play go across; the current one keeps its place.
    const tracks = await catalogue.tracksByIds(state.track_ids, listener);
    const index = Math.max(
      0,
      tracks.findIndex((track) => track.id === current),
    );
    const playing = tracks[index];
    const playback: TransferredPlayback = {
      tracks,
      index,
      position_ms:
        playing && playing.id === current
          ? Math.round(positionNow(state, source.seen_at, now(), playing.duration_ms))
          : 0,
      volume: state.volume,
    };
    if (tracks.length === 0) {
      throw new AppError(409, 'None of the tracks playing there can be played here.');
    }
    await send(listener.userId, target.device_id, { action: 'transfer', playback });
    await send(listener.userId, source.device_id, { action: 'pause' });
    return `Playback moved to ${target.name}.`;
  }

  return {
    list: async (listener: Listener): Promise<Device[]> => {
      assertMayListen(listener.actor);
      return list(listener);
    },

    /** A player's report: it joins the list (named from its user agent), or updates its place. */
    async report(
      listener: Listener,
      deviceId: string,
      report: DeviceReport,
      userAgent: string | null | undefined,
    ): Promise<void> {
      assertMayListen(listener.actor);
      const at = now();
      const since = aliveSince();
      const before = await repo.findDevice(db, listener.userId, deviceId, since);
      const index = Math.min(report.index, Math.max(0, report.track_ids.length - 1));
      const state: DeviceReport = { ...report, index, position_ms: Math.round(report.position_ms) };
      const { name, type } = deviceName(userAgent);
      await repo.saveDevice(db, {
        user_id: listener.userId,
        device_id: deviceId,
        name,
        type,
        state: JSON.stringify(state),
        seen_at: new Date(at).toISOString(),
      });
      if (!before) await repo.removeSilentDevices(db, listener.userId, since);
      if (differs(before, state, at)) await announce(listener);
    },

    /** Sends a command to one of the listener's open players; answers what was done. */
    async command(
      listener: Listener,
      deviceId: string,
      command: DeviceCommand,
    ): Promise<{ message: string }> {
      assertMayListen(listener.actor);
      const target = await openDevice(listener, deviceId);
      if (command.action === 'transfer') {
        return { message: await transfer(listener, target) };
      }
      await send(listener.userId, deviceId, command);
      return { message: `Sent to ${target.name}.` };
    },

    /** A player closed (its event stream ended): it leaves the others' lists at once. */
    async disconnect(listener: Listener, deviceId: string): Promise<void> {
      if (await repo.removeDevice(db, listener.userId, deviceId)) await announce(listener);
    },

    /**
     * Hands one event stream what is its own: commands for `deviceId` (none without one) and
     * each change of the user's list of devices.
     */
    listen(
      userId: number,
      deviceId: string | null,
      handlers: {
        onCommand: (command: PlayerCommand) => void;
        onDevices: (devices: Device[]) => void;
      },
    ): Unsubscribe {
      return pubsub.subscribe(channelOf(userId), (raw) => {
        const message = raw as DeviceMessage;
        if (message.kind === 'devices') handlers.onDevices(message.devices);
        else if (message.kind === 'command' && deviceId && message.deviceId === deviceId) {
          handlers.onCommand(message.command);
        }
      });
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
