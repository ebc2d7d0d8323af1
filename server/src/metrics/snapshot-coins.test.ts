import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../test/databases.ts';
import { insertSecurity } from '../../test/securities.ts';
import type { Database } from '../db/index.ts';
import { readSnapshotInputs } from './snapshot.ts';

/*
 * A batch of coins only (the demo load's last batch): no stocks means no statements to read. On PostgreSQL
 * the statement reads for no securities were `in ()`, a syntax error that stopped the load.
 */
describe.each(testDatabases())('snapshot inputs of coins only on $label', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await migratedDatabase(target);
  });
  afterAll(async () => {
    await database.close();
  });

  it('reads them without asking for statements of no stocks', async () => {
    const id = await insertSecurity(database.db, { ticker: 'XCOIN', name: 'X Coin', kind: 'crypto' });
    const inputs = await readSnapshotInputs(database.db, [
      { id, ticker: 'XCOIN', name: 'X Coin', kind: 'crypto', currency: 'USD' },
    ]);
    expect(inputs.get(id)?.financials ?? null).toBeNull();
  });
});
