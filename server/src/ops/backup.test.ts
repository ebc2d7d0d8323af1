import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/index.ts';
import { BackupError, backupDatabase, DATABASE_FILE, refusalOf, restoreDatabase } from './backup.ts';

let base = '';
let dataDir = '';
beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'll-backup-'));
  dataDir = path.join(base, 'data');
});
afterEach(() => {
  fs.rmSync(base, { recursive: true, force: true });
});

/** A migrated Ledgerlight database in DATA_DIR with one row to tell it by. */
async function ledgerlightDatabase(dir: string, marker: string): Promise<void> {
  const database = openDatabase({ sqliteFile: path.join(dir, DATABASE_FILE) });
  await migrateToLatest(database);
  await database.db.insertInto('app_meta').values({ key: 'marker', value: marker }).execute();
  await database.close();
}

function markerOf(file: string): string | undefined {
  const sqlite = new SQLite(file, { readonly: true });
  try {
    return (sqlite.prepare("select value from app_meta where key = 'marker'").get() as { value: string } | undefined)
      ?.value;
  } finally {
    sqlite.close();
  }
}

const freePort = () =>
  new Promise<net.Server>((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

describe('backup and restore of the embedded database (issue 34)', () => {
  it('copies the database, and refuses to overwrite a file', async () => {
    await ledgerlightDatabase(dataDir, 'first');
    const target = path.join(base, 'copy.db');
    expect(await backupDatabase(dataDir, target)).toBeGreaterThan(0);
    expect(markerOf(target)).toBe('first');
    expect(await refusalOf(target)).toBeNull();
    await expect(backupDatabase(dataDir, target)).rejects.toThrow('exists already');
    await expect(backupDatabase(path.join(base, 'none'), path.join(base, 'x.db'))).rejects.toThrow(BackupError);
  });

  it('refuses a file that is not a Ledgerlight database, or from a newer schema', async () => {
    const text = path.join(base, 'notes.txt');
    fs.writeFileSync(text, 'hello, this is not a database at all'.repeat(100));
    expect(await refusalOf(text)).toContain('is not a SQLite database');
    const other = path.join(base, 'other.db');
    new SQLite(other).exec('create table t (x)').close();
    expect(await refusalOf(other)).toContain('is not a Ledgerlight database');
    await ledgerlightDatabase(dataDir, 'newer');
    const newer = path.join(base, 'newer.db');
    await backupDatabase(dataDir, newer);
    const sqlite = new SQLite(newer);
    sqlite.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('999-from-the-future', 'now');
    sqlite.close();
    expect(await refusalOf(newer)).toContain(
      'comes from a newer version of Ledgerlight (migrations 999-from-the-future',
    );
    expect(await refusalOf(path.join(base, 'missing.db'))).toContain('is not a file');
  });

  it('puts a backup back with the server stopped, keeping the database it replaces', async () => {
    await ledgerlightDatabase(dataDir, 'backed-up');
    const backup = path.join(base, 'backup.db');
    await backupDatabase(dataDir, backup);
    fs.rmSync(path.join(dataDir, DATABASE_FILE));
    await ledgerlightDatabase(dataDir, 'later');
    fs.writeFileSync(path.join(dataDir, `${DATABASE_FILE}-wal`), 'a journal of the old database');

    const server = await freePort();
    const port = (server.address() as net.AddressInfo).port;
    await expect(restoreDatabase(dataDir, backup, port)).rejects.toThrow(`port ${port} answers`);
    await new Promise((resolve) => server.close(resolve));
    // Another process with the database open (the server on another port).
    const open = new SQLite(path.join(dataDir, DATABASE_FILE));
    open.pragma('journal_mode = WAL');
    open.prepare('select 1').get();
    fs.rmSync(path.join(dataDir, `${DATABASE_FILE}-wal`), { force: true });
    await expect(restoreDatabase(dataDir, backup, port)).rejects.toThrow('is in use');
    open.close();

    const kept = await restoreDatabase(dataDir, backup, port);
    // The old database's journal is not replayed into the restored one.
    expect(fs.existsSync(path.join(dataDir, `${DATABASE_FILE}-wal`))).toBe(false);
    expect(markerOf(path.join(dataDir, DATABASE_FILE))).toBe('backed-up');
    expect(kept && markerOf(kept)).toBe('later');
    await expect(restoreDatabase(dataDir, path.join(base, 'missing.db'), port)).rejects.toThrow('is not a file');
  });
});
