import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { PlayerDevicesTable } from './devices.table.js';

type Db = Kysely<Database>;
export type DeviceRow = Selectable<PlayerDevicesTable>;

/** The user's devices heard from after `since` (ISO), the most recently heard first. */
export function aliveDevices(db: Db, userId: number, since: string): Promise<DeviceRow[]> {
  return db
    .selectFrom('player_devices')
    .selectAll()
    .where('user_id', '=', userId)
    .where('seen_at', '>', since)
    .orderBy('seen_at', 'desc')
    .orderBy('device_id')
    .execute();
}

export function findDevice(
  db: Db,
  userId: number,
  deviceId: string,
  since: string,
): Promise<DeviceRow | undefined> {
  return db
    .selectFrom('player_devices')
    .selectAll()
    .where('user_id', '=', userId)
    .where('device_id', '=', deviceId)
    .where('seen_at', '>', since)
    .executeTakeFirst();
}

export async function saveDevice(db: Db, row: DeviceRow): Promise<void> {
  const { name, type, state, seen_at } = row;
  await db
    .insertInto('player_devices')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'device_id']).doUpdateSet({ name, type, state, seen_at }),
    )
    .execute();
}

export async function removeDevice(db: Db, userId: number, deviceId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('player_devices')
    .where('user_id', '=', userId)
    .where('device_id', '=', deviceId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Forgets the user's devices silent since `before` (closed without a word, or their instance gone). */
export async function removeSilentDevices(db: Db, userId: number, before: string): Promise<void> {
  await db
    .deleteFrom('player_devices')
    .where('user_id', '=', userId)
    .where('seen_at', '<=', before)
    .execute();
}
