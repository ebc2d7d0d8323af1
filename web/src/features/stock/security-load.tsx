import type { CompanyProfile } from '@app/contract';
import { stripLanguage } from '@app/contract/locales';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { track } from '../../app/analytics.ts';
import { usePageMeta } from '../../app/page-meta.ts';
import { isTickerText } from '../../app/paths.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { decodeSegment } from '../../router/index.ts';
import { Panel } from '../../ui/panel.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { isTickerNotFound, profileQuery, useProfile } from './stock-api.ts';
import { TickerNotFound } from './ticker-not-found.tsx';
import './stock.css';

/* Loading a stock or coin page: its profile, and the page for every state but "ready" (spec 8). */

export type SecurityLoad =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; profile: CompanyProfile };

/**
 * The security the server's first screen named (server/src/web/page-skeleton.ts: its heading, the page's
 * largest text from the first paint), read when this module loads, before the app replaces that screen.
 */
const firstScreen = (() => {
  const heading =
    typeof document === 'undefined' ? null : document.querySelector<HTMLElement>('#root [data-security-ticker]');
  return heading ? { ticker: heading.dataset.securityTicker ?? '', name: heading.textContent ?? '' } : null;
})();

/**
 * The ticker of the security page the server's first screen was for, from the address it was served at
 * (null on other pages): with no named security there, the server did not know it (its not-found page).
 */
const firstPageTicker = (() => {
  if (typeof location === 'undefined') return null;
  const match = /^\/(?:stocks|crypto)\/([^/]+)/.exec(stripLanguage(location.pathname));
  return match?.[1] ? decodeSegment(match[1]).toUpperCase() : null;
})();

/**
 * Whether the server's first screen already said that it knows no such security: this ticker's page was
 * the first one served, and it named no security. Its data calls would all be 404s.
 */
function unknownAtFirstScreen(ticker: string): boolean {
  return firstPageTicker === ticker && firstScreen?.ticker !== ticker;
}

/**
 * The profile of the URL's ticker; reports ticker_not_found once per unknown ticker (spec 8).
 *
 * `alongside` asks for the page's own data calls with the profile's instead of after it (issue 20): the
 * page renders its panels once the profile has answered, and a phone waited for it (about 0.4 s) before
 * they even asked. The panels then find their answers there or on their way (the same query options).
 * The profile is asked for first: a browser talks HTTP/1.1 to the server, six requests at a time. Nothing
 * is asked for a ticker the server's first screen did not know (its not-found page). The function must
 * keep its identity (a module-level one), or the calls are asked for again on every render.
 */
export function useSecurity(
  ticker: string,
  alongside?: ((client: QueryClient, ticker: string) => void) | null,
): SecurityLoad {
  const client = useQueryClient();
  const language = useLanguage();
  useEffect(() => {
    if (!alongside || !isTickerText(ticker) || unknownAtFirstScreen(ticker)) return;
    void client.prefetchQuery(profileQuery(ticker, language));
    alongside(client, ticker);
  }, [client, ticker, language, alongside]);
  const profile = useProfile(ticker);
  // A text that cannot be a ticker is a 400 from the API: for the reader it is the same "no such ticker".
  const notFound = !isTickerText(ticker) || (profile.isError && isTickerNotFound(profile.error));
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

/**
 * The page for a state that is not "ready": skeleton, not-found or error with retry. The skeleton has the
 * loaded page's blocks at their loaded sizes (first-screen.css), as the server's first screen draws them
 * (server/src/web/page-skeleton.ts): the header, a stock's tabs, the price chart and the key statistics.
 */
export function SecurityFallback({
  load,
  ticker,
  kind,
}: {
  load: Exclude<SecurityLoad, { status: 'ready' }>;
  ticker: string;
  kind: CompanyProfile['kind'];
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
  const stock = kind === 'stock';
  const header = stock ? 'stock-header' : 'coin-header';
  // The name the first screen showed stays while the rest loads.
  const name = firstScreen?.ticker === ticker ? firstScreen.name : null;
  return (
    <div className="page security" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('loading', { ticker })}
      </span>
      {name ? (
        <div className={`security-skeleton-header skeleton--${header}`}>
          <h1>{name}</h1>
        </div>
      ) : (
        <Skeleton size={header} />
      )}
      {stock && <Skeleton size="stock-tabs" />}
      <div className="security-grid">
        <Skeleton size={stock ? 'stock-price' : 'coin-price'} />
        <Skeleton size={stock ? 'stock-stats' : 'coin-stats'} />
      </div>
    </div>
  );
}
