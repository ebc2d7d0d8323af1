import type { CompanyProfile } from '@app/contract';
import { isStockTab, STOCK_TABS, type StockTab } from '@app/contract/locales';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../app/auth/use-auth.ts';
import { NotFoundPage } from '../../app/not-found-page.tsx';
import { usePageMeta } from '../../app/page-meta.ts';
import { cryptoPath, stockPath } from '../../app/paths.ts';
import { yieldPercentileQuery } from '../../features/dividends/dividends-api.ts';
import { YieldPercentilePanel } from '../../features/dividends/yield-percentile-panel.tsx';
import { withoutFinancialsParams } from '../../features/financials/financials-view.ts';
import { peersQuery } from '../../features/peers/peers-api.ts';
import { drawdownQuery, stockHistoryQuery } from '../../features/price/price-api.ts';
import { PriceOverview } from '../../features/price/price-overview.tsx';
import { withoutPriceParams } from '../../features/price/price-params.ts';
import { KeyStats } from '../../features/stock/key-stats.tsx';
import { SecurityHeader } from '../../features/stock/security-header.tsx';
import { SecurityFallback, useSecurity } from '../../features/stock/security-load.tsx';
import { nextReportQuery, statisticsQuery, useLinks } from '../../features/stock/stock-api.ts';
import { WatchlistButton } from '../../features/watchlist/watchlist-button.tsx';
import { useLanguage } from '../../i18n/use-language.ts';
import { PageSkeleton } from '../../ui/page-skeleton.tsx';
import { Tabs } from '../../ui/tabs.tsx';
import { Navigate, useLocation, useNavigate, useParams } from '../index.ts';

/*
 * Each tab's code loads when the tab is opened (issue 20): the overview, the page most people land on,
 * stays within its budget (docs/performance.md), and the statements' metric catalogue with the schemas it
 * brings loads with the tabs that use it.
 */
const DividendsTab = lazy(() =>
  import('../../features/dividends/dividends-tab.tsx').then((m) => ({ default: m.DividendsTab })),
);
const ValuationTab = lazy(() =>
  import('../../features/valuation/valuation-tab.tsx').then((m) => ({ default: m.ValuationTab })),
);
const FinancialsTab = lazy(() =>
  import('../../features/financials/financials-tab.tsx').then((m) => ({ default: m.FinancialsTab })),
);
const DatasheetTab = lazy(() =>
  import('../../features/datasheet/datasheet-tab.tsx').then((m) => ({ default: m.DatasheetTab })),
);
// The peers sit below the first screen: their table's code is not in the overview's, but it is asked for
// with their data (prefetchOverview), not once the overview has drawn: it came well after the data on a
// phone, and the table waited for it (issue 33: a table draws within 300 ms of its data).
const peersPanel = () => import('../../features/peers/peers-panel.tsx');
const PeersPanel = lazy(() => peersPanel().then((m) => ({ default: m.PeersPanel })));
const CompanyNews = lazy(() =>
  import('../../features/news/company-news.tsx').then((m) => ({ default: m.CompanyNews })),
);

/** The tabs (design.md); all but the overview live in the URL: /stocks/ACME/dividends. */
// The server answers any other sub-page with 404 (server/src/web/page-head.ts reads the same list).
const TABS = STOCK_TABS;
type Tab = StockTab;
const isTab = isStockTab;

/** The overview's data calls, asked for with the profile's (useSecurity); the prices first, the largest. */
function prefetchOverview(client: QueryClient, ticker: string): void {
  void client.prefetchQuery(stockHistoryQuery(ticker));
  void client.prefetchQuery(drawdownQuery('stock', ticker, null));
  void client.prefetchQuery(statisticsQuery(ticker));
  void client.prefetchQuery(yieldPercentileQuery(ticker));
  void client.prefetchQuery(nextReportQuery(ticker));
  void peersPanel();
  void client.prefetchQuery(peersQuery(ticker));
}

