import type { CompanyProfile } from '@app/contract';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { track } from '../app/analytics.ts';
import { useAuth } from '../app/auth/use-auth.ts';
import { usePageMeta } from '../app/page-meta.ts';
import { YieldPercentilePanel } from '../features/dividends/yield-percentile-panel.tsx';
import { DrawdownPanel } from '../features/price/drawdown-panel.tsx';
import { type SecurityKind, useDrawdown } from '../features/price/price-api.ts';
import { PricePanel } from '../features/price/price-panel.tsx';
import { KeyStats } from '../features/stock/key-stats.tsx';
import { SecurityHeader } from '../features/stock/security-header.tsx';
import { isTickerNotFound, useProfile } from '../features/stock/stock-api.ts';
import { TickerNotFound } from '../features/stock/ticker-not-found.tsx';
import { WatchlistButton } from '../features/watchlist/watchlist-button.tsx';
import { Panel } from '../ui/panel.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import '../features/stock/stock.css';

/*
 * What the stock and crypto pages share: loading the profile, the not-found page (spec 8), the page
 * head with the watchlist button, the compare list kept in the URL (?compare=A,B) and the overview.
 */
const TICKER = /^[A-Z0-9][A-Z0-9.\-^=]{0,19}$/;

/** The compare tickers of the URL, upper-case, valid and without the page's own. */
export function compareFromParams(params: URLSearchParams, own: string): string[] {
  const list = (params.get('compare') ?? '').split(',').map((item) => item.trim().toUpperCase());
  return [...new Set(list.filter((item) => TICKER.test(item) && item !== own))].slice(0, 5);
}

export function useCompareParam(own: string) {
  const [params, setParams] = useSearchParams();
  const compare = useMemo(() => compareFromParams(params, own), [params, own]);
  const setCompare = useCallback(
    (next: string[]) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next.length) updated.set('compare', next.join(','));
          else updated.delete('compare');
          return updated;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return [compare, setCompare] as const;
}

export type SecurityLoad =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; profile: CompanyProfile };

/** The profile of the URL's ticker; reports ticker_not_found once per unknown ticker (spec 8). */
export function useSecurity(ticker: string): SecurityLoad {
  const profile = useProfile(ticker);
  // A text that cannot be a ticker is a 400 from the API: for the reader it is the same "no such ticker".
  const notFound = !TICKER.test(ticker) || (profile.isError && isTickerNotFound(profile.error));
  // Once per unknown ticker: the path is read, not depended on, so a later tab change sends no second event.
  useEffect(() => {
    if (notFound) {
      track({ name: 'ticker_not_found', path: window.location.pathname, props: { ticker: ticker.slice(0, 50) } });
    }
  }, [notFound, ticker]);
  if (notFound) return { status: 'not-found' };
  if (profile.isPending) return { status: 'loading' };
  if (profile.isError) return { status: 'error', retry: () => void profile.refetch() };
  return { status: 'ready', profile: profile.data };
}

/** The page for a state that is not "ready": skeleton, not-found or error with retry. */
export function SecurityFallback({
  load,
  ticker,
}: {
  load: Exclude<SecurityLoad, { status: 'ready' }>;
  ticker: string;
}) {
  const { t } = useTranslation('stock');
  usePageMeta(
    load.status === 'not-found' ? { title: t('notFound.title', { ticker }), description: t('notFound.body') } : null,
  );
  if (load.status === 'not-found') return <TickerNotFound text={ticker} />;
  if (load.status === 'error') {
    return (
      <div className="page security">
        <Panel title={ticker} state="error" onRetry={load.retry} errorText={t('loadError')} />
      </div>
    );
  }
  return (
    <div className="page security" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('loading', { ticker })}
      </span>
      <Skeleton height={64} />
      <div className="security-grid">
        <Skeleton height={420} />
        <Skeleton height={420} />
      </div>
    </div>
  );
}

export function SecurityHead({ profile }: { profile: CompanyProfile }) {
  const signedIn = useAuth().combined === 'authenticated';
  return <SecurityHeader profile={profile} actions={<WatchlistButton ticker={profile.ticker} signedIn={signedIn} />} />;
}

/** Price chart with key statistics, then downside potential (and for stocks the yield gauge). */
export function SecurityOverview({ profile, children }: { profile: CompanyProfile; children?: ReactNode }) {
  const { t } = useTranslation('stock');
  const kind: SecurityKind = profile.kind;
  const [compare, setCompare] = useCompareParam(profile.ticker);
  const drawdown = useDrawdown(kind, profile.ticker, null).data?.series[0] ?? null;
  const source = profile.demo ? t('header.demo') : undefined;
  return (
    <>
      <div className="security-grid">
        <PricePanel
          kind={kind}
          ticker={profile.ticker}
          name={profile.name}
          currency={profile.currency}
          compare={compare}
          onCompareChange={setCompare}
          asOf={profile.pricesAsOf}
          {...(source ? { source } : {})}
        />
        <KeyStats profile={profile} drawdown={drawdown} />
      </div>
      <div className="security-grid">
        <DrawdownPanel
          kind={kind}
          ticker={profile.ticker}
          name={profile.name}
          lastDay={profile.pricesAsOf}
          {...(source ? { source } : {})}
        />
        {kind === 'stock' ? (
          <YieldPercentilePanel ticker={profile.ticker} />
        ) : (
          <Panel title={t('about.title')}>
            <p className="security-about">{profile.description ?? t('about.none')}</p>
          </Panel>
        )}
      </div>
      {children}
    </>
  );
}
