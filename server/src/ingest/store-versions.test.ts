import { afterEach, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../test/databases.ts';
import type { Database } from '../db/index.ts';
import { loadFinancials } from '../metrics/financials.ts';
import { demoSource } from './demo/source.ts';
import { demoCompanies } from './demo/universe.ts';
import { writeSecurity } from './store.ts';
import type { FactRecord, SecurityBundle } from './types.ts';

/*
 * The versions of the facts (fact_versions, statements as filed on a day) as the loader writes them: only
 * what the fact rows do not say, unchanged by an identical run, replaced with the facts on a reload and
 * never half-written, and the demo's restated values with their earlier version.
 */

const M = 1_000_000;
const fact = (over: Partial<FactRecord>): FactRecord => ({
  lineItem: 'revenue',
  period: 'annual',
  periodStart: '2023-01-01',
  periodEnd: '2023-12-31',
  fiscalYear: 2023,
  fiscalPeriod: 'FY',
  value: 3_900 * M,
  unit: 'USD',
  concept: 'us-gaap:Revenues',
  accession: 'K24',
  form: '10-K',
  filed: '2025-02-20',
  derived: false,
  ...over,
});
const restated = fact({
  versions: [
    { value: 4_000 * M, accession: 'K23', filed: '2024-02-20' },
    { value: 3_900 * M, accession: 'K24', filed: '2025-02-20' },
  ],
});
/** Filed once by the 10-K of 2024, and repeated unchanged by a later one: the first filing is a version. */
const repeated = fact({
  lineItem: 'net_income',
  value: 400 * M,
  accession: 'K25',
  filed: '2026-02-20',
  versions: [{ value: 400 * M, accession: 'K24', filed: '2025-02-20' }],
});
const filedOnce = fact({ lineItem: 'total_assets', periodStart: null, value: 10_000 * M, versions: [] });
filedOnce.versions = [{ value: filedOnce.value, accession: filedOnce.accession, filed: filedOnce.filed }];

const bundle = (facts: FactRecord[]): SecurityBundle => ({
  profile: { ticker: 'QZVS', kind: 'stock', name: 'Quzversions Corp.', cik: '990120' },
  facts,
  factsComplete: true,
  rejections: [],
});
const write = (database: Database, b: SecurityBundle) =>
  database.db
    .transaction()
    .execute((tx) => writeSecurity(tx, b, { source: 'sec', demo: false, overrides: [] }))
    .then((written) => written.counts.facts);
const versions = (database: Database) =>
  database.db
    .selectFrom('fact_versions')
    .select(['line_item', 'filed', 'value', 'accession'])
    .orderBy('line_item')
    .orderBy('filed')
    .execute();

describe.each(testDatabases())('fact versions on $label', (target) => {
  let database: Database;
  afterEach(async () => {
    await database?.close();
  });

  it('stores only what the facts do not say, changes nothing when run again, and replaces them on a reload', async () => {
    database = await migratedDatabase(target);
    expect(await write(database, bundle([restated, repeated, filedOnce]))).toBe(3);
    expect(await versions(database)).toEqual([
      { line_item: 'net_income', filed: '2025-02-20', value: 400 * M, accession: 'K24' },
      { line_item: 'revenue', filed: '2024-02-20', value: 4_000 * M, accession: 'K23' },
    ]);
    expect(await write(database, bundle([restated, repeated, filedOnce]))).toBe(0);

    // A reload whose filings no longer restate revenue, without net income: both versions go with it.
    const plain = { ...restated, versions: [{ value: 3_900 * M, accession: 'K24', filed: '2025-02-20' }] };
    expect(await write(database, bundle([plain, filedOnce]))).toBeGreaterThan(0);
    expect(await versions(database)).toEqual([]);

    // A reload that fails after writing: neither the facts nor their versions are half-written.
    await expect(
      database.db.transaction().execute(async (tx) => {
        await writeSecurity(tx, bundle([restated, repeated, filedOnce]), { source: 'sec', demo: false, overrides: [] });
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    expect(await versions(database)).toEqual([]);
    const facts = await database.db.selectFrom('financial_facts').select('line_item').orderBy('line_item').execute();
    expect(facts.map((f) => f.line_item)).toEqual(['revenue', 'total_assets']);
  });

  it("gives the demo's restated values their earlier version, read as filed before the amendment", async () => {
    database = await migratedDatabase(target);
    // One company in three has restatements (demo/kind-statements.ts): the first such of the universe.
    const company = demoCompanies(30).find(
      (c) => [...c.ticker].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % 3 === 0,
    );
    if (!company) throw new Error('no demo company with restatements');
    const demo = await demoSource({ endDay: '2024-06-28' }).fetchSecurity(company.ticker);
    const first = (demo.facts ?? []).find((f) => f.firstFiled && f.lineItem === 'revenue');
    if (!first?.firstFiled?.filed || !first.filed) throw new Error(`${company.ticker} has no restated revenue`);
    await database.db
      .transaction()
      .execute((tx) => writeSecurity(tx, demo, { source: 'demo', demo: true, overrides: [] }));
    const rows = await versions(database);
    expect(rows).toEqual(
      (demo.facts ?? [])
        .filter((f) => f.firstFiled)
        .map((f) => ({
          line_item: f.lineItem,
          filed: f.firstFiled?.filed,
          value: f.firstFiled?.value,
          accession: null,
        }))
        .sort((a, b) => a.line_item.localeCompare(b.line_item)),
    );
    const security = await database.db
      .selectFrom('securities')
      .select(['id', 'ticker', 'name', 'currency', 'kind'])
      .where('ticker', '=', company.ticker)
      .executeTakeFirstOrThrow();
    const revenueOn = async (day: string | undefined) => {
      const [loaded] = await loadFinancials(database.db, [security], 'annual', {}, ['revenue'], day);
      return loaded?.rows.find((row) => row.periodEnd === first.periodEnd)?.items.get('revenue')?.value;
    };
    expect(await revenueOn(first.firstFiled.filed)).toBe(first.firstFiled.value);
    expect(await revenueOn(first.filed)).toBe(first.value);
    expect(await revenueOn(undefined)).toBe(first.value);
  });
});
