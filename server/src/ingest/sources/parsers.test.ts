import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { greenFlags, parseGreenOverrides } from '../green.ts';
import { parseBinanceKlines, parseCoinGeckoMarketChart } from './crypto.ts';
import { parseDividendCsv, parsePriceCsv } from './csv.ts';
import { ParseError, parseCompanyFacts, parseCompanyTickers, parseSubmissions } from './sec.ts';
import { parseYahooChart } from './yahoo.ts';

/* Golden-file tests: every parser on ok/ and not-ok/ samples written in the real formats. */

const here = path.dirname(fileURLToPath(import.meta.url));
const text = (name: string) => readFileSync(path.join(here, '__golden__', name), 'utf8');
const json = (name: string): unknown => JSON.parse(text(name));

describe('SEC parsers', () => {
  it('maps tickers to CIKs', () => {
    const map = parseCompanyTickers(json('ok/sec-company-tickers.json'));
    expect(map.get('QZAP')).toEqual({ cik: '990001', title: 'Quzap Example Corp' });
    expect(() => parseCompanyTickers(json('not-ok/sec-company-tickers-empty.json'))).toThrow(ParseError);
  });

  it('reads the profile from submissions', () => {
    const p = parseSubmissions(json('ok/sec-submissions.json'), 'QZAP');
    expect(p).toMatchObject({
      name: 'Quzap Example Corp',
      exchange: 'NYSE',
      cik: '990001',
      sicCode: '4941',
      sector: 'Utilities',
      country: 'US',
      fiscalYearEnd: '0930',
      website: 'https://quzap.example',
      investorRelationsUrl: 'https://ir.quzap.example',
      description: null,
    });
  });

  it('normalises companyfacts: fallback concepts, restatements, Q4 derivation, instants', () => {
    const { facts, rejections } = parseCompanyFacts(json('ok/sec-companyfacts.json'), 'QZAP', '0930');
    expect(rejections).toEqual([]);
    const find = (item: string, period: string, end: string) =>
      facts.filter((f) => f.lineItem === item && f.period === period && f.periodEnd === end);
    // The older concept (SalesRevenueNet) fills the year the newer one does not have.
    expect(find('revenue', 'annual', '2021-09-30')).toMatchObject([
      { value: 900, concept: 'SalesRevenueNet', fiscalYear: 2021 },
    ]);
    // The later filing (restated comparative) wins.
    expect(find('revenue', 'annual', '2022-09-30')).toMatchObject([{ value: 1010, accession: '0000990001-23-000040' }]);
    // Year-to-date (six months) values are not quarters.
    expect(facts.filter((f) => f.lineItem === 'revenue' && f.value === 520)).toEqual([]);
    const q4 = find('revenue', 'quarterly', '2023-09-30');
    expect(q4).toMatchObject([
      { value: 1100 - 250 - 270 - 280, derived: true, fiscalPeriod: 'Q4', fiscalYear: 2023, periodStart: '2023-07-01' },
    ]);
    // The derived fourth quarter names the 10-K and the three 10-Qs it uses.
    expect(q4[0]?.accession?.split(',')).toEqual([
      '0000990001-23-000040',
      '0000990001-23-000010',
      '0000990001-23-000020',
      '0000990001-23-000030',
    ]);
    expect(find('revenue', 'quarterly', '2023-03-31')).toMatchObject([{ fiscalPeriod: 'Q2', fiscalYear: 2023 }]);
    // Share counts are averages: no derived Q4.
    expect(find('shares_basic', 'quarterly', '2023-09-30')).toEqual([]);
    // Balance-sheet instants: year ends are annual (and Q4), others quarterly; negative equity kept.
    expect(find('equity', 'annual', '2022-09-30')).toMatchObject([{ value: -50, fiscalYear: 2022 }]);
    expect(find('equity', 'quarterly', '2023-09-30')).toMatchObject([{ value: 120, fiscalPeriod: 'Q4' }]);
    expect(find('equity', 'quarterly', '2023-03-31')).toMatchObject([{ value: 40, fiscalPeriod: 'Q2' }]);
    // The cover page's count (dated 2023-10-20) belongs to the period its 10-K reports, and makes no period.
    expect(find('shares_outstanding', 'annual', '2023-09-30')).toMatchObject([
      { value: 1_000_000, concept: 'dei:EntityCommonStockSharesOutstanding', fiscalPeriod: 'FY' },
    ]);
    expect(find('shares_outstanding', 'quarterly', '2023-09-30')).toMatchObject([{ fiscalPeriod: 'Q4' }]);
    expect(facts.filter((f) => f.periodEnd === '2023-10-20')).toEqual([]);
  });

  it('rejects bad facts with the field and reason, and fails a file without facts', () => {
    const { facts, rejections } = parseCompanyFacts(json('not-ok/sec-companyfacts-bad-values.json'), 'QZAP');
    expect(facts.filter((f) => f.lineItem === 'revenue')).toMatchObject([{ value: 7, periodEnd: '2022-09-30' }]);
    expect(rejections.map((r) => r.reason)).toEqual([
      'value "n/a" is not a number',
      'start 2023-10-01 after end 2023-09-30',
      'bad end date "2023-13-45"',
    ]);
    expect(rejections[0]).toMatchObject({ source: 'sec', ticker: 'QZAP', field: 'revenue.Revenues' });
    expect(() => parseCompanyFacts(json('not-ok/sec-companyfacts-no-facts.json'), 'QZAP')).toThrow(ParseError);
  });
});

