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

export function mentionMatcher(securities: KnownSecurity[]): (text: string) => string[] {
  const byTicker = new Map(securities.map((s) => [s.ticker.toUpperCase(), s.ticker]));
  const names = securities
    .map((s) => ({ ticker: s.ticker, name: stripSuffix(s.name) }))
    .filter((n) => n.name.length >= 4)
    .map((n) => ({
      ticker: n.ticker,
      pattern: new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(n.name)}($|[^\\p{L}\\p{N}])`, 'iu'),
    }));

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
    for (const { ticker, pattern } of names) if (pattern.test(text)) found.add(ticker);
    return [...found].sort();
  };
}

function stripSuffix(name: string): string {
  let result = name.trim();
  for (let i = 0; i < 3 && LEGAL_SUFFIX.test(result); i++) result = result.replace(LEGAL_SUFFIX, '').trim();
  return result;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
