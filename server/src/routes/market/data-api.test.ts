import * as contract from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { testDatabases } from '../../../test/databases.ts';
import { lineItemsOf, metricsWithComputation } from '../../derived/period-metrics.ts';
import { demoSource } from '../../ingest/demo/source.ts';
import { runIngest } from '../../ingest/loader.ts';

/*
 * The whole data API over the demo generator's universe (a few of its securities): every call answers
 * in its contract shape, and the OpenAPI document lists every path with an example per response schema.
 */
const STOCK = 'ZFAB'; // quarterly dividends and a 4:1 split in 2021
const COIN = 'QBTZ';
const calls: [string, z.ZodType][] = [
  [`/api/data/company?ticker=${STOCK}`, contract.companyProfile],
  [`/api/data/company/${STOCK}/links`, contract.companyLinks],
  [`/api/data/company/home?tickers=${STOCK},${COIN}`, contract.homeCards],
  ['/api/data/company/search?q=z', contract.companySearch],
  [`/api/data/chart/price?tickers=${STOCK}&from=2020-01-01`, contract.priceChart],
  [`/api/data/v2/chart/price?tickers=${STOCK}&from=2021-01-01&to=2021-12-31`, contract.priceChartV2],
  [`/api/data/chart/crypto/price?tickers=${COIN}`, contract.priceChart],
  [`/api/data/chart/crypto/downside-potential?tickers=${COIN}`, contract.drawdownChart],
  [`/api/data/chart/downside-potential?tickers=${STOCK}`, contract.drawdownChart],
  [`/api/data/chart/dividend-yield-by-time?tickers=${STOCK}`, contract.dividendYieldChart],
  [`/api/data/chart/valuation-ratios?tickers=${STOCK}`, contract.valuationRatiosChart],
  [`/api/data/dividends/dps?tickers=${STOCK}`, contract.dividendsPerShare],
  [`/api/data/dividends/by-month?tickers=${STOCK}`, contract.dividendsByMonth],
  [`/api/data/indicator/div-perc?ticker=${STOCK}`, contract.dividendYieldPercentile],
  ...[
    'payout',
    'eps-basic',
    'revenue-per-share',
    'balance-sheet',
    'cash-flow',
    'income-statement',
    'margins',
    'per-share',
    'capital-allocation',
  ].map((path): [string, z.ZodType] => [
    `/api/data/financials/${path}?tickers=${STOCK}&period=quarterly`,
    contract.financialsResponse,
  ]),
  [`/api/data/financials/financial-returns?tickers=${STOCK}`, contract.financialsResponse],
  [
    `/api/data/financials/calc-financials?tickers=${STOCK}&fields=revenue,roe,freeCashFlow`,
    contract.financialsResponse,
  ],
  [`/api/data/financials/ttm-financial?tickers=${STOCK},${COIN}`, contract.ttmFinancials],
  [`/api/data/sheet?ticker=${STOCK}`, contract.sheetList],
  [`/api/data/sheet/data/${STOCK}/cash-flow?period=quarterly`, contract.sheetData],
];

describe.each(testDatabases())('the data API on the demo universe ($label)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    const summary = await runIngest({
      db: t.database.db,
      source: demoSource({ endDay: '2025-06-30' }),
      tickers: [STOCK, COIN],
    });
    expect(summary.failed).toEqual([]);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it.each(calls)('%s answers in its contract shape', async (url, schema) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode, response.body).toBe(200);
    expect(() => schema.parse(response.json())).not.toThrow();
    expect(response.body.length).toBeGreaterThan(10);
  });

  it('has sane demo numbers: a split is no drawdown step, fundamentals give ratios, TTM is four quarters', async () => {
    const v2 = contract.priceChartV2.parse(
      (await t.app.inject({ url: `/api/data/v2/chart/price?tickers=${STOCK}&from=2021-01-01&to=2021-12-31` })).json(),
    );
    const points = v2.series[0]?.points ?? [];
    const splitAt = points.findIndex((p) => p.split);
    expect(points[splitAt]?.split).toEqual({ numerator: 4, denominator: 1 });
    const before = points[splitAt - 1]?.close ?? 0;
    expect(Math.abs((points[splitAt]?.close ?? 0) / before - 1)).toBeLessThan(0.2);
    const ttm = contract.ttmFinancials.parse(
      (await t.app.inject({ url: `/api/data/financials/ttm-financial?tickers=${STOCK}` })).json(),
    );
    expect(ttm.series[0]?.basis).toBe('ttm');
    expect(ttm.series[0]?.values.revenue).toBeGreaterThan(0);
  });

  it('documents every data path in OpenAPI, each response schema with an example', async () => {
    const document = (await t.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { example?: unknown }> };
    };
    for (const [url] of calls) {
      const path = url.split('?')[0]?.replace(`/${STOCK}/`, '/{ticker}/') as string;
      const documented = path.replace('/data/{ticker}/cash-flow', '/data/{ticker}/{sheet}');
      expect(Object.keys(document.paths), documented).toContain(documented);
    }
    for (const id of [
      'CompanyProfile',
      'CompanyLinks',
      'HomeCards',
      'CompanySearch',
      'PriceChart',
      'PriceChartV2',
      'DrawdownChart',
      'DividendYieldChart',
      'ValuationRatiosChart',
      'DividendsPerShare',
      'DividendsByMonth',
      'DividendYieldPercentile',
      'Financials',
      'TtmFinancials',
      'SheetList',
      'SheetData',
      'SeriesRequest',
    ]) {
      expect(document.components.schemas[id]?.example, id).toBeDefined();
    }
  });
});

describe('financial metrics', () => {
  it('every metric of the contract has a computation', () => {
    expect(metricsWithComputation().sort()).toEqual([...contract.financialMetrics].sort());
  });

  it('knows the line items each metric reads, so a call queries only those', () => {
    expect(lineItemsOf(['revenue'])).toEqual(['revenue']);
    expect(lineItemsOf(['roe'])).toEqual(['equity', 'net_income']);
    expect(lineItemsOf(['bookValuePerShare'])).toEqual(['equity', 'shares_basic', 'shares_outstanding']);
    expect(lineItemsOf(['payoutRatio'])).toEqual(['dividends_per_share', 'eps_basic']);
  });
});
