import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, sql } from 'kysely';
import pg from 'pg';
import type { Engine } from './engine.ts';
import { migrationProvider } from './migrations/index.ts';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.ts';
import { createReadRouting, type ReadRouting } from './read-replicas.ts';
import type { Schema } from './schema.ts';
import { ImmediateSqliteDialect } from './sqlite-immediate.ts';
import { fastRowsDatabase } from './sqlite-rows.ts';

export type { Engine } from './engine.ts';
export type Db = Kysely<Schema>;

export interface Database {
  /** The primary: every write, sessions, nonces, watchlists, analytics and the data version. */
  db: Db;
  /**
   * For the data routes' reads (GET /api/data/*): inside readRouting.read() the replica chosen for the
   * answer, else the primary. Without DATABASE_READ_URLS (and on SQLite) the same object as db.
   */
  reader: Db;
  /** PostgreSQL with DATABASE_READ_URLS: which replica answers (db/read-replicas.ts). */
  readRouting?: ReadRouting;
  engine: Engine;
  /** Where the data lives, for logs: a file path or the PostgreSQL host/database (no password). */
  location: string;
  /** PostgreSQL schema in use when not the default (tests); migrations keep their tables there too. */
  schema?: string;
  /** PostgreSQL only: the connection pool's counts, for /metrics. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://... ; absent means embedded SQLite. */
  url?: string | undefined;
  /** SQLite file; ':memory:' for a throwaway database. */
  sqliteFile?: string;
  poolMax?: number;
  /** PostgreSQL streaming replicas for data reads (DATABASE_READ_URLS); only with url. */
  readUrls?: string[] | undefined;
  /** PostgreSQL schema to use (tests isolate themselves in one each). */
  searchPath?: string;
  /** SQLite: how long a write waits for another process's write lock before it fails (default 5 s). */
  busyTimeoutMs?: number;
}

/*
 * SQLite reads the file through a memory map: a page already in the OS cache is read in place rather than
 * copied by a system call, a quarter less time on a 10-year price read. 2 GiB is SQLite's default ceiling;
 * past it SQLite reads the rest of a larger file the usual way.
 */
const MMAP_BYTES = 2 ** 31 - 2 ** 16;

/*
 * How long a SQLite write waits for the write lock another process holds (a load writes one company per
 * transaction, tens of milliseconds each). better-sqlite3 waits synchronously: past this the request
 * answers 503 database_busy (http/errors.ts) rather than holding the server longer.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;

// PostgreSQL type OIDs whose default parsing does not suit a portable schema.
const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_DATE = 1082;

export function openDatabase(options: OpenOptions): Database {
  if (options.url) return openPostgres(options.url, options);
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${options.busyTimeoutMs ?? SQLITE_BUSY_TIMEOUT_MS}`);
  sqlite.pragma(`mmap_size = ${MMAP_BYTES}`);
  const config = { database: fastRowsDatabase(sqlite) };
  const db = new Kysely<Schema>({ dialect: new ImmediateSqliteDialect(config) });
  return {
    db,
    reader: db,
    engine: 'sqlite',
    location: file,
    close: () => db.destroy(),
  };
}

function postgresPool(url: string, options: OpenOptions, extra: pg.PoolConfig = {}): pg.Pool {
  const types = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      // Days stay 'YYYY-MM-DD' strings (no time-zone shifts through Date); counts become numbers.
      if (oid === PG_DATE) return (value: string) => value;
      if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
      return pg.types.getTypeParser(oid, format);
    },
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    types,
    connectionTimeoutMillis: 5000,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
    ...extra,
  });
  // A dropped connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // The pool listens only to idle clients: a checked-out one cut by a server shutdown (57P01) between two
  // queries would emit an unhandled 'error' and end the process. Its next query fails instead (503).
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/** host:port/database of a PostgreSQL URL, for logs (no user, no password). */
function locationOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
}

/**
 * The longest a query on a read replica may go without an answer before the replica counts as failed (the
 * answer then runs on the primary). The slowest data query measured, the beta's universe index of 8,000
 * stocks after a data change, takes about 0.3 s (docs/scaling.md).
 */
export const REPLICA_QUERY_TIMEOUT_MS = 2000;

function openPostgres(url: string, options: OpenOptions): Database {
  const pool = postgresPool(url, options);
  const db = new Kysely<Schema>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
  const readUrls = options.readUrls ?? [];
  // A replica that is down must not hold an answer for 5 s, nor one that stalls (a frozen host, a cut
  // network: no answer, no error) for ever: it is skipped and the primary answers (db/read-replicas.ts).
  const replicaPools = readUrls.map((readUrl) => ({
    pool: postgresPool(readUrl, options, {
      connectionTimeoutMillis: 1000,
      query_timeout: REPLICA_QUERY_TIMEOUT_MS,
      application_name: 'ledgerlight-read',
    }),
    location: locationOf(readUrl),
  }));
  const readRouting = replicaPools.length > 0 ? createReadRouting(pool, replicaPools) : undefined;
  return {
    db,
    reader: readRouting?.reader ?? db,
    ...(readRouting ? { readRouting } : {}),
    engine: 'postgres',
    location: locationOf(url),
    ...(options.searchPath ? { schema: options.searchPath } : {}),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: options.poolMax ?? 10,
    }),
    close: async () => {
      await readRouting?.close();
      await db.destroy();
    },
  };
}

/** The migrator of this database: its engine's migrations, its migration table in its schema. */
export function migratorOf(database: Database): Migrator {
  return new Migrator({
    db: database.db,
    provider: migrationProvider(database.engine),
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
}

/**
 * PostgreSQL without a schema named in code: the connection's current schema (a DATABASE_URL may set
 * search_path). Kysely looks for its migration tables in every schema of the database unless told which
 * one: it found another schema's `kysely_migration_lock`, created none of its own, and the migration then
 * failed on "relation kysely_migration_lock does not exist" (another app, or another test, in the same
 * database).
 */
async function withOwnSchema(database: Database): Promise<Database> {
  if (database.engine !== 'postgres' || database.schema) return database;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(database.db);
  const schema = rows[0]?.schema;
  return schema ? { ...database, schema } : database;
}

/** Bring the schema up to date. Safe to run from several instances at once (Kysely takes a lock). */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const { error, results } = await migratorOf(await withOwnSchema(database)).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** True when the database answers a trivial query. */
export async function databaseAnswers(database: Database): Promise<boolean> {
  try {
    await sql`select 1`.execute(database.db);
    return true;
  } catch {
    return false;
  }
}
