import type { CoinRow } from '@app/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cryptoPath } from '../../app/paths.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { Link } from '../../router/index.ts';
import { type DataColumn, DataTable } from '../../ui/data-table.tsx';
import { useQuoteColumns } from '../../ui/quote-columns.tsx';
import { useUnits } from '../../ui/units.ts';

type RankedCoin = CoinRow & { rank: number };

/**
 * Every coin (issue 46): rank by market cap, price, 1-day, 7-day and 1-year change, market cap, the last
 * day's volume in coins (the ticker is its unit), the drawdown from the high and a year's sparkline; every
 * column sorts. The answer comes largest first, so its order is the rank.
 */
export function CoinTable({ coins }: { coins: readonly CoinRow[] }) {
  const { t } = useTranslation('lists');
  const units = useUnits();
  const language = useLanguage();
  const quote = useQuoteColumns<RankedCoin>();
  const rows = useMemo(() => coins.map((coin, index) => ({ ...coin, rank: index + 1 })), [coins]);
  const columns: DataColumn<RankedCoin>[] = [
    {
      key: 'rank',
      header: t('columns.rank'),
      align: 'end',
      cell: (coin) => coin.rank,
      sortValue: (coin) => coin.rank,
      firstDirection: 'asc',
    },
    {
      key: 'name',
      header: t('columns.name'),
      cell: (coin) => (
        <Link to={cryptoPath(language, coin.ticker)} className="coin-table__name">
          <strong>{coin.ticker}</strong> <span>{coin.name}</span>
        </Link>
      ),
      sortValue: (coin) => coin.name,
    },
    quote.price,
    ...(['change1dPct', 'change7dPct', 'change1yPct'] as const).map((key) =>
      quote.change(key, key, (coin) => coin[key]),
    ),
    quote.marketCap,
    {
      key: 'volume',
      header: t('columns.volume'),
      description: t('columns.volumeUnit'),
      align: 'end',
      cell: (coin) => (coin.volume === null ? units.compact(null) : `${units.compact(coin.volume)} ${coin.ticker}`),
      sortValue: (coin) => (coin.volume === null || coin.price === null ? null : coin.volume * coin.price),
    },
    {
      key: 'drawdown',
      header: t('columns.drawdown'),
      description: t('columns.drawdownUnit'),
      align: 'end',
      cell: (coin) => units.pct(coin.drawdownPct, { digits: 1 }),
      sortValue: (coin) => coin.drawdownPct,
    },
    quote.trend,
  ];
  return (
    <DataTable
      caption={t('coins.caption')}
      columns={columns}
      rows={rows}
      rowKey={(coin) => coin.ticker}
      initialSort={{ key: 'rank', direction: 'asc' }}
    />
  );
}
