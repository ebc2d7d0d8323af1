import type { HomeCards } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { securityPath } from '../../app/paths.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { Link } from '../../router/index.ts';
import { type DataColumn, DataTable } from '../../ui/data-table.tsx';
import { useQuoteColumns } from '../../ui/quote-columns.tsx';
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
  const quote = useQuoteColumns<Card>();
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
    quote.price,
    quote.change('day', 'change1dPct', (card) => card.changePct),
    quote.change('year', 'change1yPct', (card) => card.change1yPct),
    {
      key: 'yield',
      header: t('columns.yield'),
      align: 'end',
      cell: (card) => units.pct(card.dividendYieldPct),
      sortValue: (card) => card.dividendYieldPct,
    },
    quote.marketCap,
    quote.trend,
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