describe('Yahoo chart parser', () => {
  it('undoes the split adjustment, keeps dividends as paid and days in exchange time', () => {
    const b = parseYahooChart(json('ok/yahoo-chart.json'), 'QZAP');
    expect(b.profile).toMatchObject({ kind: 'stock', name: 'Quzap Example Corp', currency: 'USD', exchange: 'NYSE' });
    expect(b.splits).toEqual([{ day: '2023-09-05', numerator: 2, denominator: 1 }]);
    expect(b.dividends).toEqual([{ exDate: '2023-09-06', amount: 0.25, currency: 'USD' }]);
    expect(b.prices).toEqual([
      { day: '2023-09-04', open: 100, high: 102, low: 99, close: 101, volume: 1000 },
      { day: '2023-09-05', open: 51, high: 52, low: 50.5, close: 51.5, volume: 3000 },
      { day: '2023-09-06', open: 50.5, high: 51, low: 50, close: 50.75, volume: 2500 },
    ]);
    expect(b.rejections).toEqual([]);
  });

  it('reports bad bars and events, and fails an error response', () => {
    const b = parseYahooChart(json('not-ok/yahoo-chart-bad-bars.json'), 'QZAP');
    // The bad close of 09-05 is rejected; the later bar of that day is then the only one kept.
    expect(b.prices?.map((p) => p.day)).toEqual(['2023-09-04', '2023-09-05']);
    expect(b.rejections.map((r) => r.field).sort()).toEqual(['close', 'dividends', 'timestamp']);
    expect(() => parseYahooChart(json('not-ok/yahoo-chart-error.json'), 'QZAP')).toThrow(/delisted/);
  });
});

