import { WATCHLIST_ANCHOR } from '@app/contract/nav';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth/use-auth.ts';
import { usePageMeta } from '../../app/page-meta.ts';
import { screenerPath } from '../../app/paths.ts';
import { CryptoStrip } from '../../features/home/crypto-strip.tsx';
import { useHomeCards } from '../../features/home/home-api.ts';
import { ExDividendsPanel, MoversPanel, SectorPanel } from '../../features/home/market-panels.tsx';
import { QuoteCards, QuoteCardsSkeleton } from '../../features/home/quote-cards.tsx';
import { useMergedNews } from '../../features/news/news-api.ts';
import { NewsList } from '../../features/news/news-list.tsx';
import { useWatchlist } from '../../features/watchlist/use-watchlist.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { Panel, queryPanelState } from '../../ui/panel.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { Link } from '../index.ts';
import '../../features/home/home.css';

/**
 * The home dashboard (design.md, issue 23): the coins, watchlist cards, the market's movers, sectors and
 * next ex-dividend days, home news, analysis, the way into the screener.
 */
export function Component() {
  const { t } = useTranslation(['home', 'seo']);
  usePageMeta({ title: t('seo:home.title'), description: t('seo:home.description') });
  const language = useLanguage();
  const signedIn = useAuth().combined === 'authenticated';
  const watchlist = useWatchlist(signedIn);
  const own = watchlist.tickers.length > 0;
  const cards = useHomeCards(watchlist.loading ? [] : watchlist.tickers);
  const news = useMergedNews('home', language);
  const analysis = useMergedNews('analysis', language);

  const cardsState = queryPanelState(
    { isPending: cards.isPending || watchlist.loading, isError: cards.isError },
    Boolean(cards.data?.cards.length),
  );
  const newsState = (query: typeof news) => queryPanelState(query, Boolean(query.data?.items.length));

  return (
    <div className="page home">
      <header className="home__intro">
        <h1>{t('title')}</h1>
        <p>{t('lead')}</p>
      </header>
      <CryptoStrip />
      <Panel
        id={WATCHLIST_ANCHOR}
        title={own ? t('watchlist.title') : t('watchlist.defaultTitle')}
        state={cardsState}
        onRetry={() => void cards.refetch()}
        asOf={cards.data?.cards[0]?.day ?? null}
        {...(own ? {} : { source: t('watchlist.defaultHint') })}
        skeleton={<QuoteCardsSkeleton />}
      >
        <QuoteCards cards={cards.data?.cards ?? []} />
      </Panel>
      <div className="home__columns">
        <MoversPanel />
        <SectorPanel />
        <ExDividendsPanel watchlist={signedIn ? watchlist.tickers : []} />
      </div>
      <div className="home__columns">
        <Panel
          title={t('news.title')}
          state={newsState(news)}
          onRetry={() => void news.refetch()}
          emptyText={t('news.empty')}
          skeleton={<Skeleton size="news" />}
        >
          <NewsList items={news.data?.items ?? []} />
        </Panel>
        <Panel
          title={t('analysis.title')}
          state={newsState(analysis)}
          onRetry={() => void analysis.refetch()}
          emptyText={t('news.empty')}
          skeleton={<Skeleton size="news" />}
        >
          <NewsList items={analysis.data?.items ?? []} />
        </Panel>
        <Panel title={t('screener.title')} className="screener-entry">
          <div className="screener-entry">
            <p>{t('screener.body')}</p>
            <Link className="button" to={screenerPath(language)}>
              {t('screener.open')}
            </Link>
          </div>
        </Panel>
      </div>
    </div>
  );
}
