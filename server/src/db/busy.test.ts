import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { tempDir } from '../../test/multi-instance/harness.ts';
import { openDatabase } from './index.ts';

/*
 * Issue 45: a write that cannot get SQLite's write lock in time (another process holds it past the busy
 * timeout) is a 503 with Retry-After and a message saying why, never a 500.
 */

describe('a SQLite write while another process holds the write lock', () => {
  const temp = tempDir('ll-busy-');
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    temp.remove();
  });

  it('answers 503 database_busy with Retry-After once the busy timeout has passed', async () => {
    const file = path.join(temp.dir, 'ledgerlight.db');
    t = await startTestApp({
      engine: 'sqlite',
      label: 'sqlite file',
      open: async () => openDatabase({ sqliteFile: file, busyTimeoutMs: 50 }),
    });
    const other = new SQLite(file);
    try {
      other.exec("begin immediate; insert into app_meta (key, value) values ('holder', '1')");
      const held = await t.app.inject({
        method: 'POST',
        url: '/api/events',
        payload: { name: 'page_view', path: '/stocks/ACME' },
      });
      expect(held.statusCode).toBe(503);
      expect(held.headers['retry-after']).toBe('2');
      expect(held.json().error).toMatchObject({ code: 'service_unavailable', details: { reason: 'database_busy' } });
      expect(held.json().error.message).toMatch(/busy with other writes/);
      other.exec('commit');
      const free = await t.app.inject({
        method: 'POST',
        url: '/api/events',
        payload: { name: 'page_view', path: '/stocks/ACME' },
      });
      expect(free.statusCode).toBe(204);
    } finally {
      if (other.inTransaction) other.exec('rollback');
      other.close();
    }
  });
});
