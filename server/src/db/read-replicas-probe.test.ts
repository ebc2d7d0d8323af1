import { describe, expect, it } from 'vitest';
import { openDatabase } from './index.ts';
import { postgresCause } from './startup-errors.ts';

/*
 * Issue 45: a read replica that cannot be reached or signed in to at start is found then (the server logs
 * it by host, never with its password) and marked down, so readiness and the routing say it is not up.
 */

describe('read replicas probed at start', () => {
  it('names an unreachable replica by host:port/database, with the cause and no password', async () => {
    const database = openDatabase({
      url: 'postgres://app:primary-secret@127.0.0.1:1/primary',
      readUrls: ['postgres://app:replica-secret@127.0.0.1:1/ledger'],
    });
    try {
      const failed = (await database.readRouting?.probe()) ?? [];
      expect(failed.map((f) => f.location)).toEqual(['127.0.0.1:1/ledger']);
      const cause = postgresCause(failed[0]?.error);
      expect(cause).toBe('connection refused (is PostgreSQL running on that host and port?)');
      expect(JSON.stringify(failed.map((f) => [f.location, postgresCause(f.error)]))).not.toContain('secret');
      expect(database.readRouting?.status()).toMatchObject([{ location: '127.0.0.1:1/ledger', healthy: false }]);
    } finally {
      await database.close();
    }
  });
});
