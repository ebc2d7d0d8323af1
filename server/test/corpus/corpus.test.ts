import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { seriesHead } from '../../src/derived/series-head.ts';
import { splitFactorAfter } from '../../src/finance/adjust.ts';
import { dayNumber } from '../../src/finance/types.ts';
import { parseCompanyFacts, parseSubmissions } from '../../src/ingest/sources/sec.ts';
import { versionOn } from '../../src/ingest/sources/sec-versions.ts';
import type { FactRecord, SplitRecord } from '../../src/ingest/types.ts';

/*
 * Issue 43: real companies' full companyfacts (PROVENANCE.md), each with golden figures worked out from the
 * facts by golden.mjs, independently of the app's code (its rules are at its top). Every figure: its value,
 * its period label, its accession, and the share basis it is on; the splits, one per event.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const gz = (name: string) => JSON.parse(gunzipSync(readFileSync(path.join(here, name))).toString('utf8'));

interface Figure {
  item: string;
  period: 'annual' | 'quarterly';
  label: string;
  end: string;
  value: number;
  accession: string;
  basis: string | null;
  asOf?: string;
}
interface Company {
  ticker: string;
  cik: string;
  /** The reporting currency (golden rule 9): amounts in it, per-share figures in it per share. */
  currency: string;
  /** Null: not checked (golden.mjs says why). */
  splits: [string, number][] | null;
  figures: Figure[];
}
const golden = JSON.parse(readFileSync(path.join(here, 'golden.json'), 'utf8')) as Company[];
/** Fiscal year ends of the companies without a submissions file in the corpus (their 10-K cover pages). */
const FISCAL_YEAR_END: Record<string, string> = {
  GOOGL: '1231',
  TSLA: '1231',
  SNOW: '0131',
  LPA: '1231',
  DLR: '1231',
  UAA: '0331',
  AMC: '1231',
  KHC: '1227',
};
const PER_SHARE = new Set(['eps_basic', 'eps_diluted', 'dividends_per_share']);
/** A split from the filings and one from the company's announcement are one event within a month (merge.ts). */
const SAME_SPLIT_DAYS = 31;

function fiscalYearEndOf(company: Company): string | null {
  try {
    return parseSubmissions(gz(`submissions-CIK${company.cik}.json.gz`), company.ticker).fiscalYearEnd ?? null;
  } catch {
    return FISCAL_YEAR_END[company.ticker] ?? null;
  }
}

/** A figure's fiscal period: its label's prefix (Q4, or TP for a fiscal-year change's transition period), else FY. */
const fiscalPeriodOf = (figure: Figure) => /^(Q4|TP) /.exec(figure.label)?.[1] ?? 'FY';

/** The value as the answers give it: today's, or as filed on `asOf`, restated for the splits paid by then. */
function answerValue(fact: FactRecord, splits: readonly SplitRecord[], asOf: string | undefined): number | undefined {
  const known = asOf ? splits.filter((s) => s.day <= asOf) : splits;
  const version = asOf ? versionOn(fact.versions ?? [], asOf)?.value : fact.value;
  if (version === undefined) return undefined;
  return PER_SHARE.has(fact.lineItem) ? version * splitFactorAfter(known, fact.periodEnd) : version;
}

describe.each(golden)('the real filings of $ticker', (company) => {
  const parsed = parseCompanyFacts(
    gz(`companyfacts-CIK${company.cik}.json.gz`),
    company.ticker,
    fiscalYearEndOf(company),
  );

  it.skipIf(company.splits === null)('has one split per event, each the announced one', () => {
    const splits = company.splits ?? [];
    expect(parsed.splits).toHaveLength(splits.length);
    splits.forEach(([day, ratio], i) => {
      const split = parsed.splits[i] as SplitRecord;
      expect(split.numerator / split.denominator).toBe(ratio);
      expect(Math.abs(dayNumber(split.day) - dayNumber(day))).toBeLessThanOrEqual(SAME_SPLIT_DAYS);
    });
  });

  it.each(company.figures)('$item $label ($period, ends $end) as filed on $asOf', (figure) => {
    const fact = parsed.facts.find(
      (f) =>
        f.lineItem === figure.item &&
        f.period === figure.period &&
        f.periodEnd === figure.end &&
        f.fiscalPeriod === fiscalPeriodOf(figure),
    );
    if (!fact) throw new Error(`no ${figure.item} for ${figure.label}`);
    expect(`${fact.fiscalPeriod === 'FY' ? '' : `${fact.fiscalPeriod} `}FY${fact.fiscalYear}`).toBe(figure.label);
    expect(fact.unit).toBe(PER_SHARE.has(figure.item) ? `${company.currency}/shares` : company.currency);
    const value = answerValue(fact, parsed.splits, figure.asOf);
    expect(value).toBeDefined();
    expect(Math.abs((value as number) - figure.value)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(figure.value)));
    const version = figure.asOf ? versionOn(fact.versions ?? [], figure.asOf) : fact;
    expect(version?.accession).toBe(figure.accession);
    const { splitBasis } = seriesHead([], parsed.splits, 'USD', figure.asOf);
    if (!PER_SHARE.has(figure.item)) return;
    if (figure.basis === null) expect(splitBasis).toBeNull();
    else if (figure.asOf) expect(splitBasis).toBe(figure.basis);
    else
      expect(Math.abs(dayNumber(splitBasis ?? '1970-01-01') - dayNumber(figure.basis))).toBeLessThanOrEqual(
        SAME_SPLIT_DAYS,
      );
  });
});
