import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../test/databases.ts';
import type { Database } from '../db/index.ts';
import { loadFinancials } from '../metrics/financials.ts';
import { parseCompanyFacts } from './sources/sec.ts';
import { writeSecurity } from './store.ts';

/*
 * Issue 43: one basis per answer. The golden company of sources/__golden__/ok/sec-issue-43 announces a
 * 20-for-1 split on 2022-02-01 and pays it on 2022-07-15 (both days tagged). Written by the loader, read
 * by the financials' loader today and as filed on a day: every per-share figure of one answer is in the
 * share terms of one day, which the answer names (splitBasis).
 */
const file = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'sources/__golden__/ok/sec-issue-43/companyfacts-split-two-days.json',
);

describe.each(testDatabases())('per-share figures on one basis on $label', (target) => {
  let database: Database;
  afterEach(async () => {
    await database?.close();
  });

  const write = () => {
    const parsed = parseCompanyFacts(JSON.parse(readFileSync(file, 'utf8')), 'QZTD', '1231');
    return database.db.transaction().execute((tx) =>
      writeSecurity(
        tx,
        {
          profile: { ticker: 'QZTD', kind: 'stock', name: 'Quztwoday Inc.', cik: '990143' },
          facts: parsed.facts,
          factsComplete: true,
          splits: parsed.splits,
          rejections: [],
        },
        { source: 'sec', demo: false, overrides: [] },
      ),
    );
  };
  const load = async () => {
    database = await migratedDatabase(target);
    await write();
    return database.db
      .selectFrom('securities')
      .select(['id', 'ticker', 'name', 'currency', 'kind'])
      .where('ticker', '=', 'QZTD')
      .executeTakeFirstOrThrow();
  };
  const epsOf = async (security: Awaited<ReturnType<typeof load>>, period: 'annual' | 'quarterly', day?: string) => {
    const [data] = await loadFinancials(database.db, [security], period, {}, ['epsBasic'], day);
    if (!data) throw new Error('no financials');
    const eps = Object.fromEntries(data.rows.map((row) => [row.periodEnd, row.items.get('eps_basic')?.value]));
    return { eps, splits: data.head.splits, splitBasis: data.head.splitBasis };
  };

  it("today's answer: every split applied once, a 20-for-1 tagged on two days divides by 20, not 400", async () => {
    const security = await load();
    const annual = await epsOf(security, 'annual');
    expect(annual.splits).toEqual([
      { day: '2021-07-19', numerator: 4, denominator: 1 },
      { day: '2022-07-15', numerator: 20, denominator: 1 },
    ]);
    expect(annual.splitBasis).toBe('2022-07-15');
    expect(annual.eps).toEqual({ '2021-12-31': 5, '2022-12-31': 6 });
    const quarterly = await epsOf(security, 'quarterly');
    expect(quarterly.eps).toMatchObject({ '2021-09-30': 1.35, '2022-03-31': 1.5, '2022-09-30': 1.6 });
  });

  it('as filed between the announcement and the payout: last year and this quarter both before the split', async () => {
    const security = await load();
    const annual = await epsOf(security, 'annual', '2022-05-01');
    const quarterly = await epsOf(security, 'quarterly', '2022-05-01');
    expect(annual.splitBasis).toBe('2022-05-01');
    expect(annual.splits.map((s) => s.day)).toEqual(['2021-07-19']);
    expect(annual.eps).toEqual({ '2021-12-31': 100 });
    expect(quarterly.eps).toEqual({ '2021-09-30': 27, '2022-03-31': 30 });
  });

  it('as filed after the payout: the split applied once to what was filed before it', async () => {
    const security = await load();
    const annual = await epsOf(security, 'annual', '2022-11-01');
    const quarterly = await epsOf(security, 'quarterly', '2022-11-01');
    expect(annual.splitBasis).toBe('2022-11-01');
    expect(annual.eps).toEqual({ '2021-12-31': 5 });
    expect(quarterly.eps).toEqual({ '2021-09-30': 1.35, '2022-03-31': 1.5, '2022-09-30': 1.6 });
  });

  it("a reload removes a split an older parser stored twice (the announcement's), keeping the price source's", async () => {
    const security = await load();
    // As an older parser and a price source left them: the 4-for-1 on Yahoo's day, the 20-for-1 twice.
    await database.db.deleteFrom('splits').where('security_id', '=', security.id).execute();
    await database.db
      .insertInto('splits')
      .values([
        { security_id: security.id, day: '2021-07-20', numerator: 4, denominator: 1, source: 'yahoo' },
        { security_id: security.id, day: '2022-02-01', numerator: 20, denominator: 1, source: 'sec' },
        { security_id: security.id, day: '2022-07-15', numerator: 20, denominator: 1, source: 'sec' },
      ])
      .execute();
    await write();
    const stored = await database.db
      .selectFrom('splits')
      .select(['day', 'numerator', 'source'])
      .where('security_id', '=', security.id)
      .orderBy('day')
      .execute();
    expect(stored).toEqual([
      { day: '2021-07-20', numerator: 4, source: 'yahoo' },
      { day: '2022-07-15', numerator: 20, source: 'sec' },
    ]);
    expect((await epsOf(security, 'annual')).eps).toEqual({ '2021-12-31': 5, '2022-12-31': 6 });
  });
});
