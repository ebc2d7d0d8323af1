import type { NewsItem } from '@app/contract';
import { localizePath } from '@app/contract/locales';
import { useTranslation } from 'react-i18next';
import { stockPath } from '../../app/paths.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { Link } from '../../router/index.ts';
import { useUnits } from '../../ui/units.ts';
import { timeAgo } from './time-ago.ts';
import './news.css';

/**
 * A headline links to its item (issue 46): another site's article in a new tab; an address of this app
 * (the demo stories link to the page of what they are about) in the app, in the reader's language.
 */
function Headline({ item }: { item: NewsItem }) {
  const language = useLanguage();
  if (!item.link) return item.title;
  const url = new URL(item.link);
  if (url.origin === window.location.origin)
    return <Link to={`${localizePath(url.pathname, language)}${url.search}${url.hash}`}>{item.title}</Link>;
  return (
    <a href={item.link} target="_blank" rel="noopener noreferrer">
      {item.title}
    </a>
  );
}

/** News items (design.md): title linking to the item, source, time ago, summary, the tickers as chips. */
export function NewsList({ items }: { items: readonly NewsItem[] }) {
  const { t } = useTranslation('news');
  const language = useLanguage();
  const units = useUnits();
  return (
    <ul className="news-list">
      {items.map((item) => (
        <li key={item.id} className="news-item">
          <h3 className="news-item__title">
            <Headline item={item} />
          </h3>
          <p className="news-item__meta">
            {item.source && <span>{item.source}</span>}
            <time dateTime={item.publishedAt} title={new Date(item.publishedAt).toLocaleString(units.locale)}>
              {timeAgo(item.publishedAt, units.locale)}
            </time>
          </p>
          {item.summary && (
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
