import { errorBody, type FinancialsResponse, financialsResponse, sheetData, ttmFinancials } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliTargets, financialsCall, loadOtherCases, periodsOf, type SecCase } from './testing/sec-cases.ts';

/*
 * Issue 32, statements as filed on a day (asOf): a golden companyfacts (sources/__golden__/ok/sec-cases/
 * companyfacts-as-filed.json) whose 10-K of 2024 restates 2023's revenue (4,000 M -> 3,900 M) and total
 * assets, whose 2024 periods are first filed in 2024 and 2025, and with a 2:1 split on 2024-09-15, loaded
 * through the real ingest CLI against a loopback SEC into both databases and read through the API.
 */
const CASE: SecCase = {
  ticker: 'QZAS',
  cik: 990119,
  file: 'sec-cases/companyfacts-as-filed.json',
  fiscalYearEnd: '1231',
};
const M = 1_000_000;
const A = {
  Q1_23: '0000990119-23-000010',
  K23: '0000990119-24-000005',
  Q1_24: '0000990119-24-000010',
  Q2_24: '0000990119-24-000020',
  Q3_24: '0000990119-24-000030',
  K24: '0000990119-25-000005',
};

describe.each(cliTargets())('statements as filed on a day, through the ingest CLI into $label', (target) => {
  let loaded: Awaited<ReturnType<typeof loadOtherCases>>;
  beforeAll(async () => {
    loaded = await loadOtherCases(target, [CASE]);
  }, 120_000);
  afterAll(async () => {
    await loaded?.close();
  });
  const get = (call: string, query: Record<string, string>) =>
    financialsCall(loaded.t, call, { tickers: 'QZAS', ...query });
  const ttm = async (query: Record<string, string> = {}) => {
    const response = await loaded.t.app.inject({
      url: '/api/data/financials/ttm-financial',
      query: { tickers: 'QZAS', ...query },
    });
    expect(response.statusCode, response.body).toBe(200);
    return ttmFinancials.parse(response.json()).series[0];
  };
  const revenues = (body: FinancialsResponse) =>
    periodsOf(body).map((p) => [p.fiscalPeriod, p.periodEnd, p.values.revenue]);

  it('stores only the versions the facts do not already say', async () => {
    const rows = await loaded.t.database.db
      .selectFrom('fact_versions')
      .innerJoin('securities', 'securities.id', 'fact_versions.security_id')
      .select(['period', 'line_item', 'period_end', 'filed', 'value', 'accession'])
      .where('securities.ticker', '=', 'QZAS')
      .orderBy('period')
      .orderBy('line_item')
      .orderBy('period_end')
      .orderBy('filed')
      .execute();
    const annual = rows.filter((r) => r.period === 'annual').map((r) => [r.line_item, r.period_end, r.filed, r.value]);
    expect(annual).toEqual([
      // Restated by the 10-K of 2024: the first value until then.
      ['net_income', '2023-12-31', '2024-02-20', 400 * M],
      ['net_income_common', '2023-12-31', '2024-02-20', 400 * M],
      ['revenue', '2023-12-31', '2024-02-20', 4_000 * M],
      ['total_assets', '2023-12-31', '2024-02-20', 10_000 * M],
    ]);
    // The derived Q4 of 2023 (FY - Q1..Q3) has the versions of its year: 1,150 M, then 1,050 M.
    const q4 = rows.filter(
      (r) => r.period === 'quarterly' && r.line_item === 'revenue' && r.period_end === '2023-12-31',
    );
    expect(q4.map((r) => [r.filed, r.value])).toEqual([['2024-02-20', 1_150 * M]]);
    expect(q4[0]?.accession?.split(',')[0]).toBe(A.K23);
  });

  it('between the filings: the value as first filed, with its filing; periods filed later are absent', async () => {
    const annual = await get('income-statement', { asOf: '2024-03-01' });
    expect(revenues(annual)).toEqual([['FY', '2023-12-31', 4_000 * M]]);
    expect(periodsOf(annual)[0]?.accessions.revenue).toEqual([A.K23]);
    expect(annual.series[0]?.asFiled).toEqual({ day: '2024-03-01', firstFiled: '2024-02-20', note: null });
    const balance = await get('balance-sheet', { asOf: '2024-03-01' });
    expect(periodsOf(balance).map((p) => p.values.totalAssets)).toEqual([10_000 * M]);
    const quarters = await get('income-statement', { asOf: '2024-03-01', period: 'quarterly' });
    expect(revenues(quarters)).toEqual([
      ['Q1', '2023-03-31', 900 * M],
      ['Q2', '2023-06-30', 950 * M],
      ['Q3', '2023-09-30', 1_000 * M],
      // FY as first filed less Q1..Q3.
      ['Q4', '2023-12-31', 1_150 * M],
    ]);
    // The first quarter as its own 10-Q gave it (today it is the 2024 10-Q's comparative).
    expect(periodsOf(quarters)[0]?.accessions.revenue).toEqual([A.Q1_23]);
    const series = await ttm({ asOf: '2024-03-01' });
    expect(series).toMatchObject({ basis: 'ttm', asOf: '2023-12-31' });
    expect(series?.values.revenue).toBe(4_000 * M);
  });

  it('after the restating filing: the latest value, from that filing; TTM from the quarters known then', async () => {
    const latest = await get('income-statement', {});
    expect(revenues(latest)).toEqual([
      ['FY', '2023-12-31', 3_900 * M],
      ['FY', '2024-12-31', 4_600 * M],
    ]);
    for (const asOf of ['2025-02-20', '2025-06-30']) {
      const body = await get('income-statement', { asOf });
      expect(revenues(body)).toEqual(revenues(latest));
      expect(periodsOf(body)[0]?.accessions.revenue).toEqual([A.K24]);
    }
    // The day before it: the first value still.
    expect(revenues(await get('income-statement', { asOf: '2025-02-19' }))[0]).toEqual(['FY', '2023-12-31', 4_000 * M]);
    // Before the 10-K of 2024, three quarters of 2024 are known: the TTM is the last four of them.
    const beforeK = await ttm({ asOf: '2024-12-01' });
    expect(beforeK).toMatchObject({
      basis: 'ttm',
      period: { fiscalPeriod: 'TTM', periodStart: '2023-10-01', periodEnd: '2024-09-30' },
    });
    expect(beforeK?.values.revenue).toBe((1_150 + 1_000 + 1_100 + 1_200) * M);
    expect(beforeK?.accessions.revenue).toEqual(expect.arrayContaining([A.K23, A.Q1_24, A.Q2_24, A.Q3_24]));
    expect(beforeK?.accessions.revenue).not.toContain(A.K24);
    expect((await ttm())?.values.revenue).toBe(4_600 * M);
    // 2024's year and its Q4 are not there before the 10-K of 2024.
    const quarters = await get('income-statement', { asOf: '2024-12-01', period: 'quarterly' });
    expect(revenues(quarters).map(([label, end]) => `${label} ${end}`)).toEqual([
      'Q1 2023-03-31',
      'Q2 2023-06-30',
      'Q3 2023-09-30',
      'Q4 2023-12-31',
      'Q1 2024-03-31',
      'Q2 2024-06-30',
      'Q3 2024-09-30',
    ]);
  });

  it('per-share values on the basis of the splits known on the day', async () => {
    const before = await get('eps-basic', { asOf: '2024-06-30' });
    expect(before.series[0]?.splits).toEqual([]);
    expect(periodsOf(before).map((p) => p.values.epsBasic)).toEqual([4]);
    const after = await get('eps-basic', { asOf: '2024-12-01' });
    expect(after.series[0]?.splits).toEqual([{ day: '2024-09-15', numerator: 2, denominator: 1 }]);
    expect(periodsOf(after).map((p) => p.values.epsBasic)).toEqual([2]);
    expect(periodsOf(await get('eps-basic', {})).map((p) => p.values.epsBasic)).toEqual([2, 2.3]);
  });

  it('before any filing: an empty answer saying why; a day after today is today; no asOf is today', async () => {
    const empty = await get('income-statement', { asOf: '2023-01-15' });
    expect(periodsOf(empty)).toEqual([]);
    expect(empty.series[0]?.asFiled).toEqual({
      day: '2023-01-15',
      firstFiled: '2024-02-20',
      note: 'No statements filed on or before 2023-01-15: the first were filed on 2024-02-20',
    });
    const quarters = await get('income-statement', { asOf: '2023-01-15', period: 'quarterly' });
    expect(quarters.series[0]?.asFiled?.firstFiled).toBe('2023-05-01');
    const none = await ttm({ asOf: '2023-01-15' });
    expect(none).toMatchObject({ basis: null, values: {} });
    expect(none?.asFiled?.note).toMatch(/first were filed on 2023-05-01/);

    const today = new Date().toISOString().slice(0, 10);
    const withoutAsOf = await get('income-statement', { period: 'quarterly' });
    expect(withoutAsOf.series[0]?.asFiled).toBeUndefined();
    for (const asOf of [today, '2999-12-31']) {
      const body = await get('income-statement', { period: 'quarterly', asOf });
      const { asFiled, splitBasis, ...series } = body.series[0] as FinancialsResponse['series'][number];
      expect(asFiled?.day).toBe(today);
      // The basis names the day asked, today's answer the day of the last split (the same splits): the rest is equal.
      expect(splitBasis).toBe(today);
      const { splitBasis: latestBasis, ...latest } = withoutAsOf.series[0] as FinancialsResponse['series'][number];
      expect(latestBasis).toBe('2024-09-15');
      expect({ ...body, series: [series] }).toEqual({ ...withoutAsOf, series: [latest] });
    }
  });

  it('the data sheets too: as filed on the day, the CSV named after it', async () => {
    const sheet = await loaded.t.app.inject({
      url: '/api/data/sheet/data/QZAS/income-statement',
      query: { asOf: '2024-03-01' },
    });
    expect(sheet.statusCode, sheet.body).toBe(200);
    const table = sheetData.parse(sheet.json());
    expect(table.columns.map((c) => c.periodEnd)).toEqual(['2023-12-31']);
    expect(table.rows.find((r) => r.lineItem === 'revenue')?.values).toEqual([4_000 * M]);
    expect(table.asFiled).toEqual({ day: '2024-03-01', firstFiled: '2024-02-20', note: null });
    const latest = sheetData.parse(
      (await loaded.t.app.inject({ url: '/api/data/sheet/data/QZAS/income-statement' })).json(),
    );
    expect(latest.rows.find((r) => r.lineItem === 'revenue')?.values).toEqual([3_900 * M, 4_600 * M]);
    expect(latest.asFiled).toBeUndefined();
    const csv = await loaded.t.app.inject({
      url: '/api/data/sheet/data/QZAS/income-statement',
      query: { asOf: '2024-03-01', format: 'csv' },
    });
    expect(csv.headers['content-disposition']).toBe(
      'attachment; filename="QZAS-income-statement-annual-as-filed-2024-03-01.csv"',
    );
    expect(csv.body).toContain('4000000000');
    const bad = await loaded.t.app.inject({
      url: '/api/data/sheet/data/QZAS/income-statement',
      query: { asOf: '2024-02-30' },
    });
    expect(bad.statusCode).toBe(400);
    expect((errorBody.parse(bad.json()).error.details as { field: string }).field).toBe('asOf');
  });

  it('is cached per day: the answer of one day is never served for another or for the latest', async () => {
    const tags = new Map<string, string>();
    // Asked three times each, interleaved: the cache stores an answer from its second request on.
    for (const asOf of ['2024-03-01', '', '2024-03-01', '', '2024-03-01', '']) {
      const response = await loaded.t.app.inject({
        url: '/api/data/financials/income-statement',
        query: { tickers: 'QZAS', ...(asOf ? { asOf } : {}) },
      });
      const body = financialsResponse.parse(response.json());
      expect(revenues(body)[0]?.[2]).toBe(asOf ? 4_000 * M : 3_900 * M);
      const etag = String(response.headers.etag);
      expect(tags.get(asOf) ?? etag).toBe(etag);
      tags.set(asOf, etag);
    }
    expect(tags.get('2024-03-01')).not.toBe(tags.get(''));
  });

  it('a malformed or impossible day is a 400 naming asOf, on every statement call', async () => {
    for (const [call, asOf] of [
      ['income-statement', '2024-02-30'],
      ['ttm-financial', '20240101'],
      ['financial-returns', 'yesterday'],
      ['calc-financials', '2024-13-01'],
    ] as const) {
      const response = await loaded.t.app.inject({
        url: `/api/data/financials/${call}`,
        query: { tickers: 'QZAS', asOf, ...(call === 'calc-financials' ? { fields: 'revenue' } : {}) },
      });
      expect(response.statusCode, `${call} ${asOf}`).toBe(400);
      const { error } = errorBody.parse(response.json());
      expect(error.code).toBe('validation_error');
      expect((error.details as { field: string }).field).toBe('asOf');
    }
    const ok = await loaded.t.app.inject({
      url: '/api/data/financials/financial-returns',
      query: { tickers: 'QZAS', asOf: '2024-03-01' },
    });
    expect(financialsResponse.parse(ok.json()).series[0]?.periods.map((p) => p.periodEnd)).toEqual(['2023-12-31']);
  });
});
