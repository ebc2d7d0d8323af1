import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  RawNode,
  SelectQueryNode,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type TransactionSettings,
} from 'kysely';
import { NotARead, type ReadPool } from './sqlite-read-pool.ts';

/*
 * Kysely's SQLite dialect with reads sent to the reader threads (sqlite-read-pool.ts):
 * - a SELECT outside a transaction goes to a reader thread, and several run at once;
 * - everything else (writes, DDL, and every statement of a transaction, its reads included) runs on the
 *   one main connection, one at a time, exactly as Kysely's own driver does.
 * A read sent after a write has returned sees it: the write is committed by then (autocommit), and a
 * reader starts a fresh read transaction per statement. A transaction's own reads see its uncommitted rows
 * because they stay on its connection.
 */
export class PooledSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #pool: ReadPool;

  constructor(config: SqliteDialectConfig, pool: ReadPool) {
    super(config);
    this.#config = config;
    this.#pool = pool;
  }

  override createDriver(): Driver {
    return new PooledSqliteDriver(new SqliteDriver(this.#config) as Required<Driver>, this.#pool);
  }
}

/** Plain SELECTs, and raw SQL that starts as one; the reader refuses anything that writes (NotARead). */
function isRead(query: CompiledQuery): boolean {
  if (SelectQueryNode.is(query.query)) return true;
  return RawNode.is(query.query) && /^\s*(select|with)\b/i.test(query.sql);
}

class RoutedConnection implements DatabaseConnection {
  /** The main connection while this one holds it (a transaction, or one write). */
  main: DatabaseConnection | undefined;
  inTransaction = false;

  constructor(
    private readonly driver: Driver,
    private readonly pool: ReadPool,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.inTransaction && isRead(query)) {
      try {
        return { rows: (await this.pool.read(query.sql, query.parameters)) as R[] };
      } catch (error) {
        if (!(error instanceof NotARead)) throw error;
      }
    }
    if (this.main) return this.main.executeQuery<R>(query);
    const main = await this.driver.acquireConnection();
    try {
      return await main.executeQuery<R>(query);
    } finally {
      await this.driver.releaseConnection(main);
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    if (this.main) {
      yield* this.main.streamQuery<R>(query, chunkSize);
      return;
    }
    const main = await this.driver.acquireConnection();
    try {
      yield* main.streamQuery<R>(query, chunkSize);
    } finally {
      await this.driver.releaseConnection(main);
    }
  }
}

/** The main connection a transaction holds (savepoints, commit and rollback only happen inside one). */
const mainOf = (connection: DatabaseConnection) => (connection as RoutedConnection).main as DatabaseConnection;

class PooledSqliteDriver implements Driver {
  constructor(
    /** Kysely's own driver: the one main connection behind its lock. */
    private readonly inner: Required<Driver>,
    private readonly pool: ReadPool,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  /** No lock here: a connection takes the main one only when it writes or begins a transaction. */
  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this.inner, this.pool);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const routed = connection as RoutedConnection;
    routed.main = await this.inner.acquireConnection();
    routed.inTransaction = true;
    try {
      await this.inner.beginTransaction(routed.main, settings);
    } catch (error) {
      await this.#leave(routed);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    try {
      await this.inner.commitTransaction(mainOf(routed));
    } finally {
      await this.#leave(routed);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    try {
      await this.inner.rollbackTransaction(mainOf(routed));
    } finally {
      await this.#leave(routed);
    }
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.savepoint(mainOf(connection), name, compile);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.inner.rollbackToSavepoint(mainOf(connection), name, compile);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.inner.releaseSavepoint(mainOf(connection), name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    // A transaction that was neither committed nor rolled back (Kysely always ends one; belt and braces).
    if (routed.main) await this.#leave(routed);
  }

  async destroy(): Promise<void> {
    await this.pool.close();
    await this.inner.destroy();
  }

  async #leave(routed: RoutedConnection): Promise<void> {
    const main = routed.main;
    routed.main = undefined;
    routed.inTransaction = false;
    if (main) await this.inner.releaseConnection(main);
  }
}
