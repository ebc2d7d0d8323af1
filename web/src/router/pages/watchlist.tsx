import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth/use-auth.ts';
import { usePageMeta } from '../../app/page-meta.ts';
import { screenerPath } from '../../app/paths.ts';
import { useHomeCards } from '../../features/home/home-api.ts';
import { useWatchlist } from '../../features/watchlist/use-watchlist.ts';
import { WatchlistTable } from '../../features/watchlist/watchlist-table.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import { Panel, queryPanelState } from '../../ui/panel.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Link } from '../index.ts';

/**
 * /watchlist (issue 46): the reader's tickers as a table, from the same answer as the home's cards; an
 * empty list says how to add one.
 */
export function Component() {
  const { t } = useTranslation(['lists', 'seo', 'auth']);
  usePageMeta({ title: t('seo:watchlist.title'), description: t('seo:watchlist.description') });
  const language = useLanguage();
  const signedIn = useAuth().combined === 'authenticated';
  const watchlist = useWatchlist(signedIn);
  const hint = signedIn ? null : t('auth:watchlist.localHint');
  return (
    <div className="page">
      <header>
        <h1>{t('watchlist.title')}</h1>
        <p>{t('watchlist.lead')}</p>
      </header>
      {watchlist.loading ? (
        <Skeleton size="news" />
      ) : watchlist.tickers.length === 0 ? (
        <Panel title={t('watchlist.emptyTitle')}>
          <p>{t('watchlist.howToAdd')}</p>
          <p>
            <Link className="button" to={screenerPath(language)}>
              {t('watchlist.screener')}
            </Link>
          </p>
          {hint && <p>{hint}</p>}
        </Panel>
      ) : (
        <WatchlistCards tickers={watchlist.tickers} onRemove={watchlist.toggle} hint={hint} />
      )}
    </div>
  );
}

/** The table, asked for only with tickers: an empty list would get the largest stocks' cards. */
function WatchlistCards({
  tickers,
  onRemove,
  hint,
}: {
  tickers: readonly string[];
  onRemove: (ticker: string) => void;
  hint: string | null;
}) {
  const { t } = useTranslation('lists');
  const cards = useHomeCards(tickers);
  return (
    <Panel
      title={t('watchlist.caption')}
      state={queryPanelState(cards, Boolean(cards.data?.cards.length))}
      onRetry={() => void cards.refetch()}
      asOf={cards.data?.cards[0]?.day ?? null}
      {...(hint ? { source: hint } : {})}
    >
      <WatchlistTable cards={cards.data?.cards ?? []} onRemove={onRemove} />
    </Panel>
  );
}
