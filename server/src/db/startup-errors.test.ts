import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import {
  badPort,
  checkDatabaseFile,
  checkDataDir,
  databaseWhere,
  listenFailureLine,
  startupFailureLine,
} from './startup-errors.ts';

describe('storage and database failures at start (issue 34)', () => {
  it('names DATABASE_URL by host:port/database, never the user or password', () => {
    expect(databaseWhere('postgres://app:s3cret@db.example:6432/ledger?sslmode=require')).toBe(
      'db.example:6432/ledger',
    );
    expect(databaseWhere('postgresql://db.example/ledger')).toBe('db.example:5432/ledger');
    expect(databaseWhere('postgres://app:pw@[::1]:99999/x')).toBe('[::1]:99999/x');
    expect(badPort('postgres://app:pw@h:99999/x')).toBe('99999');
    expect(badPort('postgres://app:pw@h:5432/x')).toBeNull();
    expect(badPort('postgres://h/x')).toBeNull();
  });

  it('says why the database cannot be reached', () => {
    const url = 'postgres://app:s3cret@db.example:6432/ledger';
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(startupFailureLine(refused, { url, dataDir: '.' })).toBe(
      'DATABASE_URL=db.example:6432/ledger: connection refused (is PostgreSQL running on that host and port?)',
    );
    const auth = Object.assign(new Error('password authentication failed for user "app"'), { code: '28P01' });
    expect(startupFailureLine(auth, { url, dataDir: '.' })).toBe(
      'DATABASE_URL=db.example:6432/ledger: password authentication failed',
    );
    expect(startupFailureLine(new Error('x'), { url: 'postgres://a:b@h:70000/d', dataDir: '.' })).toBe(
      'DATABASE_URL=h:70000/d: bad port "70000" (must be 1-65535)',
    );
    expect(startupFailureLine(new Error('something else'), { url, dataDir: '.' })).toBeNull();
  });

  it('says why DATA_DIR cannot hold the database', () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'll-startup-'));
    try {
      const file = path.join(base, 'a-file');
      fs.writeFileSync(file, '');
      expect(() => checkDataDir(file)).toThrow(`DATA_DIR=${file}: not a folder (a file is in the way)`);
      expect(() => checkDataDir(path.join(file, 'below'))).toThrow('not a folder');
      expect(() => checkDataDir(path.join(base, 'new', 'data'))).not.toThrow();
      expect(fs.readdirSync(path.join(base, 'new', 'data'))).toEqual([]);
      const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      expect(startupFailureLine(full, { dataDir: base })).toBe(`DATA_DIR=${base}: no space left on the device`);
      const readOnly = Object.assign(new Error('attempt to write a readonly database'), {
        code: 'SQLITE_READONLY_DBMOVED',
      });
      expect(startupFailureLine(readOnly, { dataDir: base })).toContain('read-only');
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });

  it("refuses a ledgerlight.db holding another program's tables, and leaves it unchanged", () => {
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'll-foreign-'));
    try {
      const file = path.join(base, 'ledgerlight.db');
      const other = new SQLite(file);
      other.exec("create table recipes (id integer primary key, name text); insert into recipes values (1, 'soup')");
      other.exec('create table ingredients (recipe integer, what text)');
      other.close();
      const digest = () => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
      const before = digest();
      expect(() => checkDatabaseFile(base, file)).toThrow(
        `DATA_DIR=${base}: ledgerlight.db belongs to another program (tables ingredients, recipes; no Ledgerlight migrations): left untouched`,
      );
      expect(digest()).toBe(before);
      expect(fs.readdirSync(base)).toEqual(['ledgerlight.db']);
      // A file that is not SQLite at all says so in one line too.
      fs.writeFileSync(file, 'not a database, but long enough to be read as one by SQLite '.repeat(20));
      expect(() => checkDatabaseFile(base, file)).toThrow(`DATA_DIR=${base}: ledgerlight.db is not a SQLite database`);
      // An empty file, or none, is a new database.
      fs.writeFileSync(file, '');
      expect(() => checkDatabaseFile(base, file)).not.toThrow();
      expect(() => checkDatabaseFile(base, path.join(base, 'none.db'))).not.toThrow();
    } finally {
      fs.rmSync(base, { recursive: true, force: true });
    }
  });

  it('says in one line that the database comes from a newer version, and that the port is taken', () => {
    const kysely = new Error('corrupted migrations: previously executed migration 031-future is missing');
    expect(startupFailureLine(kysely, { dataDir: '/srv/data' })).toBe(
      'DATA_DIR=/srv/data: the database was migrated by a newer version of Ledgerlight (migration 031-future is unknown to this one): run that version, or restore a backup taken before the upgrade',
    );
    expect(startupFailureLine(kysely, { url: 'postgres://u:pw@db:5432/ll', dataDir: '.' })).toMatch(
      /^DATABASE_URL=db:5432\/ll: the database was migrated by a newer version/,
    );
    const busy = Object.assign(new Error('listen EADDRINUSE: address already in use 0.0.0.0:3000'), {
      code: 'EADDRINUSE',
    });
    expect(listenFailureLine(busy, { PORT: 3000, HOST: '0.0.0.0' })).toBe(
      'PORT=3000 (HOST=0.0.0.0): the port is already in use (another process listens on it: stop it or choose another PORT)',
    );
    expect(listenFailureLine(new Error('other'), { PORT: 3000, HOST: '0.0.0.0' })).toBeNull();
  });

  // Skipped as root, whom no folder's permissions stop.
  it.skipIf(process.getuid?.() === 0)(
    'says a DATA_DIR under a folder it cannot write is not writable, not ENOENT',
    () => {
      const base = fs.mkdtempSync(path.join(os.tmpdir(), 'll-locked-'));
      try {
        fs.chmodSync(base, 0o500);
        expect(() => checkDataDir(path.join(base, 'a', 'b'))).toThrow(
          `DATA_DIR=${path.join(base, 'a', 'b')}: not writable (permission denied)`,
        );
      } finally {
        fs.chmodSync(base, 0o700);
        fs.rmSync(base, { recursive: true, force: true });
      }
    },
  );
});
