import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { defaultEndDay, generateCompany } from '../demo/generator.ts';
import { type DemoCompany, demoCompanies } from '../demo/universe.ts';
import { cik10 } from '../sources/sec.ts';
import { LINE_ITEMS } from '../sources/sec-concepts.ts';
import type { FactRecord, SecurityBundle } from '../types.ts';
import { createZip } from './zip-writer.ts';

/*
 * Archives in the real bulk formats for N companies of the demo generator (the same companies, facts and
 * prices as `ingest demo`): SEC's companyfacts.zip and submissions.zip (one CIK##########.json each) and
 * Stooq's daily archive (data/daily/us/<market> stocks/<n>/<ticker>.us.txt). For tests and benchmarks
 * without the internet (bench/archives.ts).
 */

export interface ArchiveOptions {
  companies: number;
  out: string;
  endDay?: string;
  /** Tickers whose entries differ from the plain generation (a newer archive: amended figures). */
  amend?: readonly string[];
  /** Tickers whose companyfacts entry is written as text that is not JSON (tests of rejection). */
  notJson?: readonly string[];
}

export interface ArchiveFiles {
  companyfacts: string;
  submissions: string;
  stooq: string;
  tickers: string[];
}

/** The demo companies' CIKs: from 1,900,001 on (no real filer has those). */
export const demoCik = (index: number) => 1_900_001 + index;

const UNITS = { money: 'USD', perShare: 'USD/shares', shares: 'shares' } as const;
const SPECS = new Map(LINE_ITEMS.map((spec) => [spec.item, spec]));
const usGaap = (concepts: string[]) => concepts.find((c) => !c.includes(':')) ?? null;

/** companyfacts JSON of a demo company: each reported fact under its line item's first us-gaap concept. */
export function companyFactsJson(company: DemoCompany, cik: number, facts: FactRecord[], amend: boolean) {
  const concepts: Record<string, { label: string; units: Record<string, unknown[]> }> = {};
  const accessions = new Map<string, string>();
  const accession = (f: FactRecord, first = false) => {
    const key = `${f.fiscalYear}-${f.fiscalPeriod}${first ? '-first' : ''}`;
    let accn = accessions.get(key);
    if (!accn) {
      accn = `${cik10(cik)}-${String(f.fiscalYear).slice(2)}-${String(accessions.size + 1).padStart(6, '0')}`;
      accessions.set(key, accn);
    }
    return accn;
  };
  let amended = false;
  for (const f of [...facts].reverse()) {
    // SEC has no Q4 filing: the fourth quarter is the year (10-K) less the first three.
    if (f.derived || f.fiscalPeriod === 'Q4') continue;
    const spec = SPECS.get(f.lineItem);
    const concept = spec ? usGaap(spec.concepts) : null;
    if (!spec || !concept) continue;
    let value = f.value;
    if (amend && !amended && f.lineItem === 'revenue') {
      value += 1_000_000;
      amended = true;
    }
    const entry = concepts[concept] ?? { label: concept, units: {} };
    concepts[concept] = entry;
    const unit = UNITS[spec.unit];
    const list = entry.units[unit] ?? [];
    entry.units[unit] = list;
    const form = f.fiscalPeriod === 'FY' ? '10-K' : '10-Q';
    list.unshift({
      ...(f.periodStart ? { start: f.periodStart } : {}),
      end: f.periodEnd,
      val: value,
      accn: accession(f),
      fy: f.fiscalYear,
      fp: f.fiscalPeriod,
      form: f.firstFiled ? `${form}/A` : form,
      filed: f.filed,
    });
    // A demo restatement (demo/kind-statements.ts): the value as the report first gave it, before the amendment.
    if (f.firstFiled)
      list.unshift({
        ...(f.periodStart ? { start: f.periodStart } : {}),
        end: f.periodEnd,
        val: f.firstFiled.value,
        accn: accession(f, true),
        fy: f.fiscalYear,
        fp: f.fiscalPeriod,
        form,
        filed: f.firstFiled.filed,
      });
  }
  return { cik, entityName: company.name, facts: { 'us-gaap': concepts } };
}

/** submissions JSON of a demo company (the profile fields the SEC source reads). */
export function submissionsJson(company: DemoCompany, cik: number, bundle: SecurityBundle, amend: boolean) {
  const foreign = company.country !== undefined && company.country !== 'US';
  return {
    cik: String(cik),
    entityType: 'operating',
    sic: company.sic,
    sicDescription: company.industry,
    name: company.name,
    tickers: [company.ticker],
    exchanges: [bundle.profile.exchange ?? 'Demo Exchange'],
    fiscalYearEnd: '1231',
    website: `https://${company.ticker.toLowerCase()}.example.com`,
    description: amend ? `${company.description} (amended)` : company.description,
    addresses: {
      business: foreign
        ? { stateOrCountry: 'X0', stateOrCountryDescription: company.country, isForeignLocation: 1 }
        : { stateOrCountry: 'CA', stateOrCountryDescription: 'CA', isForeignLocation: 0 },
    },
  };
}

export const STOOQ_HEADER = '<TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>,<VOL>,<OPENINT>';

/** A Stooq daily file: one line a day, dates as YYYYMMDD (amended: the last close a cent higher). */
export function stooqText(ticker: string, bundle: SecurityBundle, amend = false): string {
  const lines = [STOOQ_HEADER];
  const prices = bundle.prices ?? [];
  const last = prices.at(-1);
  const amended = amend && last ? [...prices.slice(0, -1), { ...last, close: last.close + 0.01 }] : prices;
  for (const p of amended)
    lines.push(
      [
        `${ticker}.US`,
        'D',
        p.day.replaceAll('-', ''),
        '000000',
        p.open ?? '',
        p.high ?? '',
        p.low ?? '',
        p.close,
        p.volume ?? '',
        0,
      ].join(','),
    );
  return `${lines.join('\n')}\n`;
}

export async function writeArchives(options: ArchiveOptions): Promise<ArchiveFiles> {
  await mkdir(options.out, { recursive: true });
  const endDay = options.endDay ?? defaultEndDay();
  const files: ArchiveFiles = {
    companyfacts: path.join(options.out, 'companyfacts.zip'),
    submissions: path.join(options.out, 'submissions.zip'),
    stooq: path.join(options.out, 'd_us_txt.zip'),
    tickers: [],
  };
  const facts = await createZip(files.companyfacts);
  const submissions = await createZip(files.submissions);
  const stooq = await createZip(files.stooq);
  const amend = new Set(options.amend ?? []);
  const notJson = new Set(options.notJson ?? []);
  for (const [index, company] of demoCompanies(options.companies).entries()) {
    const cik = demoCik(index);
    const bundle = generateCompany(company, endDay);
    const amended = amend.has(company.ticker);
    const name = `CIK${cik10(cik)}.json`;
    await facts.add(
      name,
      notJson.has(company.ticker)
        ? '<html>Rate limited</html>'
        : JSON.stringify(companyFactsJson(company, cik, bundle.facts ?? [], amended)),
    );
    await submissions.add(name, JSON.stringify(submissionsJson(company, cik, bundle, amended)));
    const market = index % 2 === 0 ? 'nasdaq stocks' : 'nyse stocks';
    await stooq.add(
      `data/daily/us/${market}/${(index % 3) + 1}/${company.ticker.toLowerCase()}.us.txt`,
      stooqText(company.ticker, bundle, amended),
    );
    files.tickers.push(company.ticker);
  }
  await facts.close();
  await submissions.close();
  await stooq.close();
  return files;
}
