import { useTranslation } from 'react-i18next';

export function Component() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1>{t('home.title')}</h1>
      <p className="lead">{t('home.lead')}</p>
      <ul className="feature-list">
        <li>{t('home.features.charts')}</li>
        <li>{t('home.features.dividends')}</li>
        <li>{t('home.features.statements')}</li>
        <li>{t('home.features.news')}</li>
        <li>{t('home.features.green')}</li>
      </ul>
    </section>
  );
}
