import type { RadioStationInput } from '@cadenza/contracts/radio-stations';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RadioStationRow } from './internet-radio.table.js';

type Db = Kysely<Database>;

export async function listStations(db: Db): Promise<RadioStationRow[]> {
  return db.selectFrom('radio_stations').selectAll().orderBy('name').orderBy('id').execute();
}

export async function findStation(db: Db, id: number): Promise<RadioStationRow | undefined> {
  return db.selectFrom('radio_stations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertStation(db: Db, input: RadioStationInput): Promise<RadioStationRow> {
  const now = new Date().toISOString();
  return db
    .insertInto('radio_stations')
    .values({ ...input, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateStation(
  db: Db,
  id: number,
  input: RadioStationInput,
): Promise<RadioStationRow | undefined> {
  return db
    .updateTable('radio_stations')
    .set({ ...input, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteStation(db: Db, id: number): Promise<boolean> {
  const result = await db.deleteFrom('radio_stations').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A page of the stations by name, with how many there are. */
export async function pageStations(
  db: Db,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ rows: RadioStationRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('radio_stations')
      .selectAll()
      .orderBy('name')
      .orderBy('id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('radio_stations')
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
