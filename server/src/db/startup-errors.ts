import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/*
 * Storage and database failures at start said in one line (issue 34): the variable, where it points
 * (DATA_DIR and the path; DATABASE_URL as host:port/database, never the user or password) and the cause.
 * main.ts prints it and exits 1 instead of a stack trace.
 */

export class StartupError extends Error {
  override name = 'StartupError';
}

const URL_PARTS = /^postgres(?:ql)?:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^/:?#]*)(?::([^/?#]*))?(\/[^?#]*)?/i;

/** DATABASE_URL without its credentials: host:port/database (read by hand: a bad port fails URL parsing). */
export function databaseWhere(url: string): string {
  const parts = URL_PARTS.exec(url);
  if (!parts) return '(not a postgres:// URL)';
  return `${parts[1] || 'localhost'}:${parts[2] || '5432'}${parts[3] || '/'}`;
}

/** The port of DATABASE_URL when it is not one (0, above 65535, not a number), else null. */
export function badPort(url: string): string | null {
  const port = URL_PARTS.exec(url)?.[2];
  if (port === undefined || port === '') return null;
  const n = Number(port);
  return Number.isInteger(n) && n >= 1 && n <= 65_535 ? null : port;
}

const codeOf = (error: unknown): string => {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : '';
};

const FILE_CAUSES: Record<string, string> = {
  EROFS: 'read-only file system',
  EACCES: 'not writable (permission denied)',
  EPERM: 'not writable (permission denied)',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENOTDIR: 'not a folder (a file is in the way)',
  EEXIST: 'not a folder (a file is in the way)',
  SQLITE_FULL: 'no space left on the device',
  SQLITE_READONLY: 'read-only (the database cannot be written)',
  SQLITE_CANTOPEN: 'the database file cannot be opened (not writable, or not a folder)',
  SQLITE_NOTADB: 'ledgerlight.db is not a SQLite database',
  SQLITE_CORRUPT: 'ledgerlight.db is damaged',
  SQLITE_IOERR: 'input/output error',
};

/**
 * Why a folder that does not exist cannot be made: Node's recursive mkdir says ENOENT on a read-only mount
 * (issue 45), so the nearest folder that exists is asked whether it can be written (access says EROFS).
 */
function whyNoFolder(dir: string, error: unknown): unknown {
  if (codeOf(error) !== 'ENOENT') return error;
  let parent = path.resolve(dir);
  while (!fs.existsSync(parent) && path.dirname(parent) !== parent) parent = path.dirname(parent);
  try {
    fs.accessSync(parent, fs.constants.W_OK);
    return error;
  } catch (cause) {
    return cause;
  }
}

/** Why DATA_DIR cannot hold the database, checked before SQLite opens it; throws a StartupError. */
export function checkDataDir(dir: string): void {
  const where = `DATA_DIR=${path.resolve(dir)}`;
  try {
    if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory()) throw Object.assign(new Error(), { code: 'ENOTDIR' });
    try {
      fs.mkdirSync(dir, { recursive: true });
    } catch (error) {
      throw whyNoFolder(dir, error);
    }
    // A write, as the database will: read-only mounts, permissions and a full disk show here.
    const probe = path.join(dir, `.write-check-${process.pid}`);
    fs.writeFileSync(probe, Buffer.alloc(4096));
    fs.rmSync(probe, { force: true });
  } catch (error) {
    throw new StartupError(`${where}: ${FILE_CAUSES[codeOf(error)] ?? (error as Error).message}`);
  }
}

/** The tables of an existing SQLite file, read without writing it (the WAL switch would change its header). */
function tablesOf(file: string): string[] {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = sqlite.prepare("select name from sqlite_master where type = 'table' order by name").all();
    return (rows as { name: string }[]).map((r) => r.name).filter((name) => !name.startsWith('sqlite_'));
  } finally {
    sqlite.close();
  }
}

/**
 * A ledgerlight.db that holds another program's tables and none of this app's (no migrations table, no
 * app_meta) is refused before anything is written into it (issue 45); an empty or new file is ours to use.
 */
