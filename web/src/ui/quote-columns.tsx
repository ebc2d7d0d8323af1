import { useTranslation } from 'react-i18next';
import { ChangeBadge } from './change-badge.tsx';
import type { DataColumn } from './data-table.tsx';
import { Sparkline } from './sparkline.tsx';
import { useUnits } from './units.ts';

/** What a row of a market list shows in the shared columns: a quote and a year's sparkline. */
export interface QuoteLike {
  ticker: string;
  currency: string;
  price: number | null;
  marketCap: number | null;
  sparkline: readonly { close: number }[];
}

/** The change columns' headers, in the lists namespace. */
type ChangeHeader = 'change1dPct' | 'change7dPct' | 'change1yPct';

/**
 * The columns the coin and watchlist tables (issue 46) share, each with its sortable header: price, a
 * change in % as a badge, market cap and a year's sparkline (left out on phones).
 */
export function useQuoteColumns<T extends QuoteLike>() {
  const { t } = useTranslation('lists');
  const units = useUnits();
  const money = (key: 'price' | 'marketCap', format: (value: number | null, currency: string) => string) =>
    ({
      key,
      header: t(`columns.${key}`),
      align: 'end',
      cell: (row) => format(row[key], row.currency),
      sortValue: (row) => row[key],
    }) satisfies DataColumn<T>;
  const change = (key: string, header: ChangeHeader, valuePct: (row: T) => number | null): DataColumn<T> => ({
    key,
    header: t(`columns.${header}`),
    description: t('columns.changeUnit'),
    align: 'end',
    cell: (row) => <ChangeBadge valuePct={valuePct(row)} />,
    sortValue: valuePct,
  });
  const trend: DataColumn<T> = {
    key: 'trend',
    header: t('columns.trend'),
    hideOnPhone: true,
    cell: (row) => (
      <Sparkline
        values={row.sparkline.map((point) => point.close)}
        label={t('sparkline', { ticker: row.ticker })}
        width={96}
        height={28}
      />
    ),
  };
  return { price: money('price', units.money), change, marketCap: money('marketCap', units.moneyCompact), trend };
}
