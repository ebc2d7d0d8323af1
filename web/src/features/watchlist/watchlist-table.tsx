import type { HomeCards } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { securityPath } from '../../app/paths.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { Link } from '../../router/index.ts';
import { ChangeBadge } from '../../ui/change-badge.tsx';
import { type DataColumn, DataTable } from '../../ui/data-table.tsx';
import { Sparkline } from '../../ui/sparkline.tsx';
import { useUnits } from '../../ui/units.ts';

type Card = HomeCards['cards'][number];

/**
 * The reader's tickers as a table (issue 46: the /watchlist page): price, day and year change, dividend
 * yield, market cap, a year's sparkline, and a button that takes the ticker off the list.
 */
export function WatchlistTable({ cards, onRemove }: { cards: readonly Card[]; onRemove: (ticker: string) => void }) {
  const { t } = useTranslation('lists');
  const units = useUnits();
  const language = useLanguage();
  const columns: DataColumn<Card>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      cell: (card) => (
        <Link to={securityPath(language, card.kind, card.ticker)}>
          <strong>{card.ticker}</strong> <span>{card.name}</span>
        </Link>
      ),
      sortValue: (card) => card.ticker,
    },
    {
      key: 'price',
      header: t('columns.price'),
      align: 'end',
      cell: (card) => units.money(card.price, card.currency),
      sortValue: (card) => card.price,
    },
    {
      key: 'day',
      header: t('columns.change1dPct'),
      description: t('columns.changeUnit'),
      align: 'end',
      cell: (card) => <ChangeBadge valuePct={card.changePct} />,
      sortValue: (card) => card.changePct,
    },
    {
      key: 'year',
      header: t('columns.change1yPct'),
      description: t('columns.changeUnit'),
      align: 'end',
      cell: (card) => <ChangeBadge valuePct={card.change1yPct} />,
      sortValue: (card) => card.change1yPct,
    },
    {
      key: 'yield',
      header: t('columns.yield'),
      align: 'end',
      cell: (card) => units.pct(card.dividendYieldPct),
      sortValue: (card) => card.dividendYieldPct,
    },
    {
      key: 'marketCap',
      header: t('columns.marketCap'),
      align: 'end',
      cell: (card) => units.moneyCompact(card.marketCap, card.currency),
      sortValue: (card) => card.marketCap,
    },
    {
      key: 'trend',
      header: t('columns.trend'),
      hideOnPhone: true,
      cell: (card) => (
        <Sparkline
          values={card.sparkline.map((point) => point.close)}
          label={t('sparkline', { ticker: card.ticker })}
          width={96}
          height={28}
        />
      ),
    },
    {
      key: 'remove',
      header: t('watchlist.removeColumn'),
      cell: (card) => (
        <button type="button" className="button button--ghost" onClick={() => onRemove(card.ticker)}>
          {t('watchlist.remove', { ticker: card.ticker })}
        </button>
      ),
    },
  ];
  return <DataTable caption={t('watchlist.caption')} columns={columns} rows={cards} rowKey={(card) => card.ticker} />;
}
