import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { badPort, checkDataDir, databaseWhere, startupFailureLine } from './startup-errors.ts';

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
});
