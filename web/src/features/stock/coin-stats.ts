import type { CompanyProfile, SecurityStatistics } from '@app/contract';
import type { TFunction } from 'i18next';
import type { UnitFormatters } from '../../ui/units.ts';
import type { KeyStat } from './key-stats.tsx';

/**
 * A coin's size as CoinGecko's summary shows it (issue 22): market cap and fully diluted valuation in
 * the coin's currency, the circulating, total and maximum supply in coins ("19.59M QBTZ", each with the
 * whole count on hover). A figure the source does not give is left out rather than shown as a dash: many
 * coins have no cap, and some no known supply at all (then the profile's market cap, if any, stands alone).
 */
export function coinSizeRows(
  profile: CompanyProfile,
  supply: SecurityStatistics['supply'] | undefined,
  t: TFunction<'stock'>,
  units: UnitFormatters,
): { valuation: KeyStat[]; supply: KeyStat[] } {
  const money = (value: number) => units.moneyCompact(value, profile.currency);
  const coins = (value: number) => ({
    value: `${units.compact(value)} ${profile.ticker}`,
    title: `${units.number(value, 0)} ${profile.ticker}`,
  });
  const marketCap = supply?.marketCap ?? profile.marketCap;
  const valuation: KeyStat[] = [];
  if (marketCap !== null)
    valuation.push({
      key: 'cap',
      label: t('stats.marketCap'),
      value: money(marketCap),
      title: t('stats.coinMarketCapHint'),
    });
  if (!supply) return { valuation, supply: [] };
  if (supply.fullyDilutedValuation !== null)
    valuation.push({
      key: 'fdv',
      label: t('stats.fullyDilutedValuation'),
      value: money(supply.fullyDilutedValuation),
      title: t('stats.fullyDilutedValuationHint'),
    });
  const counts: KeyStat[] = [{ key: 'circulating', label: t('stats.circulatingSupply'), ...coins(supply.circulating) }];
  if (supply.total !== null) counts.push({ key: 'totalSupply', label: t('stats.totalSupply'), ...coins(supply.total) });
  if (supply.max !== null) counts.push({ key: 'maxSupply', label: t('stats.maxSupply'), ...coins(supply.max) });
  return { valuation, supply: counts };
}
