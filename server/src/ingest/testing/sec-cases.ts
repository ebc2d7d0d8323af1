import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type FinancialsResponse, financialsResponse, ttmFinancials } from '@app/contract';
import pg from 'pg';
import { expect } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { pgUrl } from '../../../test/databases.ts';
import { type Database, openDatabase } from '../../db/index.ts';
import { buildIngestCli, type Outcome } from './ingest-cli.ts';
import { type LocalServer, localServer } from './local-http.ts';

/*
 * The golden companyfacts of issue 19 (sources/__golden__/ok/sec-cases/, one company per case, in SEC's
 * format) served by a loopback SEC and Yahoo, loaded by the real ingest CLI into a real database (a
 * SQLite file, and a PostgreSQL schema when TEST_DATABASE_URL is set), then read through the API.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const golden = path.join(here, '../sources/__golden__/ok');
const appleFile = path.resolve(here, '../../../../../shared/fixtures/sec/companyfacts-CIK0000320193.json');
/** The real Apple file of ../shared/fixtures, when that folder is there (a fresh clone has none). */
export const applePresent = existsSync(appleFile);

export interface SecCase {
  ticker: string;
  cik: number;
  file: string;
  fiscalYearEnd: string;
  /** Foreign filers give a country instead of a state. */
  country?: string;
  /** The SIC code submissions gives (else the golden submissions' 4941). */
  sic?: string;
}

export const SEC_CASES: SecCase[] = [
  { ticker: 'QZCV', cik: 990101, file: 'sec-cases/companyfacts-cover-dates.json', fiscalYearEnd: '1231' },
  { ticker: 'QZJL', cik: 990102, file: 'sec-cases/companyfacts-january-losses.json', fiscalYearEnd: '0201' },
  {
    ticker: 'QZIF',
    cik: 990103,
    file: 'sec-cases/companyfacts-ifrs-eur.json',
    fiscalYearEnd: '1231',
    country: 'Netherlands',
  },
  { ticker: 'QZSP', cik: 990104, file: 'sec-cases/companyfacts-split-restated.json', fiscalYearEnd: '1231' },
  { ticker: 'QZWK', cik: 990105, file: 'sec-cases/companyfacts-53-week-year.json', fiscalYearEnd: '1231' },
  { ticker: 'QZNS', cik: 990106, file: 'sec-cases/companyfacts-no-statements.json', fiscalYearEnd: '1231' },
];

/** The database the CLI writes to, and how the test opens the same one. */
export interface CliTarget {
  label: string;
  engine: Database['engine'];
  env(dataDir: string): Promise<Record<string, string>>;
  open(dataDir: string): Database;
  drop(): Promise<void>;
}

export function cliTargets(): CliTarget[] {
  const sqlite: CliTarget = {
    label: 'sqlite',
    engine: 'sqlite',
    env: async () => ({}),
    open: (dataDir) => openDatabase({ sqliteFile: path.join(dataDir, 'ledgerlight.db') }),
    drop: async () => undefined,
  };
  if (!pgUrl) return [sqlite];
  const url = pgUrl;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const postgres: CliTarget = {
    label: 'postgres',
    engine: 'postgres',
    async env() {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      // The CLI's only setting is DATABASE_URL: the schema travels in it as a connection option.
      const withSchema = new URL(url);
      withSchema.searchParams.set('options', `-c search_path=${schema}`);
      return { DATABASE_URL: withSchema.toString() };
    },
    open: () => openDatabase({ url, searchPath: schema, poolMax: 4 }),
    async drop() {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    },
  };
  return [sqlite, postgres];
}

function submissions(c: {
  cik: number;
  ticker: string;
  name: string;
  fiscalYearEnd: string;
  country?: string;
  sic?: string;
}) {
  const s = JSON.parse(readFileSync(path.join(golden, 'sec-submissions.json'), 'utf8')) as Record<string, unknown>;
  const business = { street1: '1 Example Way', city: 'Example', stateOrCountry: c.country ? 'P7' : 'IL' };
  return JSON.stringify({
    ...s,
    cik: String(c.cik),
    name: c.name,
    tickers: [c.ticker],
    fiscalYearEnd: c.fiscalYearEnd,
    ...(c.sic ? { sic: c.sic } : {}),
    addresses: {
      business: c.country
        ? { ...business, stateOrCountryDescription: c.country, isForeignLocation: 1 }
        : { ...business, stateOrCountryDescription: 'IL', isForeignLocation: 0 },
    },
  });
}

/** A loopback SEC (tickers, submissions, companyfacts) and Yahoo (the split company's chart). */
async function secAndYahoo(cases: readonly SecCase[] = SEC_CASES, apple = applePresent): Promise<LocalServer> {
  const companies = [
    ...cases.map((c) => ({ ...c, path: path.join(golden, c.file) })),
    ...(apple
      ? [{ ticker: 'AAPL', cik: 320193, path: appleFile, fiscalYearEnd: '0926' } as SecCase & { path: string }]
      : []),
  ].map((c) => ({ ...c, name: (JSON.parse(readFileSync(c.path, 'utf8')) as { entityName: string }).entityName }));
  const tickers = Object.fromEntries(
    companies.map((c, i) => [String(i), { cik_str: c.cik, ticker: c.ticker, title: c.name }]),
  );
  return localServer((_req, res, url) => {
    const send = (body: string) => res.writeHead(200, { 'content-type': 'application/json' }).end(body);
    if (url.pathname === '/files/company_tickers.json') return send(JSON.stringify(tickers));
    if (url.pathname === '/v8/finance/chart/QZSP')
      return send(readFileSync(path.join(golden, 'yahoo-chart-QZSP-split.json'), 'utf8'));
    // The restated company's closes: the day its screener figures are of (restatements in the last 3 years).
    if (url.pathname === '/v8/finance/chart/QZRS')
      return send(readFileSync(path.join(golden, 'yahoo-chart-QZRS.json'), 'utf8'));
    const company = companies.find((c) => url.pathname.endsWith(`CIK${String(c.cik).padStart(10, '0')}.json`));
    if (company && url.pathname.startsWith('/submissions/')) return send(submissions(company));
    if (company && url.pathname.startsWith('/api/xbrl/companyfacts/')) return send(readFileSync(company.path, 'utf8'));
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
  });
}

