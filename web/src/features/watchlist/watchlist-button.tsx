import { useTranslation } from 'react-i18next';
import { useWatchlist } from './use-watchlist.ts';

/** "+ watchlist" beside a ticker (design: stock page header). */
export function WatchlistButton({ ticker, signedIn }: { ticker: string; signedIn: boolean }) {
  const { t } = useTranslation('auth');
  const { has, toggle } = useWatchlist(signedIn);
  const on = has(ticker);
  return (
    <button type="button" className="button button--ghost" aria-pressed={on} onClick={() => toggle(ticker)}>
      {on ? t('watchlist.remove', { ticker }) : t('watchlist.add', { ticker })}
    </button>
  );
}

/** The list the home dashboard shows; `renderTicker` lets the page draw each entry (card, link). */
export function WatchlistPanel({
  signedIn,
  renderTicker = (ticker) => ticker,
}: {
  signedIn: boolean;
  renderTicker?: (ticker: string) => React.ReactNode;
}) {
  const { t } = useTranslation('auth');
  const { tickers } = useWatchlist(signedIn);
  return (
    <section aria-labelledby="watchlist-title">
      <h2 id="watchlist-title">{t('watchlist.title')}</h2>
      {tickers.length === 0 ? (
        <p>{t('watchlist.empty')}</p>
      ) : (
        <ul>
          {tickers.map((ticker) => (
            <li key={ticker}>{renderTicker(ticker)}</li>
          ))}
        </ul>
      )}
      {!signedIn && <p className="watchlist__hint">{t('watchlist.localHint')}</p>}
    </section>
  );
}
