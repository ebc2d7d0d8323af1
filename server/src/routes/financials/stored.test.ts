import { type FinancialMetric, financialGroups } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratedDatabase, testDatabases } from '../../../test/databases.ts';
import { fact, loadSecurities } from '../../../test/market-factory.ts';
import type { Database } from '../../db/index.ts';
import type { Period } from '../../db/schema.ts';
import { rebuildStatementValues } from '../../derived/rebuild.ts';
import {
  STATEMENT_VALUES_VERSION,
  staleStatementValues,
  statementValuesRow,
  writeStatementValues,
} from '../../derived/statement-values.ts';
import { demoSource } from '../../ingest/demo/source.ts';
import { runIngest } from '../../ingest/loader.ts';
import { resolveTickers, type SecurityRef } from '../market/securities.ts';
import { financialsJson } from './stored.ts';

/*
 * Stored statement values (stored.ts) against computing the same answers from the statements: every
 * financials metric list, both kinds of period, ranges cutting anywhere, over demo companies (20 years,
 * splits, dividends) and hand-made cases (a split inside the range, a missing quarter, a fiscal year
 * missing, filings' accession numbers, negative equity, a coin without fundamentals).
 */
const METRIC_LISTS: FinancialMetric[][] = [
  ...Object.values(financialGroups).map((list) => [...list]),
  // calc-financials takes any list, in any order.
  ['roe', 'dividendsPerShare', 'revenue', 'payoutRatio', 'epsBasic'],
  ['netMargin'],
];
const RANGES = [
  {},
  { from: '2021-01-01' },
  // Past the look-back of a fiscal year: GAPP's 2021 may not average with 2019, either way.
  { from: '2021-06-01' },
  { to: '2022-06-30' },
  { from: '2020-07-01', to: '2023-03-31' },
  { from: '2023-12-31', to: '2023-12-31' },
  { from: '2030-01-01' },
];

const year = (y: number, values: Record<string, number>, instants: Record<string, number>) => [
  ...Object.entries(values).map(([item, value]) => fact(item, y, 'FY', value)),
  ...Object.entries(instants).map(([item, value]) => fact(item, y, 'FY', value, { instant: true })),
];
const quarter = (y: number, q: 1 | 2 | 3 | 4, revenue: number, equity: number) => [
  fact('revenue', y, `Q${q}`, revenue, { derived: q === 4 }),
  fact('net_income', y, `Q${q}`, revenue / 10),
  fact('eps_basic', y, `Q${q}`, revenue / 1000),
  fact('equity', y, `Q${q}`, equity, { instant: true }),
];

async function loadCases(db: Database['db']): Promise<void> {
  await runIngest({ db, source: demoSource({ companies: 4, endDay: '2024-03-29' }), tickers: 'all', resume: false });
  await loadSecurities(db, [
    {
      ticker: 'ACME',
      splits: [{ day: '2022-07-01', numerator: 3, denominator: 1 }],
      dividends: [
        { exDate: '2021-06-15', amount: 0.6 },
        { exDate: '2022-09-15', amount: 0.25 },
      ],
      facts: [
        ...[2019, 2020, 2021, 2022, 2023].flatMap((y, i) =>
          year(
            y,
            { revenue: 1000 + 100 * i, net_income: 80 - 30 * i, eps_basic: 1 - 0.4 * i, shares_basic: 80 },
            { equity: 500 - 150 * i, total_assets: 2000 + i },
          ),
        ),
        ...[2021, 2022, 2023].flatMap((y) => [1, 2, 3, 4].flatMap((q) => quarter(y, q as 1, 200 + q, 300 + q))),
      ],
    },
    {
      // 2020 is missing (no start for 2021); 2022's second quarter too.
      ticker: 'GAPP',
      facts: [
        ...[2018, 2019, 2021, 2022].flatMap((y) =>
          year(y, { revenue: 500 + y - 2018, net_income: 50 }, { equity: 400, total_assets: 900 }),
        ),
        ...[1, 3, 4].flatMap((q) => quarter(2022, q as 1, 100 + q, 200)),
      ],
    },
    { ticker: 'COIN', kind: 'crypto' },
  ]);
}

