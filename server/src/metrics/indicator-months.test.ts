import { odataResponse } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { fact, loadSecurities, weekdayBars } from '../../test/market-factory.ts';
import { bumpDataVersion } from '../db/meta.ts';
import type { IndicatorColumns } from '../derived/screener-rows.ts';
import {
  lastMonthEndBefore,
  monthEndsBetween,
  staleMonthSecurities,
  writeIndicatorMonths,
} from './indicator-months.ts';
import { readUniverseRowsOn } from './universe-as-of.ts';

// ACME: closes rising by a cent a trading day from 40 (as traded), a 2:1 split paid on 2023-06-01; basic
// EPS 0.5 a quarter in 2021 and 1.0 in 2022, equity and shares with them, each quarter filed 40 days after
// its end (Q2 2022: 2022-08-09). Its Q1 2022 EPS is restated to 2.0 by a filing of 2022-09-15 in the
// second load. BOLT: closes from 2022-01-03 only, no statements.
const raw = (day: string, i: number) => (day < '2023-06-01' ? 40 + i * 0.01 : (40 + i * 0.01) / 2);
const quarters = (year: number, item: string, value: number, instant = false) =>
  (['Q1', 'Q2', 'Q3', 'Q4'] as const).map((q) => fact(item, year, q, value, { instant }));
const acmeBars = weekdayBars('2021-01-04', '2023-12-29', raw);
const acmeFacts = [
  ...quarters(2021, 'eps_basic', 0.5),
  ...quarters(2022, 'eps_basic', 1),
  ...quarters(2021, 'revenue', 100),
  ...quarters(2022, 'revenue', 120),
  ...quarters(2021, 'equity', 1000, true),
  ...quarters(2022, 'equity', 2000, true),
  ...quarters(2021, 'shares_outstanding', 100, true),
  ...quarters(2022, 'shares_outstanding', 100, true),
];
const acme = (facts = acmeFacts) => ({
  ticker: 'ACME',
  profile: { sector: 'Utilities', industry: 'Solar power' },
  prices: acmeBars,
  splits: [{ day: '2023-06-01', numerator: 2, denominator: 1 }],
  facts,
});
const TODAY = '2024-01-15';

