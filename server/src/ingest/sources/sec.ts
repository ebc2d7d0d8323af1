import { type HttpClient, HttpError } from '../http-client.ts';
import { sectorOfSic } from '../sectors.ts';
import type { SecurityBundle, SecurityProfile, Source } from '../types.ts';
import { ParseError } from './parse-error.ts';
import { parseCompanyFacts } from './sec-statements.ts';

/*
 * SEC EDGAR: company_tickers.json (ticker -> CIK), submissions (profile) and companyfacts (XBRL facts,
 * read into statements by sec-statements.ts). A company SEC has no XBRL facts for (companyfacts answers
 * 404) still gets its profile, and the summary says why it has no statements.
 */

export { fiscalYearOfEnd, parseCompanyFacts } from './sec-statements.ts';
export { ParseError };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const cik10 = (cik: string | number) => String(cik).padStart(10, '0');

/** company_tickers.json: {"0": {"cik_str": 320193, "ticker": "AAPL", "title": "Apple Inc."}, ...} */
export function parseCompanyTickers(json: unknown): Map<string, { cik: string; title: string }> {
  if (!isObject(json)) throw new ParseError('company_tickers', 'expected an object of entries');
  const out = new Map<string, { cik: string; title: string }>();
  for (const entry of Object.values(json)) {
    if (!isObject(entry)) continue;
    const cik = entry.cik_str;
    const ticker = entry.ticker;
    if ((typeof cik !== 'number' && typeof cik !== 'string') || typeof ticker !== 'string') continue;
    out.set(ticker.toUpperCase(), {
      cik: String(Number(cik)),
      title: typeof entry.title === 'string' ? entry.title : ticker,
    });
  }
  if (out.size === 0) throw new ParseError('company_tickers', 'no ticker entries');
  return out;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** submissions/CIK##########.json -> the profile fields SEC knows. */
export function parseSubmissions(json: unknown, ticker: string): SecurityProfile {
  if (!isObject(json)) throw new ParseError('submissions', 'expected an object');
  const name = str(json.name);
  if (!name) throw new ParseError('name', 'submissions has no company name');
  const exchanges = Array.isArray(json.exchanges)
    ? json.exchanges.filter((e): e is string => typeof e === 'string')
    : [];
  const sic = str(json.sic);
  const business = isObject(json.addresses) && isObject(json.addresses.business) ? json.addresses.business : {};
  const foreign = business.isForeignLocation === 1;
  const fye = str(json.fiscalYearEnd);
  return {
    ticker,
    kind: 'stock',
    name,
    exchange: exchanges[0] ?? null,
    cik: json.cik != null ? String(Number(json.cik)) : null,
    sicCode: sic,
    sicDescription: str(json.sicDescription),
    sector: sic ? sectorOfSic(sic) : null,
    industry: str(json.sicDescription),
    // Domestic filers give a state code; foreign ones a country description.
    country: foreign ? str(business.stateOrCountryDescription) : 'US',
    fiscalYearEnd: fye && /^\d{4}$/.test(fye) ? fye : null,
    website: str(json.website),
    investorRelationsUrl: str(json.investorWebsite),
    description: str(json.description),
  };
}

export interface SecSourceOptions {
  /** data.sec.gov (submissions, companyfacts). */
  data: HttpClient;
  /** Full URL of company_tickers.json (on www.sec.gov). */
  tickersUrl: string;
}

/** The SEC source: profile from submissions, statements from companyfacts. Prices come from another source. */
export function secSource({ data, tickersUrl }: SecSourceOptions): Source {
  let tickers: Promise<Map<string, { cik: string; title: string }>> | null = null;
  const tickerMap = () => {
    tickers ??= data.getJson(tickersUrl).then(parseCompanyTickers);
    return tickers;
  };
  return {
    name: 'sec',
    async listTickers() {
      return [...(await tickerMap()).keys()];
    },
    async fetchSecurity(ticker) {
      const entry = (await tickerMap()).get(ticker.toUpperCase());
      if (!entry) throw new ParseError('ticker', `${ticker} is not in SEC company_tickers.json`);
      const profile = parseSubmissions(
        await data.getJson(`/submissions/CIK${cik10(entry.cik)}.json`),
        ticker.toUpperCase(),
      );
      const path = `/api/xbrl/companyfacts/CIK${cik10(entry.cik)}.json`;
      let json: unknown;
      try {
        json = await data.getJson(path);
      } catch (error) {
        // SEC answers 404 for a company that never filed XBRL financial data (shells, new registrants).
        if (error instanceof HttpError && error.status === 404)
          return {
            profile,
            facts: [],
            rejections: [],
            noStatements: `SEC has no XBRL company facts (HTTP 404 for ${path})`,
          };
        throw error;
      }
      return secBundle(profile, json);
    },
  };
}

/** A company's bundle from its profile and companyfacts JSON (the per-company and the bulk command alike). */
export function secBundle(profile: SecurityProfile, companyFacts: unknown): SecurityBundle {
  const parsed = parseCompanyFacts(companyFacts, profile.ticker, profile.fiscalYearEnd ?? null);
  return {
    profile,
    facts: parsed.facts,
    factsComplete: true,
    splits: parsed.splits,
    rejections: parsed.rejections,
    ...(parsed.noStatements ? { noStatements: parsed.noStatements } : {}),
  };
}
