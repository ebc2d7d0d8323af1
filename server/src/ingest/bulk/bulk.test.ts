import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerPrints, answerRequests, changedAnswers } from '../../../test/answers.ts';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { migratedDatabase, testDatabases } from '../../../test/databases.ts';
import type { Database } from '../../db/index.ts';
import { demoCompanies } from '../demo/universe.ts';
import { loadPerCompany, perCompanyHttp, secBulk, stooqBulk } from './bulk-testing.ts';
import { bulkExitCode } from './commands.ts';
import { type ArchiveFiles, writeArchives } from './generate-archives.ts';

/*
 * The bulk commands (issue 35) on small generated archives: the same stored rows and API answers as the
 * per-company commands on the same data, an interrupted run resumed, a newer archive reloading only the
 * changed companies, damaged archives and entries rejected by name with the rest loaded.
 */

const END = '2024-06-28';
const COMPANIES = 10;
let dir: string;
let plain: ArchiveFiles;
let amended: ArchiveFiles;
let broken: ArchiveFiles;
const TICKERS = demoCompanies(COMPANIES).map((c) => c.ticker);
const CHANGED = [TICKERS[1], TICKERS[4], TICKERS[7]] as string[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ledgerlight-bulk-'));
  plain = await writeArchives({ companies: COMPANIES, out: path.join(dir, 'plain'), endDay: END });
  amended = await writeArchives({ companies: COMPANIES, out: path.join(dir, 'amended'), endDay: END, amend: CHANGED });
  broken = await writeArchives({
    companies: COMPANIES,
    out: path.join(dir, 'broken'),
    endDay: END,
    notJson: [TICKERS[2] as string],
  });
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * What a load stored, by ticker: on PostgreSQL the bulk commands write two companies at once, so the
 * securities' ids (and every row's security_id) follow the order the writers finished in.
 */
const rows = async (database: Database) => {
  const db = database.db;
  const securities = await db
    .selectFrom('securities')
    .select(['id', 'ticker', 'name', 'exchange', 'sector', 'industry', 'country', 'cik', 'description'])
    .orderBy('ticker')
    .execute();
  const tickerOf = new Map(securities.map((s) => [s.id, s.ticker]));
  const byTicker = <R extends { security_id: number }>(list: R[]) =>
    list
      .map(({ security_id, ...rest }) => ({ ticker: tickerOf.get(security_id), ...rest }))
      .sort((a, b) => ((a.ticker ?? '') < (b.ticker ?? '') ? -1 : (a.ticker ?? '') > (b.ticker ?? '') ? 1 : 0));
  const facts = await db
    .selectFrom('financial_facts')
    .selectAll()
    .orderBy('security_id')
    .orderBy('line_item')
    .orderBy('period')
    .orderBy('period_end')
    .execute();
  const prices = await db.selectFrom('daily_prices').selectAll().orderBy('security_id').orderBy('day').execute();
  const versions = await db
    .selectFrom('fact_versions')
    .selectAll()
    .orderBy('security_id')
    .orderBy('period')
    .orderBy('line_item')
    .orderBy('period_end')
    .orderBy('filed')
    .execute();
  return {
    securities: securities.map(({ id: _id, ...rest }) => rest),
    facts: byTicker(facts),
    prices: byTicker(prices),
    versions: byTicker(versions),
  };
};