describe('CSV parsers', () => {
  it('reads daily prices by header name, quoted fields included', () => {
    const { prices, rejections } = parsePriceCsv(text('ok/prices.csv'), 'QZAP');
    expect(rejections).toEqual([]);
    expect(prices.map((p) => [p.day, p.close])).toEqual([
      ['2024-01-02', 101.25],
      ['2024-01-03', 98.5],
      ['2024-01-04', 97.5],
    ]);
  });

  it('rejects bad rows with line numbers and fails without a close column', () => {
    const { prices, rejections } = parsePriceCsv(text('not-ok/prices-bad-rows.csv'), 'QZAP');
    expect(prices).toHaveLength(1);
    expect(rejections.map((r) => `${r.field}: ${r.reason}`)).toEqual([
      'date: line 3: bad date "2024-02-30"',
      'close: line 4: bad close "abc"',
      'high: line 5: high 96 below low 97.25',
      'date: line 6: duplicate day 2024-01-02',
    ]);
    expect(() => parsePriceCsv(text('not-ok/prices-no-close.csv'), 'QZAP')).toThrow(/missing column close/);
  });

  it('reads dividends per ticker and rejects bad ones', () => {
    const ok = parseDividendCsv(text('ok/dividends.csv'));
    expect(ok.dividends).toHaveLength(3);
    expect(ok.dividends[0]).toMatchObject({
      ticker: 'QZAP',
      exDate: '2023-12-14',
      amount: 0.25,
      payDate: '2024-01-02',
    });
    expect(ok.dividends[1]?.payDate).toBeNull();
    const bad = parseDividendCsv(text('not-ok/dividends-bad.csv'));
    expect(bad.dividends).toEqual([]);
    expect(bad.rejections.map((r) => r.field)).toEqual(['exDate', 'amount']);
  });
});

describe('crypto parsers', () => {
  it('reads Binance klines as UTC days', () => {
    const { prices, rejections } = parseBinanceKlines(json('ok/binance-klines.json'), 'BTC');
    expect(rejections).toEqual([]);
    expect(prices[1]).toEqual({
      day: '2024-01-02',
      open: 44179.55,
      high: 45879.63,
      low: 44148.34,
      close: 44946.91,
      volume: 65146.40661,
    });
    const bad = parseBinanceKlines(json('not-ok/binance-bad-klines.json'), 'BTC');
    expect(bad.prices).toEqual([]);
    expect(bad.rejections.map((r) => r.field)).toEqual(['close', 'openTime', 'kline']);
    expect(() => parseBinanceKlines(json('not-ok/binance-not-array.json'), 'BTC')).toThrow(ParseError);
  });

  it('reads CoinGecko market charts: a midnight snapshot closes the day before, the last point of a day is its close', () => {
    const { prices } = parseCoinGeckoMarketChart(json('ok/coingecko-market-chart.json'), 'BTC');
    expect(prices.map((p) => [p.day, p.close, p.volume])).toEqual([
      ['2023-12-31', 42261.04, 14214948217.47],
      ['2024-01-01', 44179.92, 18397056101.75],
      ['2024-01-02', 45100.5, null],
    ]);
    // The same coin from Binance: the 2024-01-01 bar opens near the 01-01 00:00 snapshot and closes
    // near the 01-02 00:00 one, so both sources agree on each day's close.
    const binance = parseBinanceKlines(json('ok/binance-klines.json'), 'BTC').prices;
    const close = (list: { day: string; close: number }[], day: string) => list.find((p) => p.day === day)?.close ?? 0;
    expect(close(prices, '2024-01-01') / close(binance, '2024-01-01')).toBeCloseTo(1, 3);
    expect(() => parseCoinGeckoMarketChart(json('not-ok/coingecko-no-prices.json'), 'BTC')).toThrow(ParseError);
  });
});

describe('green rules', () => {
  it('sets flags by SIC code and keywords, says which rule, and lets overrides win', () => {
    const { overrides, errors } = parseGreenOverrides(text('ok/green-overrides.csv'));
    expect(errors).toEqual([]);
    const water = greenFlags({ ticker: 'QZAP', sicCode: '4941', industry: 'Water Supply' }, overrides);
    expect(water).toMatchObject({ isGreenWater: true, isGreenWaste: true, isGreenEnergy: false });
    expect(water.rules).toEqual({
      isGreenWater: 'rule:water-utilities',
      isGreenWaste: 'override:Runs a municipal recycling contract',
    });
    const cleared = greenFlags({ ticker: 'ZQRT', description: 'Desalination plants' }, overrides);
    expect(cleared.isGreenWater).toBe(false);
    // Whole words only: "windows" is not "wind power", "solaris" not "solar".
    expect(greenFlags({ ticker: 'X', description: 'Windows and Solaris software' }).rules).toEqual({});
    expect(parseGreenOverrides(text('not-ok/green-overrides-bad.csv')).errors).toHaveLength(3);
  });
});