/** /stocks/{ticker}[/{tab}] (issue 8). */
export function Component() {
  const { t } = useTranslation('seo');
  const language = useLanguage();
  const { search } = useLocation();
  const params = useParams();
  const ticker = (params.ticker ?? '').toUpperCase();
  const tab: Tab | null = params.tab === undefined ? 'overview' : isTab(params.tab) ? params.tab : null;
  const load = useSecurity(ticker, tab === 'overview' ? prefetchOverview : null);
  const profile = load.status === 'ready' ? load.profile : null;
  usePageMeta(
    profile && tab !== null
      ? {
          title: t('stock.title', { name: profile.name, ticker: profile.ticker }),
          description: t('stock.description', { name: profile.name, ticker: profile.ticker }),
        }
      : null,
  );
  // An unknown sub-page is not a page (issue 46): the server answers it with 404, and the address stays.
  if (tab === null) return <NotFoundPage />;
  if (load.status !== 'ready') return <SecurityFallback load={load} ticker={ticker} kind="stock" />;
  // A coin opened under /stocks: show it where it belongs.
  if (load.profile.kind === 'crypto') return <Navigate to={`${cryptoPath(language, ticker)}${search}`} replace />;
  return <StockPage profile={load.profile} tab={tab} />;
}

function StockPage({ profile, tab }: { profile: CompanyProfile; tab: Tab }) {
  const { t } = useTranslation('stock');
  const language = useLanguage();
  const navigate = useNavigate();
  const { search } = useLocation();
  const signedIn = useAuth().combined === 'authenticated';
  const select = (next: Tab) => {
    const base = stockPath(language, profile.ticker);
    // The price chart's state (compare, range, candles...) belongs to the overview (issue 22), the
    // statement and period to the Financials tab.
    const priceKept = next === 'overview' ? search : withoutPriceParams(search);
    const kept = next === 'financials' ? priceKept : withoutFinancialsParams(priceKept);
    void navigate(`${next === 'overview' ? base : `${base}/${next}`}${kept}`);
  };
  return (
    <div className="page security">
      <SecurityHeader profile={profile} actions={<WatchlistButton ticker={profile.ticker} signedIn={signedIn} />} />
      <div className="security-tabs">
        <Tabs
          label={t('tabs.label', { ticker: profile.ticker })}
          tabs={TABS.map((id) => ({ id, label: t(`tabs.${id}`) }))}
          selected={tab}
          onSelect={select}
        >
          <Suspense fallback={<PageSkeleton label={t('loading', { ticker: profile.ticker })} />}>
            <TabContent profile={profile} tab={tab} />
          </Suspense>
        </Tabs>
      </div>
    </div>
  );
}

function TabContent({ profile, tab }: { profile: CompanyProfile; tab: Tab }) {
  switch (tab) {
    case 'overview':
      return (
        <div className="security">
          <PriceOverview
            profile={profile}
            beside={<KeyStats profile={profile} />}
            besideDrawdown={<YieldPercentilePanel ticker={profile.ticker} />}
          />
          <Suspense fallback={null}>
            <PeersPanel ticker={profile.ticker} />
          </Suspense>
        </div>
      );
    case 'dividends':
      return <DividendsTab ticker={profile.ticker} />;
    case 'valuation':
      return <ValuationTab ticker={profile.ticker} />;
    case 'financials':
      return <FinancialsTab ticker={profile.ticker} cik={profile.cik} demo={profile.demo} />;
    case 'news':
      return <NewsTab profile={profile} />;
    case 'data':
      return <DatasheetTab ticker={profile.ticker} />;
  }
}

function NewsTab({ profile }: { profile: CompanyProfile }) {
  const links = useLinks(profile.ticker);
  const feeds = (links.data?.links ?? []).filter((link) => link.kind === 'news_feed').map((link) => link.url);
  return <CompanyNews name={profile.name} feedUrls={feeds} loading={links.isPending} />;
}