export interface LoadedCases {
  /** `ingest sec QZNS`: a run where no company yields statements. */
  noneRun: Outcome;
  /** `ingest sec` of every case (and Apple when present). */
  secRun: Outcome;
  /** `ingest yahoo QZSP`: prices and the split as the price source gives it. */
  yahooRun: Outcome;
  /** The split table of QZSP after the SEC run, before Yahoo's. */
  splitsAfterSec: { day: string; numerator: number; denominator: number; source: string }[];
  t: TestApp;
  close(): Promise<void>;
}

/** The CLI's settings for a run against the loopback SEC and Yahoo at `baseUrl`. */
async function cliEnv(target: CliTarget, dataDir: string, baseUrl: string): Promise<Record<string, string>> {
  return {
    ...(await target.env(dataDir)),
    SEC_USER_AGENT: 'Ledgerlight-test admin@example.com',
    SEC_DATA_URL: baseUrl,
    SEC_TICKERS_URL: `${baseUrl}/files/company_tickers.json`,
    SEC_REQUESTS_PER_SECOND: '10',
    YAHOO_BASE_URL: baseUrl,
    PRICE_REQUESTS_PER_SECOND: '50',
    INGEST_RETRIES: '0',
  };
}

/** A test app reading the database the CLI loaded. */
const appOn = (target: CliTarget, dataDir: string) =>
  startTestApp({ engine: target.engine, label: target.label, open: async () => target.open(dataDir) });

async function closeCase(t: TestApp, target: CliTarget, dataDir: string): Promise<void> {
  await t.close();
  await target.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

export async function loadSecCases(target: CliTarget): Promise<LoadedCases> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sec-cases-'));
  const cli = await buildIngestCli(dataDir);
  const server = await secAndYahoo();
  try {
    const env = await cliEnv(target, dataDir, server.baseUrl);
    const noneRun = await cli.run(['sec', 'QZNS'], env);
    if (noneRun.stdout === '') throw new Error(`ingest sec QZNS printed nothing: ${noneRun.stderr}`);
    const tickers = [...SEC_CASES.map((c) => c.ticker), ...(applePresent ? ['AAPL'] : [])];
    const secRun = await cli.run(['sec', ...tickers], env);
    if (secRun.code !== 0) throw new Error(`ingest sec exited ${secRun.code}: ${secRun.stdout}${secRun.stderr}`);
    const peek = target.open(dataDir);
    const splitsAfterSec = await peek.db
      .selectFrom('splits')
      .innerJoin('securities', 'securities.id', 'splits.security_id')
      .select(['day', 'numerator', 'denominator', 'source'])
      .where('securities.ticker', '=', 'QZSP')
      .execute();
    await peek.close();
    const yahooRun = await cli.run(['yahoo', 'QZSP'], env);
    const t = await appOn(target, dataDir);
    return {
      noneRun,
      secRun,
      yahooRun,
      splitsAfterSec,
      t,
      close: () => closeCase(t, target, dataDir),
    };
  } finally {
    await server.close();
    cli.dispose();
  }
}

/**
 * Other golden cases alone: `ingest sec` of them through the CLI into a database, then `ingest yahoo` of
 * `prices` (tickers the loopback Yahoo has a chart of), read by a test app.
 */
export async function loadOtherCases(
  target: CliTarget,
  cases: readonly SecCase[],
  prices: readonly string[] = [],
): Promise<{ run: Outcome; t: TestApp; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sec-cases-'));
  const cli = await buildIngestCli(dataDir);
  const server = await secAndYahoo(cases, false);
  try {
    const env = await cliEnv(target, dataDir, server.baseUrl);
    const run = await cli.run(['sec', ...cases.map((c) => c.ticker)], env);
    if (run.code !== 0) throw new Error(`ingest sec exited ${run.code}: ${run.stdout}${run.stderr}`);
    if (prices.length > 0) {
      const yahoo = await cli.run(['yahoo', ...prices], env);
      if (yahoo.code !== 0) throw new Error(`ingest yahoo exited ${yahoo.code}: ${yahoo.stdout}${yahoo.stderr}`);
    }
    const t = await appOn(target, dataDir);
    return {
      run,
      t,
      close: () => closeCase(t, target, dataDir),
    };
  } finally {
    await server.close();
    cli.dispose();
  }
}

/** A financials call of the loaded app, expected to answer 200. */
export async function financialsCall(t: TestApp, call: string, query: Record<string, string>) {
  const response = await t.app.inject({ url: `/api/data/financials/${call}`, query });
  expect(response.statusCode, response.body).toBe(200);
  return financialsResponse.parse(response.json());
}

/** The TTM series of one ticker, expected to answer 200. */
export async function ttmCall(t: TestApp, ticker: string) {
  const response = await t.app.inject({ url: '/api/data/financials/ttm-financial', query: { tickers: ticker } });
  expect(response.statusCode, response.body).toBe(200);
  return ttmFinancials.parse(response.json()).series[0];
}

export const periodsOf = (body: FinancialsResponse) => body.series[0]?.periods ?? [];
