/*
 * Which tickers a news item mentions. A ticker counts when written as a cashtag ($NWE), in
 * parentheses ("(NWE)"), after an exchange ("NYSE: NWE"), or as an upper-case word of 3+ letters
 * that is not a common abbreviation; a company counts when its name (without Inc., Corp., ...) appears.
 */

export interface KnownSecurity {
  ticker: string;
  name: string;
}

/** Upper-case words that are tickers somewhere but in news are nearly always something else. */
const COMMON_WORDS = new Set([
  'CEO',
  'CFO',
  'COO',
  'CTO',
  'USA',
  'USD',
  'EUR',
  'GDP',
  'IPO',
  'ETF',
  'FED',
  'ECB',
  'SEC',
  'AI',
  'EU',
  'UK',
  'US',
  'THE',
  'NEW',
  'ALL',
  'ONE',
  'BIG',
  'EPS',
  'ESG',
  'CPI',
]);
const LEGAL_SUFFIX =
  /[,\s]+(inc|incorporated|corp|corporation|co|company|ltd|limited|plc|ag|se|sa|nv|n\.v|holdings?|group)\.?$/i;

/** Words of a text or name: runs of letters and digits, lower-cased. */
const WORD = /[\p{L}\p{N}]+/gu;
const words = (text: string): string[] => text.toLowerCase().match(WORD) ?? [];

/**
 * Built once per refresher run for every security (thousands on a real universe), then run on every
 * item. Company names are matched as word sequences through an index on their first word, so an item
 * costs one pass over its words whatever the number of companies; a regular expression per name is
 * slow to build for thousands of companies and tests each item thousands of times.
 */
export function mentionMatcher(securities: KnownSecurity[]): (text: string) => string[] {
  const byTicker = new Map(securities.map((s) => [s.ticker.toUpperCase(), s.ticker]));
  const byFirstWord = new Map<string, { ticker: string; rest: string[] }[]>();
  for (const security of securities) {
    const name = stripSuffix(security.name);
    if (name.length < 4) continue;
    const [first, ...rest] = words(name);
    if (!first) continue;
    const list = byFirstWord.get(first) ?? [];
    list.push({ ticker: security.ticker, rest });
    byFirstWord.set(first, list);
  }

  return (text: string) => {
    const found = new Set<string>();
    const explicit =
      /\$([A-Z][A-Z0-9.-]{0,9})\b|\(([A-Z][A-Z0-9.-]{0,9})\)|\b(?:NYSE|NASDAQ|Nasdaq|AMEX|LSE|XETRA|TSX|OTC)\s*:\s*([A-Z][A-Z0-9.-]{0,9})\b/g;
    for (const match of text.matchAll(explicit)) {
      const ticker = byTicker.get((match[1] ?? match[2] ?? match[3] ?? '').toUpperCase());
      if (ticker) found.add(ticker);
    }
    for (const match of text.matchAll(/\b[A-Z][A-Z0-9]{2,9}\b/g)) {
      const ticker = byTicker.get(match[0]);
      if (ticker && !COMMON_WORDS.has(match[0])) found.add(ticker);
    }
    const tokens = words(text);
    tokens.forEach((token, at) => {
      for (const candidate of byFirstWord.get(token) ?? []) {
        if (candidate.rest.every((word, k) => tokens[at + 1 + k] === word)) found.add(candidate.ticker);
      }
    });
    return [...found].sort();
  };
}

function stripSuffix(name: string): string {
  let result = name.trim();
  for (let i = 0; i < 3 && LEGAL_SUFFIX.test(result); i++) result = result.replace(LEGAL_SUFFIX, '').trim();
  return result;
}
