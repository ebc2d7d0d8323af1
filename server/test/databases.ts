import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

/**
 * readerThreads: also on a SQLite file read through reader threads, as the server opens it (the data
 * calls' suites: their reads then go through the threads and the column packing).
 */
export function testDatabases(options: { readerThreads?: boolean } = {}): TestDatabase[] {
  const list: TestDatabase[] = [
    { engine: 'sqlite', label: 'sqlite', open: async () => openDatabase({ sqliteFile: ':memory:' }) },
  ];
  if (options.readerThreads)
    list.push({ engine: 'sqlite', label: 'sqlite with reader threads', open: openThreadedFile });
  if (pgUrl) list.push({ engine: 'postgres', label: 'postgres', open: () => openPostgresSchema(pgUrl) });
  return list;
}

async function openThreadedFile(): Promise<Database> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerlight-test-'));
  const database = openDatabase({ sqliteFile: path.join(dir, 'test.db'), readThreads: 2 });
  return {
    ...database,
    async close() {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
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