describe.each(testDatabases())('stored statement values on $label', (target) => {
  let database: Database;
  let securities: SecurityRef[];
  beforeAll(async () => {
    database = await migratedDatabase(target);
    await loadCases(database.db);
    const tickers = (await database.db.selectFrom('securities').select('ticker').orderBy('ticker').execute()).map(
      (row) => row.ticker,
    );
    securities = await resolveTickers(database.db, tickers);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
  });

  /** Every metric list x kind of period x range, as financialsJson answers it now. */
  async function everyAnswer(): Promise<string[]> {
    const answers: string[] = [];
    for (const metrics of METRIC_LISTS)
      for (const period of ['annual', 'quarterly'] satisfies Period[])
        for (const range of RANGES) answers.push(await financialsJson(database, securities, period, range, metrics));
    return answers;
  }

  it('give every financials answer exactly as computing it from the statements does', async () => {
    const db = database.db;
    const rows = await db.selectFrom('statement_values').select(['security_id', 'period']).execute();
    // Every company has both kinds of statement; the coins have none.
    expect(rows.length).toBe(2 * securities.filter((s) => s.kind === 'stock').length);
    const stored = await everyAnswer();
    const saved = await db.selectFrom('statement_values').selectAll().execute();
    await db.deleteFrom('statement_values').execute();
    try {
      const computed = await everyAnswer();
      for (let i = 0; i < computed.length; i++) expect(stored[i], `answer ${i}`).toBe(computed[i]);
      // The cases are there to be compared: accessions, derived values, per-share restatement, gaps.
      const all = stored.join('\n');
      for (const needle of ['"accessions":{"revenue":["', '"derived":["', '"fiscalPeriod":"Q4"', '"periods":[]'])
        expect(all).toContain(needle);
    } finally {
      await db.insertInto('statement_values').values(saved).execute();
    }
  });

  it('leave rows of another version unread, and rebuild them', async () => {
    const db = database.db;
    const acme = securities.find((s) => s.ticker === 'ACME') as SecurityRef;
    const before = await financialsJson(database, [acme], 'annual', {}, ['roe', 'epsBasic']);
    expect(await staleStatementValues(db)).toEqual([]);
    await db
      .updateTable('statement_values')
      .set({ version: 0, value_tokens: '' })
      .where('security_id', '=', acme.id)
      .execute();
    expect(await staleStatementValues(db)).toEqual([acme.id]);
    // Computed from the statement meanwhile: the same answer.
    expect(await financialsJson(database, [acme], 'annual', {}, ['roe', 'epsBasic'])).toBe(before);
    expect(await rebuildStatementValues(db)).toEqual({ written: 1, failed: 0 });
    expect(await staleStatementValues(db)).toEqual([]);
    const row = await db
      .selectFrom('statement_values')
      .select(['version', 'value_tokens'])
      .where('security_id', '=', acme.id)
      .where('period', '=', 'annual')
      .executeTakeFirstOrThrow();
    expect(row.version).toBe(STATEMENT_VALUES_VERSION);
    expect(row.value_tokens).not.toBe('');
    expect(await financialsJson(database, [acme], 'annual', {}, ['roe', 'epsBasic'])).toBe(before);
  });

  it('follow the loader: a later split restates the stored per-share values', async () => {
    const db = database.db;
    const acme = securities.find((s) => s.ticker === 'ACME') as SecurityRef;
    const eps = async () =>
      (
        JSON.parse(await financialsJson(database, [acme], 'annual', { to: '2019-12-31' }, ['epsBasic'])) as {
          series: { periods: { values: { epsBasic: number } }[] }[];
        }
      ).series[0]?.periods[0]?.values.epsBasic;
    expect(await eps()).toBeCloseTo(1 / 3);
    await loadSecurities(db, [{ ticker: 'ACME', splits: [{ day: '2023-08-01', numerator: 2, denominator: 1 }] }]);
    expect(await eps()).toBeCloseTo(1 / 6);

    // A load and a rebuild of the same security at once: the rebuild waits for the load's transaction,
    // then reads what it wrote (on PostgreSQL the advisory lock; without it the rebuild either wrote the
    // values from before the load, or failed on the rows the load had just inserted).
    let rebuilt = false;
    let rebuild: Promise<void> | undefined;
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('splits')
        .values({ security_id: acme.id, day: '2024-02-01', numerator: 2, denominator: 1, source: 'test' })
        .execute();
      await writeStatementValues(tx, acme.id);
      rebuild = db
        .transaction()
        .execute((other) => writeStatementValues(other, acme.id))
        .then(() => {
          rebuilt = true;
        });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(rebuilt).toBe(false);
    });
    await rebuild;
    expect(rebuilt).toBe(true);
    expect(await eps()).toBeCloseTo(1 / 12);
  });
});

describe('a statement_values row', () => {
  it('is empty for a statement without periods', () => {
    const row = statementValuesRow(
      {
        security_id: 1,
        period: 'annual',
        period_ends: '',
        period_starts: '',
        fiscal_years: '',
        fiscal_periods: '',
        line_items: '',
        amounts: new Uint8Array(0),
        accessions: '',
        derived: '',
        currency: '',
      },
      [],
      [],
      { currency: 'USD', quartersFiled: false, splits: [] },
    );
    expect(row).toMatchObject({ period_ends: '', heads: '', accession_tokens: '', derived: '' });
  });
});
