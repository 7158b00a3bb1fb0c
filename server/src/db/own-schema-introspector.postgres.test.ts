import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

const url = process.env.TEST_DATABASE_URL!;
const name = (what: string) => `${what}_${crypto.randomBytes(6).toString('hex')}`;

let t: TestApp;
// Another app's schema in the same database, with tables of the same names.
const neighbour = name('neighbour');
beforeAll(async () => {
  // On a schema of its own in the run's database, beside the neighbour's (not on a copy of a
  // migrated database, which has only its own).
  t = await createTestApp({}, { postgresUrl: url });
  await sql`create schema ${sql.id(neighbour)}`.execute(t.db.kysely);
  await sql`create table ${sql.id(neighbour, 'users')} (nickname text)`.execute(t.db.kysely);
  await sql`create table ${sql.id(neighbour, 'kysely_migration')} (name varchar(255) primary key, timestamp varchar(255))`.execute(
    t.db.kysely,
  );
});
afterAll(async () => {
  await sql`drop schema if exists ${sql.id(neighbour)} cascade`.execute(t.db.kysely);
  await t.close();
});

describe('the PostgreSQL introspector', () => {
  it("lists the tables of the connection's own schema, with their columns, and no other's", async () => {
    const [own] = (await t.db.kysely.introspection.getSchemas()).map((schema) => schema.name);
    expect(own).toMatch(/^test_/);

    const tables = await t.db.kysely.introspection.getTables();
    expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([own]));
    const users = tables.find((table) => table.name === 'users')!;
    expect(users.columns.map((column) => column.name)).not.toContain('nickname');
    expect(users.columns.find((column) => column.name === 'id')).toMatchObject({
      isAutoIncrementing: true,
      isNullable: false,
    });
    expect(users.columns.find((column) => column.name === 'email')).toMatchObject({
      dataType: 'varchar',
      isAutoIncrementing: false,
      isNullable: false,
    });

    expect(tables.map((table) => table.name)).not.toContain('kysely_migration');
    const withInternal = await t.db.kysely.introspection.getTables({
      withInternalKyselyTables: true,
    });
    expect(withInternal.filter((table) => table.name === 'kysely_migration')).toHaveLength(1);
  });

  it('migrates a new schema beside one that has its own migration tables', async () => {
    const fresh = name('fresh');
    await sql`create schema ${sql.id(fresh)}`.execute(t.db.kysely);
    const db = openDatabase({ dialect: 'postgres', url }, { searchPath: fresh });
    try {
      const applied = await migrateToLatest(db);
      expect(applied[0]).toBe('0001_core');
      expect(applied.length).toBeGreaterThan(30);
      // Run again, nothing is left to do.
      expect(await migrateToLatest(db)).toEqual([]);
    } finally {
      await db.destroy();
      await sql`drop schema ${sql.id(fresh)} cascade`.execute(t.db.kysely);
    }
  });
});
