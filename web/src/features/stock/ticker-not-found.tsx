import { useTranslation } from 'react-i18next';
import { homePath, screenerPath, securityPath } from '../../app/paths.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { Link } from '../../router/index.ts';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useSuggestions } from './stock-api.ts';
import './stock.css';

/** An unknown ticker (spec 8): say so plainly and offer what the search finds for the text. */
export function TickerNotFound({ text }: { text: string }) {
  const { t } = useTranslation('stock');
  const language = useLanguage();
  const suggestions = useSuggestions(text);
  const results = suggestions.data?.results ?? [];
  return (
    <section className="page page--message ticker-not-found" aria-labelledby="ticker-not-found-title">
      <h1 id="ticker-not-found-title">{t('notFound.title', { ticker: text })}</h1>
      <p>{t('notFound.body')}</p>
      {/* The heading asks a question only the list answers: without suggestions, one plain sentence. */}
      {suggestions.isPending && text ? (
        <Skeleton lines={3} />
      ) : results.length ? (
        <>
          <h2 className="ticker-not-found__subtitle">{t('notFound.suggestions')}</h2>
          <ul className="ticker-not-found__list">
            {results.map((result) => (
              <li key={result.ticker}>
                <Link to={securityPath(language, result.kind, result.ticker)}>
                  <strong>{result.ticker}</strong> {result.name}
                </Link>
                {result.exchange && <span className="muted"> · {result.exchange}</span>}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="muted">{t('notFound.none')}</p>
      )}
      <p className="ticker-not-found__links">
        <Link className="button" to={homePath(language)}>
          {t('notFound.home')}
        </Link>{' '}
        <Link className="button button--ghost" to={screenerPath(language)}>
          {t('notFound.screener')}
        </Link>
      </p>
    </section>
  );
}
