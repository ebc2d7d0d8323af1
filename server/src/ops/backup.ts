import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { migrationProvider } from '../db/migrations/index.ts';

/*
 * Backups of the embedded database (issue 34; docs/operations.md, "Backups"). `npm run backup -- <file>`
 * copies DATA_DIR/ledgerlight.db with SQLite's online backup API: a consistent copy while the server runs
 * and loads (pages written meanwhile are copied again). `npm run restore -- <file>` puts one back with the
 * server stopped, after checking that it is a Ledgerlight database this code can run (its migrations are
 * all known here: a copy from a newer version is refused; an older one is migrated up at the next start).
 * The database it replaces is kept beside it.
 */

export const DATABASE_FILE = 'ledgerlight.db';

export class BackupError extends Error {
  override name = 'BackupError';
}

/** The migrations this code knows, by name. */
async function knownMigrations(): Promise<Set<string>> {
  return new Set(Object.keys(await migrationProvider('sqlite').getMigrations()));
}

/** Why `file` cannot be restored, or null when it can: a SQLite file, whole, with Ledgerlight's tables. */
export async function refusalOf(file: string): Promise<string | null> {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return `${file} is not a file`;
  let sqlite: SQLite.Database | undefined;
  try {
    sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
    const tables = new Set(
      (sqlite.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map(
        (row) => row.name,
      ),
    );
    if (!tables.has('kysely_migration') || !tables.has('securities'))
      return `${file} is not a Ledgerlight database (no migrations or securities table)`;
    const check = sqlite.pragma('quick_check', { simple: true });
    if (check !== 'ok') return `${file} is damaged (${String(check)})`;
    const known = await knownMigrations();
    const names = (sqlite.prepare('select name from kysely_migration order by name').all() as { name: string }[]).map(
      (row) => row.name,
    );
    const unknown = names.filter((name) => !known.has(name));
    if (unknown.length > 0)
      return `${file} comes from a newer version of Ledgerlight (migrations ${unknown.join(', ')} are unknown here); upgrade first`;
    return null;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_NOTADB') return `${file} is not a SQLite database`;
    return `${file} cannot be read: ${(error as Error).message}`;
  } finally {
    sqlite?.close();
  }
}

/** Copies the live database to `target` with the online backup API. Returns the pages copied. */
export async function backupDatabase(dataDir: string, target: string): Promise<number> {
  const source = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(source)) throw new BackupError(`DATA_DIR=${path.resolve(dataDir)} holds no ${DATABASE_FILE}`);
  if (fs.existsSync(target)) throw new BackupError(`${target} exists already; name a new file`);
  const sqlite = new SQLite(source, { fileMustExist: true });
  try {
    sqlite.pragma('busy_timeout = 5000');
    const partial = `${target}.partial`;
    const { totalPages } = await sqlite.backup(partial);
    fs.renameSync(partial, target);
    return totalPages;
  } finally {
    sqlite.close();
  }
}

/** Whether something listens on the port at this host (the server, most likely). */
export function portAnswers(port: number, host = '127.0.0.1', timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Whether a process holds the database open for writing: an exclusive lock cannot be taken then. */
function databaseBusy(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const sqlite = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    // A server in WAL mode keeps the -shm file mapped: leaving WAL mode needs it to be the only one.
    sqlite.pragma('journal_mode = DELETE');
    return sqlite.pragma('journal_mode', { simple: true }) !== 'delete';
  } catch {
    return true;
  } finally {
    sqlite.close();
  }
}

/**
 * Puts `file` in place of DATA_DIR/ledgerlight.db, the server stopped. The database it replaces is renamed
 * ledgerlight.db.before-restore-<time>. Returns that name (null when there was none).
 */
export async function restoreDatabase(dataDir: string, file: string, port: number): Promise<string | null> {
  const refusal = await refusalOf(file);
  if (refusal) throw new BackupError(refusal);
  const live = path.join(dataDir, DATABASE_FILE);
  if ((await portAnswers(port)) || databaseBusy(live))
    throw new BackupError(`the server is running (port ${port} answers, or ${live} is in use); stop it first`);
  fs.mkdirSync(dataDir, { recursive: true });
  const incoming = `${live}.restoring`;
  fs.copyFileSync(file, incoming);
  let kept: string | null = null;
  if (fs.existsSync(live)) {
    kept = `${live}.before-restore-${new Date().toISOString().replaceAll(':', '-')}`;
    fs.renameSync(live, kept);
  }
  // The old database's journal belongs to it, not to the file coming in.
  for (const suffix of ['-wal', '-shm', '-journal']) fs.rmSync(`${live}${suffix}`, { force: true });
  fs.renameSync(incoming, live);
  return kept;
}