describe.each(testDatabases())('bulk loading on $label', (target) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('stores the same facts, prices and answers as the per-company commands on the same data', async () => {
    const perCompany = await startTestApp(target);
    const bulk = await startTestApp(target);
    apps.push(perCompany, bulk);
    const [sec, stooq] = await loadPerCompany(perCompany.database.db, await perCompanyHttp(plain, COMPANIES, END));
    expect(sec?.loaded).toBe(COMPANIES);
    expect(stooq?.loaded).toBe(COMPANIES);

    const secOutcome = await secBulk(bulk.database, plain);
    const stooqOutcome = await stooqBulk(bulk.database, plain.stooq);
    expect(secOutcome.summary?.loaded).toBe(COMPANIES);
    expect(stooqOutcome.summary?.loaded).toBe(COMPANIES);
    expect(bulkExitCode(secOutcome)).toBe(0);

    const expected = await rows(perCompany.database);
    expect(expected.facts.length).toBeGreaterThan(COMPANIES * 100);
    expect(expected.prices.length).toBeGreaterThan(COMPANIES * 1000);
    // The demo restatements come as a report and its amendment: the value as first filed is a version.
    expect(expected.versions.filter((v) => v.line_item === 'revenue' && v.period === 'annual').length).toBeGreaterThan(
      0,
    );
    expect(await rows(bulk.database)).toEqual(expected);

    const requests = answerRequests({
      stocks: [TICKERS[0] as string, TICKERS[3] as string, TICKERS[5] as string],
      coin: 'NOCOIN',
      midDay: '2019-05-15',
      recentYear: '2021-01-01',
    }).filter((r) => !r.url.includes('/api/data/status'));
    const expectedPrints = await answerPrints(perCompany.app, requests);
    expect(expectedPrints[`GET /api/data/company?ticker=${TICKERS[0]}`]?.status).toBe(200);
    expect(expectedPrints[`GET /api/data/sheet/data/${TICKERS[0]}/income-statement?period=annual`]?.status).toBe(200);
    expect(changedAnswers(expectedPrints, await answerPrints(bulk.app, requests))).toEqual([]);
  }, 120_000);

  it('resumes an interrupted run, and a newer archive reloads exactly the companies whose entries changed', async () => {
    const database = await migratedDatabase(target);
    try {
      let checks = 0;
      // Stopped after four companies, as a signal does (a kill leaves the same: one transaction each).
      const first = await secBulk(database, plain, () => ++checks > 4);
      expect(first.summary?.interrupted).toBe(true);
      expect(first.summary?.loaded).toBe(4);
      expect(bulkExitCode(first)).toBe(130);

      const resumed = await secBulk(database, plain);
      expect(resumed.unchanged).toBe(4);
      expect(resumed.summary?.resumedFrom).toBe(first.summary?.runId);
      expect(resumed.summary?.loaded).toBe(COMPANIES - 4);
      const securities = await database.db.selectFrom('securities').select('id').execute();
      const indicators = await database.db.selectFrom('indicators').select('security_id').execute();
      expect(securities).toHaveLength(COMPANIES);
      expect(indicators).toHaveLength(COMPANIES);

      const again = await secBulk(database, plain);
      expect(again.summary).toBeNull();
      expect(again.unchanged).toBe(COMPANIES);

      const newer = await secBulk(database, amended);
      expect(newer.unchanged).toBe(COMPANIES - 3);
      expect(newer.summary?.loaded).toBe(3);
      const items = await database.db
        .selectFrom('ingest_run_items')
        .select('ticker')
        .where('run_id', '=', newer.summary?.runId as number)
        .execute();
      expect(items.map((i) => i.ticker).sort()).toEqual([...CHANGED].sort());
      const described = await database.db
        .selectFrom('securities')
        .select('ticker')
        .where('description', 'like', '%(amended)')
        .execute();
      expect(described.map((d) => d.ticker).sort()).toEqual([...CHANGED].sort());

      // Prices: every file is new the first time, none the second.
      expect((await stooqBulk(database, plain.stooq)).summary?.loaded).toBe(COMPANIES);
      const pricesAgain = await stooqBulk(database, plain.stooq);
      expect(pricesAgain.summary).toBeNull();
      expect(pricesAgain.unchanged).toBe(COMPANIES);
      const newerPrices = await stooqBulk(database, amended.stooq);
      expect(newerPrices.unchanged).toBe(COMPANIES - 3);
      expect(newerPrices.summary?.loaded).toBe(3);
      const priced = await database.db
        .selectFrom('ingest_run_items')
        .select('ticker')
        .where('run_id', '=', newerPrices.summary?.runId as number)
        .execute();
      expect(priced.map((i) => i.ticker).sort()).toEqual([...CHANGED].sort());
    } finally {
      await database.close();
    }
  }, 120_000);

  it('rejects an entry that is not JSON and the entries of a truncated archive by name, and loads the rest', async () => {
    const database = await migratedDatabase(target);
    try {
      const outcome = await secBulk(database, broken);
      const bad = TICKERS[2] as string;
      expect(outcome.summary?.loaded).toBe(COMPANIES - 1);
      expect(outcome.summary?.failed).toHaveLength(1);
      expect(outcome.summary?.failed[0]?.ticker).toBe(bad);
      expect(outcome.summary?.failed[0]?.error).toMatch(/companyfacts\.zip: entry CIK\d{10}\.json is not JSON/);
      expect(bulkExitCode(outcome)).toBe(1);

      // A Stooq archive cut short in its last file: no directory; the whole files load, the cut one is named.
      const cut = path.join(dir, 'cut.zip');
      const bytes = readFileSync(plain.stooq);
      const { size } = statSync(plain.stooq);
      // Where the last file's data ends: well before the directory (its records are 46 bytes + name each).
      const lastLocal = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
      rmSync(cut, { force: true });
      const { writeFileSync } = await import('node:fs');
      writeFileSync(cut, bytes.subarray(0, lastLocal + 200));
      truncateSync(cut, Math.min(size, lastLocal + 200));
      const prices = await stooqBulk(database, cut);
      expect(prices.summary?.loaded).toBe(COMPANIES - 2);
      expect(prices.rejected).toEqual([
        { entry: expect.stringMatching(/\.us\.txt$/), reason: 'cut short (truncated archive)' },
      ]);
      expect(bulkExitCode(prices)).toBe(1);

      // A damaged entry (its bytes changed, the CRC-32 no longer matches) is named too.
      const damaged = path.join(dir, 'damaged.zip');
      const copy = Buffer.from(readFileSync(plain.companyfacts));
      copy[200] = (copy[200] as number) ^ 0xff;
      writeFileSync(damaged, copy);
      const other = await migratedDatabase(target);
      try {
        const result = await secBulk(other, { companyfacts: damaged, submissions: plain.submissions });
        expect(result.summary?.failed).toHaveLength(1);
        expect(result.summary?.failed[0]?.error).toMatch(/entry CIK\d{10}\.json: damaged data/);
        expect(result.summary?.loaded).toBe(COMPANIES - 1);
      } finally {
        await other.close();
      }
    } finally {
      await database.close();
    }
  }, 120_000);
});