describe.each(testDatabases())('the month rows of the screener on $label', (target) => {
  let t: TestApp;
  let ids: number[];
  let firstPass: number;
  let secondPass: number;
  beforeAll(async () => {
    t = await startTestApp(target);
    await loadSecurities(t.database.db, [
      acme(),
      { ticker: 'BOLT', prices: weekdayBars('2022-01-03', '2023-12-29', () => 10) },
    ]);
    ids = (await t.database.db.selectFrom('securities').select('id').orderBy('id').execute()).map((s) => s.id);
    // Written through May 2023 first, then on to December: the second pass writes only the months after.
    firstPass = await writeIndicatorMonths(t.database.db, ids, { today: '2023-06-15' });
    secondPass = await writeIndicatorMonths(t.database.db, ids, { today: TODAY });
  });
  afterAll(async () => {
    await t.close();
  });

  const monthRow = async (ticker: string, day: string) =>
    t.database.db
      .selectFrom('indicator_months as m')
      .innerJoin('securities as s', 's.id', 'm.security_id')
      .selectAll('m')
      .where('s.ticker', '=', ticker)
      .where('m.day', '=', day)
      .executeTakeFirst();
  const onRead = async (ticker: string, day: string) =>
    (await readUniverseRowsOn(t.database.db, day)).find((row) => row.ticker === ticker) as IndicatorColumns;

  it('writes one row per security and month end from its first close through the last month end before today', async () => {
    const count = async (ticker: string) =>
      (
        await t.database.db
          .selectFrom('indicator_months as m')
          .innerJoin('securities as s', 's.id', 'm.security_id')
          .select('m.day')
          .where('s.ticker', '=', ticker)
          .execute()
      ).length;
    expect(await count('ACME')).toBe(monthEndsBetween('2021-01-04', '2023-12-31').length);
    expect(await count('BOLT')).toBe(monthEndsBetween('2022-01-03', '2023-12-31').length);
    expect(lastMonthEndBefore(TODAY)).toBe('2023-12-31');
    expect(firstPass).toBe(
      monthEndsBetween('2021-01-04', '2023-05-31').length + monthEndsBetween('2022-01-03', '2023-05-31').length,
    );
    expect(secondPass).toBe(2 * monthEndsBetween('2023-06-01', '2023-12-31').length);
    expect(await staleMonthSecurities(t.database.db, '2023-12-31')).toEqual([]);
  });

  it.each(['2021-01-31', '2022-07-31', '2022-08-31', '2023-05-31', '2023-06-30', '2023-12-31'])(
    "a month row equals the screener's row computed on read that day (%s)",
    async (day) => {
      const stored = await monthRow('ACME', day);
      const read = await onRead('ACME', day);
      for (const [column, value] of Object.entries(stored ?? {})) {
        if (column === 'day' || column === 'security_id') continue;
        expect(value, column).toEqual(read[column as keyof IndicatorColumns]);
      }
      expect(stored?.as_of).toBe(read.as_of);
    },
  );

  it('has no look-ahead: a quarter filed after the day is not in its row, and counts from the month it was filed', async () => {
    // As of July 2022 the TTM is Q2 2021 to Q1 2022 (0.5 x 3 + 1); Q2 2022, filed 2022-08-09, from August.
    expect((await monthRow('ACME', '2022-07-31'))?.eps_ttm).toBeCloseTo(2.5, 10);
    expect((await monthRow('ACME', '2022-08-31'))?.eps_ttm).toBeCloseTo(3, 10);
  });

  it('has no look-ahead: a split paid after the day leaves its prices as traded then', async () => {
    const may = await monthRow('ACME', '2023-05-31');
    const june = await monthRow('ACME', '2023-06-30');
    const closeOn = (day: string) => acmeBars.find((bar) => bar.day === day)?.close as number;
    expect(may?.price).toBeCloseTo(closeOn('2023-05-31'), 10);
    expect(june?.price).toBeCloseTo(closeOn('2023-06-30'), 10);
    // The same P/E either side: the EPS are on the basis of the day's shares too.
    expect(june?.pe).toBeGreaterThan(0);
  });

  it('answers the screener as of a month end from the rows, and a security loaded since from its new data', async () => {
    const priceOf = async () => {
      const response = await t.app.inject({
        url: '/api/data/indicator/odata',
        query: { asOf: '2022-08-31', $filter: "ticker eq 'ACME'", $select: 'ticker,price,epsTtm' },
      });
      expect(response.statusCode, response.body).toBe(200);
      return odataResponse.parse(response.json()).value[0];
    };
    const before = (await monthRow('ACME', '2022-08-31'))?.price as number;
    // A mark in the stored row: the answer reads it.
    await t.database.db.updateTable('indicator_months').set({ price: 12345 }).where('day', '=', '2022-08-31').execute();
    await bumpDataVersion(t.database.db);
    expect((await priceOf())?.price).toBe(12345);

    // A later filing (Q1 2023, filed 2023-05-10) comes with a second load: ACME's stored rows are behind
    // its data until written again, so the screener computes it on read meanwhile; written again, the rows
    // of the days before that filing are what they were, the month of the filing has it.
    const rowsBefore = await t.database.db
      .selectFrom('indicator_months')
      .selectAll()
      .where('security_id', '=', ids[0] as number)
      .where('day', '<=', '2023-04-30')
      .where('day', '<>', '2022-08-31')
      .orderBy('day')
      .execute();
    const q1 = [
      fact('eps_basic', 2023, 'Q1', 3),
      fact('revenue', 2023, 'Q1', 150),
      fact('equity', 2023, 'Q1', 2500, { instant: true }),
      fact('shares_outstanding', 2023, 'Q1', 100, { instant: true }),
    ];
    await loadSecurities(t.database.db, [acme([...acmeFacts, ...q1])]);
    const acmeId = ids[0] as number;
    expect(await staleMonthSecurities(t.database.db, '2023-12-31')).toEqual([acmeId]);
    const answer = await priceOf();
    expect(answer?.price).toBeCloseTo(before, 10);
    expect(answer?.epsTtm).toBeCloseTo(3, 10);

    await writeIndicatorMonths(t.database.db, [acmeId], { today: TODAY });
    const rowsAfter = await t.database.db
      .selectFrom('indicator_months')
      .selectAll()
      .where('security_id', '=', acmeId)
      .where('day', '<=', '2023-04-30')
      .where('day', '<>', '2022-08-31')
      .orderBy('day')
      .execute();
    expect(rowsAfter).toEqual(rowsBefore);
    expect((await monthRow('ACME', '2023-04-30'))?.eps_ttm).toBeCloseTo(4, 10);
    // Q2 2022 to Q1 2023: 1 + 1 + 1 + 3.
    const may = await monthRow('ACME', '2023-05-31');
    expect(may?.eps_ttm).toBeCloseTo(6, 10);
    expect(may?.eps_ttm).toEqual((await onRead('ACME', '2023-05-31')).eps_ttm);
    expect((await monthRow('ACME', '2022-08-31'))?.price).toBeCloseTo(before, 10);
    expect(await staleMonthSecurities(t.database.db, '2023-12-31')).toEqual([]);
  });
});
