import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresAdapter,
  PostgresDriver,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';
import type { Schema } from './schema.ts';

/*
 * Reads of market data on PostgreSQL streaming replicas (issue 35, DATABASE_READ_URLS). Writes, sessions,
 * nonces, watchlists, analytics and the data version stay on the primary (Database.db); only the data routes
 * (GET /api/data/*) read through Database.reader, and only while an answer runs inside read() below.
 *
 * One answer, one data version: the data cache reads the version from the primary and keys the ETag on it.
 * read(version, fn) runs the whole answer on ONE target: a replica whose replayed data version (its own
 * app_meta row) equals that version, round-robin among them, or else the primary. A replica behind the
 * primary's version is skipped until it catches up (never read at its own version: one ETag scheme, and the
 * primary answers meanwhile), so an answer tagged with the new version never shows the old data.
 *
 * Health: each replica's version is re-read at most every `refreshMs` in the background; a replica that
 * fails (cannot connect, shut down, starting up, or stalls: no answer within the replica pools' query
 * timeout, db/index.ts) is skipped for a backoff that doubles up to `maxBackoffMs`, then tried again. An answer whose replica fails mid-way is run again from the start on the primary, so a
 * replica that stops costs no failed request.
 */

export interface ReadReplicaOptions {
  /** How long a replica's known data version is trusted before it is read again in the background. */
  refreshMs: number;
  /** First wait before a failed replica is tried again; doubles per failure up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
}

export const defaultReadReplicaOptions: ReadReplicaOptions = { refreshMs: 1000, backoffMs: 500, maxBackoffMs: 30_000 };

export interface ReplicaStatus {
  /** host:port/database, no password. */
  location: string;
  /** The data version the replica last said it has replayed; null before the first answer. */
  version: number | null;
  healthy: boolean;
  failures: number;
}

export interface ReadRouting {
  /** A Kysely for reads: the target chosen by read() for the answer running, the primary outside one. */
  reader: Kysely<Schema>;
  /** Runs one answer on one target at the data version given (read from the primary). */
  read<T>(version: number, answer: () => Promise<T>): Promise<T>;
  status(): ReplicaStatus[];
  /**
   * Asks each replica once (at start): the error of each that cannot be reached or signed in to, by its
   * location. A failed one is marked down, so no answer waits for it; it is tried again with the backoff.
   */
  probe(): Promise<{ location: string; error: unknown }[]>;
  /** Ends the replicas' pools (the primary's pool is its owner's to end). */
  close(): Promise<void>;
}

interface Replica {
  location: string;
  driver: Driver;
  ready: Promise<void>;
  version: number | null;
  checkedAt: number;
  failures: number;
  downUntil: number;
  refreshing: boolean;
}

