import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { type Database, migrateToLatest, openDatabase } from '../src/db/index.ts';

/*
 * The database suites run on embedded SQLite always, and again on PostgreSQL when TEST_DATABASE_URL
 * is set (.ci/run starts one). Each PostgreSQL test database is a fresh schema, dropped afterwards.
 */
export interface TestDatabase {
  engine: Database['engine'];
  /** For suite titles: the engine, and how it is opened when that differs. */
  label: string;
  open(): Promise<Database>;
}

export const pgUrl = process.env.TEST_DATABASE_URL;

export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    { engine: 'sqlite', label: 'sqlite', open: async () => openDatabase({ sqliteFile: ':memory:' }) },
  ];
  if (pgUrl) list.push({ engine: 'postgres', label: 'postgres', open: () => openPostgresSchema(pgUrl) });
  return list;
}

async function openPostgresSchema(url: string): Promise<Database> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase({ url, searchPath: schema, poolMax: 4 });
  return {
    ...database,
    async close() {
      await sql.raw(`drop schema ${schema} cascade`).execute(database.db);
      await database.close();
    },
  };
}

/** A migrated database for a test; close it in afterEach/afterAll. */
export async function migratedDatabase(target: TestDatabase): Promise<Database> {
  const database = await target.open();
  await migrateToLatest(database);
  return database;
}
