import type { Database, Db } from '../../db/index.ts';
import { generateCompany } from '../demo/generator.ts';
import { demoCompanies } from '../demo/universe.ts';
import type { HttpClient } from '../http-client.ts';
import { type RunSummary, runIngest } from '../loader.ts';
import { stooqSource } from '../sources/csv.ts';
import { cik10, secSource } from '../sources/sec.ts';
import { type BulkOutcome, runBulk } from './commands.ts';
import { demoCik } from './generate-archives.ts';
import { planSecBulk } from './sec-bulk.ts';
import { planStooqBulk } from './stooq-bulk.ts';
import { openZip } from './zip-reader.ts';

/*
 * For the bulk tests: the same archives served as SEC and Stooq answer one company at a time (so the
 * per-company commands load the same data), and the bulk commands run as the CLI runs them.
 */

export const TICKERS_URL = 'https://www.sec.gov/files/company_tickers.json';

/** A fake SEC (submissions and companyfacts read from the archives) and Stooq (CSV from the generator). */
export async function perCompanyHttp(
  files: { companyfacts: string; submissions: string },
  companies: number,
  endDay: string,
): Promise<HttpClient> {
  const answers = new Map<string, string>();
  for (const [prefix, file] of [
    ['/api/xbrl/companyfacts/', files.companyfacts],
    ['/submissions/', files.submissions],
  ] as const) {
    const zip = await openZip(file);
    for await (const entry of zip.entries())
      answers.set(`${prefix}${entry.name}`, (await zip.read(entry)).toString('utf8'));
    await zip.close();
  }
  const tickers: Record<string, { cik_str: number; ticker: string; title: string }> = {};
  for (const [index, company] of demoCompanies(companies).entries()) {
    tickers[String(index)] = { cik_str: demoCik(index), ticker: company.ticker, title: company.name };
    const prices = generateCompany(company, endDay).prices ?? [];
    const csv = ['Date,Open,High,Low,Close,Volume'];
    for (const p of prices)
      csv.push([p.day, p.open ?? '', p.high ?? '', p.low ?? '', p.close, p.volume ?? ''].join(','));
    answers.set(`/q/d/l/?s=${company.ticker.toLowerCase()}.us&i=d`, csv.join('\n'));
  }
  answers.set(TICKERS_URL, JSON.stringify(tickers));
  const getText = async (path: string) => {
    const text = answers.get(path);
    if (text === undefined) throw new Error(`no answer for ${path}`);
    return text;
  };
  return { baseUrl: 'http://fake', getText, getJson: async (path) => JSON.parse(await getText(path)) };
}

export async function loadPerCompany(db: Db, http: HttpClient): Promise<RunSummary[]> {
  const sec = await runIngest({ db, source: secSource({ data: http, tickersUrl: TICKERS_URL }), tickers: 'all' });
  const tickers = async () =>
    (await db.selectFrom('securities').select('ticker').orderBy('ticker').execute()).map((r) => r.ticker);
  const stooq = await runIngest({ db, source: stooqSource(http, tickers), tickers: 'all' });
  return [sec, stooq];
}

const silent = { print: () => undefined };

export async function secBulk(
  database: Database,
  files: { companyfacts: string; submissions: string },
  stopping?: () => boolean,
): Promise<BulkOutcome> {
  const plan = await planSecBulk(database.db, files);
  return runBulk({ database, ...silent, ...(stopping ? { stopping } : {}) }, 'sec-bulk', plan, [], true);
}

export async function stooqBulk(database: Database, file: string): Promise<BulkOutcome> {
  return runBulk({ database, ...silent }, 'stooq-bulk', await planStooqBulk(database.db, file), [], true);
}

export { cik10 };
