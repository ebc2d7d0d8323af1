import { useTranslation } from 'react-i18next';
import { homePath } from '../app/paths.ts';
import { useLanguage } from '../i18n/use-language.ts';
import { Link } from '../router/index.ts';

export function Component() {
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