export function checkDatabaseFile(dataDir: string, file: string): void {
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) return;
  let tables: string[];
  try {
    tables = tablesOf(file);
  } catch (error) {
    throw new StartupError(
      `DATA_DIR=${path.resolve(dataDir)}: ${FILE_CAUSES[codeOf(error)] ?? (error as Error).message}`,
    );
  }
  if (tables.length === 0 || tables.includes('kysely_migration') || tables.includes('app_meta')) return;
  const named = tables.slice(0, 5).join(', ') + (tables.length > 5 ? `, ... (${tables.length} tables)` : '');
  throw new StartupError(
    `DATA_DIR=${path.resolve(dataDir)}: ${path.basename(file)} belongs to another program (tables ${named}; no Ledgerlight migrations): left untouched; move it away or point DATA_DIR to another folder`,
  );
}

/** Kysely's word for a database migrated by a newer build: a migration it ran that this build does not have. */
const NEWER_MIGRATION = /corrupted migrations: previously executed migration (\S+) is missing/;

const PG_CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connection refused (is PostgreSQL running on that host and port?)',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found (name resolution failed)',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ECONNRESET: 'connection reset',
  ERR_SOCKET_BAD_PORT: 'bad port (must be 1-65535)',
  ERR_INVALID_URL: 'not a valid URL',
  '28P01': 'password authentication failed',
  '28000': 'authentication refused',
  '3D000': 'the database does not exist',
  '53100': 'the database server has no space left',
  '57P03': 'the database server is starting up',
};

/** Why a PostgreSQL server could not be used, in words (never the URL's user or password). */
export function postgresCause(error: unknown): string {
  const message = (error as { message?: unknown }).message;
  return PG_CAUSES[codeOf(error)] ?? (typeof message === 'string' ? message : String(error));
}

/** The one line for a failure to open or migrate the database, or null when it is none of the known causes. */
export function startupFailureLine(error: unknown, settings: { url?: string; dataDir: string }): string | null {
  if (error instanceof StartupError) return error.message;
  const code = codeOf(error);
  const message = (error as { message?: unknown }).message;
  const newer = typeof message === 'string' ? NEWER_MIGRATION.exec(message) : null;
  if (newer) {
    const where = settings.url
      ? `DATABASE_URL=${databaseWhere(settings.url)}`
      : `DATA_DIR=${path.resolve(settings.dataDir)}`;
    return `${where}: the database was migrated by a newer version of Ledgerlight (migration ${newer[1]} is unknown to this one): run that version, or restore a backup taken before the upgrade`;
  }
  if (settings.url) {
    const where = `DATABASE_URL=${databaseWhere(settings.url)}`;
    const port = badPort(settings.url);
    if (port !== null) return `${where}: bad port "${port}" (must be 1-65535)`;
    if (PG_CAUSES[code]) return `${where}: ${PG_CAUSES[code]}`;
    if (error instanceof RangeError && typeof message === 'string' && /port/i.test(message))
      return `${where}: bad port (must be 1-65535)`;
    if (typeof message === 'string' && /timeout|terminated/i.test(message)) return `${where}: connection timed out`;
    return null;
  }
  const where = `DATA_DIR=${path.resolve(settings.dataDir)}`;
  const cause = FILE_CAUSES[code] ?? FILE_CAUSES[code.replace(/_[A-Z]+$/, '')];
  if (cause) return `${where}: ${cause}`;
  if (typeof message === 'string' && /database or disk is full/i.test(message))
    return `${where}: ${FILE_CAUSES.ENOSPC}`;
  return null;
}

const LISTEN_CAUSES: Record<string, string> = {
  EADDRINUSE: 'the port is already in use (another process listens on it: stop it or choose another PORT)',
  EACCES: 'permission denied (ports below 1024 need privileges: choose a PORT above 1023)',
  EADDRNOTAVAIL: 'HOST is not an address of this machine',
};

/** The one line for a failure to listen (issue 45: a busy port printed a stack trace), or null. */
export function listenFailureLine(error: unknown, settings: { PORT: number; HOST: string }): string | null {
  const cause = LISTEN_CAUSES[codeOf(error)];
  return cause ? `PORT=${settings.PORT} (HOST=${settings.HOST}): ${cause}` : null;
}
