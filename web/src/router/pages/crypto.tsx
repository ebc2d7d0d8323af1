import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth/use-auth.ts';
import { usePageMeta } from '../../app/page-meta.ts';
import { stockPath } from '../../app/paths.ts';
import { coinHistoryQuery } from '../../features/price/coin-history.ts';
import { drawdownQuery } from '../../features/price/price-api.ts';
import { PriceOverview } from '../../features/price/price-overview.tsx';
import { KeyStats } from '../../features/stock/key-stats.tsx';
import { SecurityAbout } from '../../features/stock/security-about.tsx';
import { SecurityHeader } from '../../features/stock/security-header.tsx';
import { SecurityFallback, useSecurity } from '../../features/stock/security-load.tsx';
import { statisticsQuery } from '../../features/stock/stock-api.ts';
import { WatchlistButton } from '../../features/watchlist/watchlist-button.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import { Navigate, useLocation, useParams } from '../index.ts';

/** A coin page's data calls, asked for with its profile's (useSecurity), as a stock's overview asks for its own. */
function prefetchCoin(client: QueryClient, ticker: string): void {
  void client.prefetchQuery(coinHistoryQuery(ticker));
  void client.prefetchQuery(drawdownQuery('crypto', ticker, null));
  void client.prefetchQuery(statisticsQuery(ticker));
}

/** /crypto/{ticker} (design.md): the overview and drawdown blocks, compare with other coins. */
export function Component() {
  const { t } = useTranslation('seo');
  const language = useLanguage();
  const signedIn = useAuth().combined === 'authenticated';
  const { search } = useLocation();
  const ticker = (useParams().ticker ?? '').toUpperCase();
  const load = useSecurity(ticker, prefetchCoin);
  const profile = load.status === 'ready' ? load.profile : null;
  usePageMeta(
    profile
      ? {
          title: t('crypto.title', { name: profile.name, ticker: profile.ticker }),
          description: t('crypto.description', { name: profile.name, ticker: profile.ticker }),
        }
      : null,
  );
  if (load.status !== 'ready') return <SecurityFallback load={load} ticker={ticker} kind="crypto" />;
  // A stock opened under /crypto: show it where it belongs.
  if (load.profile.kind === 'stock') return <Navigate to={`${stockPath(language, ticker)}${search}`} replace />;
  const coin = load.profile;
  return (
    <div className="page security">
      <SecurityHeader profile={coin} actions={<WatchlistButton ticker={coin.ticker} signedIn={signedIn} />} />
      <PriceOverview
        profile={coin}
        beside={<KeyStats profile={coin} />}
        besideDrawdown={<SecurityAbout profile={coin} />}
      />
    </div>
  );
}