/** A replica failed under an answer: the answer is run again on the primary. */
export class ReplicaUnavailable extends Error {
  constructor(location: string, cause: unknown) {
    super(`read replica ${location} unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
  }
}

/*
 * Errors that say the replica (not the query) is the problem: no connection (node's E-codes, a pool timeout,
 * a cut connection have no SQLSTATE), connection exceptions (08), too many connections / out of resources
 * (53), shutdown or "starting up" (57P0x), and 40001, which on a standby is a query cancelled by a conflict
 * with recovery (replay needed the rows it was reading).
 */
export function isReplicaFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return true;
  return /^E[A-Z]+$/.test(code) || /^(08|53|57P)/.test(code) || code === '40001';
}

const DATA_VERSION_QUERY = "select value from app_meta where key = 'data_version'";

export function createReadRouting(
  primaryPool: pg.Pool,
  replicaPools: { pool: pg.Pool; location: string }[],
  options: ReadReplicaOptions = defaultReadReplicaOptions,
): ReadRouting {
  const primary: Driver = new PostgresDriver({ pool: primaryPool });
  const primaryReady = primary.init();
  const replicas: Replica[] = replicaPools.map(({ pool, location }) => {
    const driver: Driver = new PostgresDriver({ pool });
    return {
      location,
      driver,
      ready: driver.init(),
      version: null,
      checkedAt: 0,
      failures: 0,
      downUntil: 0,
      refreshing: false,
    };
  });
  const current = new AsyncLocalStorage<Replica>();
  let turn = 0;

  function markDown(replica: Replica): void {
    // Already down: the other queries of the same outage do not lengthen the wait.
    if (replica.downUntil > Date.now()) return;
    replica.failures += 1;
    const wait = Math.min(options.maxBackoffMs, options.backoffMs * 2 ** (replica.failures - 1));
    replica.downUntil = Date.now() + wait;
    replica.checkedAt = Date.now();
  }

  async function refresh(replica: Replica): Promise<void> {
    if (replica.refreshing) return;
    replica.refreshing = true;
    try {
      await replica.ready;
      const connection = await replica.driver.acquireConnection();
      try {
        const result = await connection.executeQuery<{ value: string }>(CompiledQuery.raw(DATA_VERSION_QUERY));
        replica.version = Number(result.rows[0]?.value ?? 0);
      } finally {
        await replica.driver.releaseConnection(connection);
      }
      replica.failures = 0;
      replica.downUntil = 0;
      replica.checkedAt = Date.now();
    } catch {
      markDown(replica);
    } finally {
      replica.refreshing = false;
    }
  }

  /** A replica at this version, healthy; null for the primary. Starts background re-reads as needed. */
  function choose(version: number): Replica | null {
    const now = Date.now();
    const ready: Replica[] = [];
    for (const replica of replicas) {
      if (replica.downUntil > now) continue;
      const stale = now - replica.checkedAt >= options.refreshMs;
      // Not at this version (behind, unknown): ask again now; a bump should not wait out the refresh period.
      if (stale || replica.version !== version) void refresh(replica);
      if (replica.downUntil === 0 && replica.version === version) ready.push(replica);
    }
    if (ready.length === 0) return null;
    turn = (turn + 1) % ready.length;
    return ready[turn] ?? null;
  }

  const owners = new WeakMap<DatabaseConnection, { inner: DatabaseConnection; driver: Driver }>();

  /** The connection of a replica: its failures mark the replica down and say ReplicaUnavailable. */
  function guarded(replica: Replica, inner: DatabaseConnection): DatabaseConnection {
    const fail = (error: unknown): never => {
      if (!isReplicaFailure(error)) throw error;
      markDown(replica);
      throw new ReplicaUnavailable(replica.location, error);
    };
    return {
      executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> => inner.executeQuery<R>(query).catch(fail),
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => inner.streamQuery<R>(query, chunkSize),
    };
  }

  const routing: Driver = {
    init: async () => undefined,
    async acquireConnection() {
      const replica = current.getStore();
      if (!replica) {
        await primaryReady;
        const inner = await primary.acquireConnection();
        owners.set(inner, { inner, driver: primary });
        return inner;
      }
      let inner: DatabaseConnection;
      try {
        await replica.ready;
        inner = await replica.driver.acquireConnection();
      } catch (error) {
        markDown(replica);
        throw new ReplicaUnavailable(replica.location, error);
      }
      const connection = guarded(replica, inner);
      owners.set(connection, { inner, driver: replica.driver });
      return connection;
    },
    beginTransaction: (c, settings: TransactionSettings) => ownerOf(c).driver.beginTransaction(c, settings),
    commitTransaction: (c) => ownerOf(c).driver.commitTransaction(c),
    rollbackTransaction: (c) => ownerOf(c).driver.rollbackTransaction(c),
    async releaseConnection(c) {
      const { inner, driver } = ownerOf(c);
      owners.delete(c);
      await driver.releaseConnection(inner);
    },
    destroy: async () => undefined,
  };
  function ownerOf(connection: DatabaseConnection) {
    const owner = owners.get(connection);
    if (!owner) throw new Error('connection not acquired by the read routing');
    return owner;
  }

  const reader = new Kysely<Schema>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => routing,
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });

  return {
    reader,
    async read(version, answer) {
      const replica = choose(version);
      if (!replica) return answer();
      try {
        return await current.run(replica, answer);
      } catch (error) {
        if (!(error instanceof ReplicaUnavailable)) throw error;
        // The whole answer again, on the primary: never half from one server and half from another.
        return answer();
      }
    },
    status: () =>
      replicas.map((r) => ({
        location: r.location,
        version: r.version,
        // As choose() sees it: after a failure, only a good version check brings it back.
        healthy: r.downUntil === 0 && r.version !== null,
        failures: r.failures,
      })),
    async probe() {
      const failed: { location: string; error: unknown }[] = [];
      await Promise.all(
        replicas.map(async (replica) => {
          try {
            await replica.ready;
            const connection = await replica.driver.acquireConnection();
            try {
              await connection.executeQuery(CompiledQuery.raw('select 1'));
            } finally {
              await replica.driver.releaseConnection(connection);
            }
          } catch (error) {
            markDown(replica);
            failed.push({ location: replica.location, error });
          }
        }),
      );
      return failed;
    },
    async close() {
      await Promise.all(replicas.map((r) => r.driver.destroy()));
    },
  };
}
