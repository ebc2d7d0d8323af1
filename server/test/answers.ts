import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { sheetIds } from '@app/contract';
import type { ZodApp } from '../src/context.ts';

/*
 * Every data call of the API asked in several ways, and a fingerprint of each answer (status, content
 * type, sha256 of the body): what answers-unchanged.test.ts (demo data) and bench/answers.ts (the bench
 * dataset) compare with a committed file, so that a change meant to keep behaviour (issue 24) can prove
 * every answer is byte for byte what it was. A change that means to alter answers rewrites the file
 * (UPDATE_ANSWERS=1) and says so in docs/api.md, "Changes".
 */
export interface AnswerRequest {
  method: 'GET' | 'POST';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export interface AnswerPrint {
  status: number;
  type: string;
  bytes: number;
  sha256: string;
}

/** The tickers the calls are asked for: stocks (the first with dividends, one with a split) and a coin. */
export interface AnswerTickers {
  stocks: [string, string, ...string[]];
  coin: string;
  /** A day inside the data, for ranges that cut years and periods in the middle. */
  midDay: string;
  /** A year's first day a few years before the data's end. */
  recentYear: string;
}

const FINANCIALS = [
  'income-statement',
  'balance-sheet',
  'cash-flow',
  'capital-allocation',
  'payout',
  'per-share',
  'eps-basic',
  'revenue-per-share',
  'margins',
];

const get = (url: string, headers?: Record<string, string>): AnswerRequest => ({
  method: 'GET',
  url,
  ...(headers ? { headers } : {}),
});

/** The requests, each named by its method and URL (plus its body or headers when it has them). */
export function answerRequests(t: AnswerTickers): AnswerRequest[] {
  const [first, second] = t.stocks;
  const all = t.stocks.join(',');
  const pair = `${first},${second}`;
  const ranges = [
    '',
    `&from=${t.recentYear}`,
    `&to=${t.midDay}`,
    `&from=${t.midDay}&to=${t.midDay}`,
    '&from=2090-01-01',
  ];
  const list: AnswerRequest[] = [];
  const add = (...requests: AnswerRequest[]) => list.push(...requests);

  // Company pages.
  for (const ticker of [...t.stocks, t.coin]) {
    add(get(`/api/data/company?ticker=${ticker}`), get(`/api/data/company/statistics?ticker=${ticker}`));
    add(get(`/api/data/company/${ticker}/links`), get(`/api/data/sheet?ticker=${ticker}`));
    add(get(`/api/data/indicator/div-perc?ticker=${ticker}`));
  }
  add(get(`/api/data/company?ticker=${t.coin}&lang=de`), get(`/api/data/company?ticker=${first.toLowerCase()}`));
  add(get('/api/data/company/home'), get(`/api/data/company/home?tickers=${first},${t.coin}`));
  add(get('/api/data/company/search?q=q'), get('/api/data/company/search?q=so&limit=3'));
  add(get(`/api/data/company/search?q=${t.coin}`));
  // Issue 33: peers, the next report's estimate and every dividend payment (a coin's: none, or a 404).
  for (const ticker of [...t.stocks, t.coin]) {
    add(get(`/api/data/company/peers?ticker=${ticker}`), get(`/api/data/company/next-report?ticker=${ticker}`));
    add(get(`/api/data/dividends/history?ticker=${ticker}`));
  }
  add(get(`/api/data/dividends/history?ticker=${first}&format=csv`));

  // Charts.
  for (const range of ranges) {
    add(
      get(`/api/data/chart/price?tickers=${pair}${range}`),
      get(`/api/data/chart/crypto/price?tickers=${t.coin}${range}`),
    );
    add(
      get(`/api/data/v2/chart/price?tickers=${pair}${range}`),
      get(`/api/data/v2/chart/crypto/price?tickers=${t.coin}${range}`),
    );
    add(get(`/api/data/chart/downside-potential?tickers=${pair}${range}`));
    add(get(`/api/data/chart/crypto/downside-potential?tickers=${t.coin}${range}`));
    add(get(`/api/data/chart/dividend-yield-by-time?tickers=${pair}${range}`));
    add(get(`/api/data/chart/valuation-ratios?tickers=${pair}${range}`));
  }
  for (const resolution of ['daily', 'weekly', 'auto']) {
    add(get(`/api/data/v2/chart/price?tickers=${first}&resolution=${resolution}`));
    add(get(`/api/data/v2/chart/crypto/price?tickers=${t.coin}&resolution=${resolution}`));
    add(get(`/api/data/chart/downside-potential?tickers=${first}&resolution=${resolution}&from=${t.recentYear}`));
    add(get(`/api/data/chart/dividend-yield-by-time?tickers=${first}&resolution=${resolution}`));
    add(get(`/api/data/chart/valuation-ratios?tickers=${second}&resolution=${resolution}`));
  }
  add(get(`/api/data/chart/price?tickers=${all}`), get(`/api/data/v2/chart/price?tickers=${all}&resolution=daily`));
  add(
    { method: 'POST', url: '/api/data/chart/price', payload: { tickers: t.stocks, from: t.recentYear } },
    { method: 'POST', url: '/api/data/chart/crypto/price', payload: { tickers: [t.coin], to: t.midDay } },
    { method: 'POST', url: '/api/data/v2/chart/price', payload: { tickers: [first], resolution: 'weekly' } },
  );

  // Dividends.
  for (const range of ranges) add(get(`/api/data/dividends/dps?tickers=${all}${range}`));
  add(
    get(`/api/data/dividends/by-month?tickers=${pair}`),
    get(`/api/data/dividends/by-month?tickers=${first}&from=${t.recentYear}`),
  );
  add(get(`/api/data/dividends/by-month?tickers=${all}&from=${t.midDay.slice(0, 4)}-01-01&to=${t.midDay}`));

  // Financials: every call, both kinds of period, ranges cutting periods.
  for (const name of FINANCIALS)
    for (const period of ['', '&period=annual', '&period=quarterly'])
      for (const range of ['', `&from=${t.recentYear}`, `&from=${t.midDay}&to=${t.midDay}`, `&to=${t.midDay}`])
        add(get(`/api/data/financials/${name}?tickers=${all},${t.coin}${period}${range}`));
  for (const range of ranges) add(get(`/api/data/financials/financial-returns?tickers=${all}${range}`));
  for (const fields of ['revenue,netMargin,roe', 'roe,dividendsPerShare,revenue,payoutRatio,epsBasic', 'netMargin'])
    for (const period of ['annual', 'quarterly'])
      add(
        get(
          `/api/data/financials/calc-financials?tickers=${all}&fields=${fields}&period=${period}&from=${t.recentYear}`,
        ),
      );
  add(get(`/api/data/financials/calc-financials?tickers=${first}&fields=roe,roa,roic`));
  add(get(`/api/data/financials/ttm-financial?tickers=${all},${t.coin}`));
  add(get(`/api/data/financials/ttm-financial?tickers=${pair}&fields=revenue,equity,sharesBasic,netMargin,roe`));

  // Data sheets.
  for (const ticker of t.stocks.slice(0, 2))
    for (const sheet of sheetIds)
      for (const period of ['annual', 'quarterly'])
        add(get(`/api/data/sheet/data/${ticker}/${sheet}?period=${period}`));
  add(get(`/api/data/sheet/data/${first}/income-statement?format=csv`));
  add(get(`/api/data/sheet/data/${second}/per-share?period=quarterly`, { accept: 'text/csv' }));

  // The screener and the green list.
  const odata = [
    '',
    '?$count=true',
    '?$select=ticker,pe,dividendYieldPct,isGreenEnergy',
    "?$filter=kind eq 'stock' and pe gt 0&$orderby=dividendYieldPct desc,ticker&$top=5",
    '?$filter=marketCap gt 0&$orderby=marketCap desc&$skip=1&$top=3&$count=true',
    '?$orderby=ticker&$select=ticker,name,asOf,drawdownPct',
    "?$filter=sector in ('Utilities','Technology') or isGreenEnergy",
  ];
  for (const query of odata) {
    add(get(`/api/data/indicator/odata${query}`), get(`/api/data/indicator/odatav2${query}`));
  }
  add(
    get('/api/data/green/stocks'),
    get('/api/data/green/stocks?fields=ticker,name,marketCap&orderBy=ticker&order=asc'),
  );
  add(get('/api/data/green/stocks?isGreenEnergy=true&limit=2&skip=1'));

  // Market summary and status.
  add(get('/api/data/market/movers'), get('/api/data/market/movers?limit=2'), get('/api/data/market/crypto'));
  add(get('/api/data/market/sectors'), get('/api/data/market/ex-dividends'), get('/api/data/market/indices'));
  add(get(`/api/data/market/ex-dividends?tickers=${pair}&limit=3`), get('/api/data/status'));
  add(get('/sitemap.xml'), get('/sitemap/pages.xml'));

  // Errors keep their shape too.
  add(get('/api/data/company?ticker=NOPE'), get(`/api/data/chart/price?tickers=${first}&from=2024-13-01`));
  add(get(`/api/data/financials/income-statement?tickers=${first}&period=weekly`));
  add(get(`/api/data/sheet/data/${t.coin}/income-statement`), get(`/api/data/chart/crypto/price?tickers=${first}`));
  return list;
}

export function requestName(request: AnswerRequest): string {
  const body = request.payload === undefined ? '' : ` ${JSON.stringify(request.payload)}`;
  const headers = request.headers ? ` ${JSON.stringify(request.headers)}` : '';
  return `${request.method} ${request.url}${body}${headers}`;
}

/** Every request's answer fingerprint, by name, asked one after the other through Fastify's inject. */
export async function answerPrints(
  app: ZodApp,
  requests: readonly AnswerRequest[],
): Promise<Record<string, AnswerPrint>> {
  const prints: Record<string, AnswerPrint> = {};
  for (const request of requests) {
    const res = await app.inject({
      method: request.method,
      url: request.url,
      ...(request.payload === undefined ? {} : { payload: request.payload as object }),
      ...(request.headers ? { headers: request.headers } : {}),
    });
    prints[requestName(request)] = {
      status: res.statusCode,
      type: String(res.headers['content-type'] ?? ''),
      bytes: res.rawPayload.length,
      sha256: createHash('sha256').update(res.rawPayload).digest('hex'),
    };
  }
  return prints;
}

/** The names whose prints differ between two sets (missing on either side included), sorted. */
export function changedAnswers(expected: Record<string, AnswerPrint>, actual: Record<string, AnswerPrint>): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual)]);
  return [...names].filter((name) => JSON.stringify(expected[name]) !== JSON.stringify(actual[name])).sort();
}

export function readPrints(file: string): Record<string, AnswerPrint> | undefined {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, AnswerPrint>) : undefined;
}

export function writePrints(file: string, prints: Record<string, AnswerPrint>): void {
  fs.writeFileSync(file, `${JSON.stringify(prints, null, 2)}\n`);
}
