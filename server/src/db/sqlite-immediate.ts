import { CompiledQuery, type DatabaseConnection, type Driver, SqliteDialect, SqliteDriver } from 'kysely';

/*
 * Every SQLite transaction takes the write lock at its BEGIN (issue 45). Kysely's dialect says `begin`
 * (deferred): the transaction reads first, then upgrades to a write, and an upgrade that finds another
 * process writing (an ingest run beside the server, or the server beside a run) fails at once with
 * SQLITE_BUSY: SQLite does not call the busy handler for a connection that already holds a read
 * snapshot, since waiting could not help it. `begin immediate` asks for the write lock before reading, so
 * it waits the busy timeout like any single statement does. In WAL mode readers are never blocked by it,
 * and every transaction here writes (a watchlist, a security, a news batch), so nothing is serialised
 * that was not already.
 */

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];

  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
