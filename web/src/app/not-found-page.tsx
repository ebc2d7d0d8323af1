import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/use-language.ts';
import { Link } from '../router/index.ts';
import { homePath } from './paths.ts';

/**
 * The not-found page: an unknown address, and an unknown sub-page of a known one (issue 46: the stock
 * route shows it for /stocks/ACME/nonexistent, as the server answers that address with 404, instead of
 * rewriting the address to the overview).
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <section className="page page--message">
      <h1>{t('errors.notFound.title')}</h1>
      <p>{t('errors.notFound.body')}</p>
      <Link className="button" to={homePath(language)}>
        {t('errors.notFound.home')}
      </Link>
    </section>
  );
}
