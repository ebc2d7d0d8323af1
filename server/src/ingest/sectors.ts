/*
 * SIC code -> a GICS-like sector name, so SEC filers and demo companies share one sector vocabulary.
 * Ranges follow the SIC manual's major groups; the first matching range wins.
 */
const SIC_SECTORS: [number, number, string][] = [
  [1311, 1389, 'Energy'],
  [2900, 2999, 'Energy'],
  [4910, 4949, 'Utilities'],
  [4950, 4959, 'Utilities'],
  [4960, 4999, 'Utilities'],
  [2830, 2836, 'Health Care'],
  [3841, 3851, 'Health Care'],
  [8000, 8099, 'Health Care'],
  [3570, 3579, 'Technology'],
  [3660, 3679, 'Technology'],
  [7370, 7379, 'Technology'],
  [3810, 3829, 'Technology'],
  [4800, 4899, 'Communication Services'],
  [2700, 2799, 'Communication Services'],
  [7800, 7899, 'Communication Services'],
  [6000, 6499, 'Financials'],
  [6700, 6799, 'Financials'],
  [6500, 6599, 'Real Estate'],
  [6798, 6798, 'Real Estate'],
  [3710, 3716, 'Consumer Discretionary'],
  [5200, 5999, 'Consumer Discretionary'],
  [7000, 7099, 'Consumer Discretionary'],
  [2000, 2199, 'Consumer Staples'],
  [5400, 5499, 'Consumer Staples'],
  [2800, 2899, 'Materials'],
  [1000, 1499, 'Materials'],
  [2400, 2699, 'Materials'],
  [3300, 3399, 'Materials'],
  [3400, 3799, 'Industrials'],
  [1500, 1799, 'Industrials'],
  [4000, 4799, 'Industrials'],
  [3500, 3599, 'Industrials'],
  [7300, 7399, 'Industrials'],
  [100, 999, 'Consumer Staples'],
];

export function sectorOfSic(sic: string): string | null {
  const code = Number(sic);
  if (!Number.isInteger(code)) return null;
  // Real estate investment trusts (6798) sit inside the financial range; check the exact code first.
  if (code === 6798) return 'Real Estate';
  for (const [from, to, sector] of SIC_SECTORS) if (code >= from && code <= to) return sector;
  return 'Other';
}
