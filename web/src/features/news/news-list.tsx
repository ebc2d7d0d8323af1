import type { NewsItem } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { stockPath } from '../../app/paths.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { Link } from '../../router/index.ts';
import { useUnits } from '../../ui/units.ts';
import { timeAgo } from './time-ago.ts';
import './news.css';

/** News items (design.md): title, source, time ago, the tickers as chips; summaries where wanted. */
export function NewsList({ items, summaries = false }: { items: readonly NewsItem[]; summaries?: boolean }) {
  const { t } = useTranslation('news');
  const language = useLanguage();
  const units = useUnits();
  return (
    <ul className="news-list">
      {items.map((item) => (
        <li key={item.id} className="news-item">
          <h3 className="news-item__title">
            {item.link ? (
              <a href={item.link} target="_blank" rel="noopener noreferrer">
                {item.title}
              </a>
            ) : (
              item.title
            )}
          </h3>
          <p className="news-item__meta">
            {item.source && <span>{item.source}</span>}
            <time dateTime={item.publishedAt} title={new Date(item.publishedAt).toLocaleString(units.locale)}>
              {timeAgo(item.publishedAt, units.locale)}
            </time>
          </p>
          {summaries && item.summary && (
            // The server sanitises summaries to a few formatting tags and http(s) links (contract/src/news.ts).
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server
            <div className="news-item__summary" dangerouslySetInnerHTML={{ __html: item.summary }} />
          )}
          {item.tickers.length > 0 && (
            <ul className="news-item__tickers" aria-label={t('tickers')}>
              {item.tickers.map((ticker) => (
                <li key={ticker}>
                  <Link className="ticker-chip" to={stockPath(language, ticker)}>
                    {ticker}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
