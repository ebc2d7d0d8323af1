import { useTranslation } from 'react-i18next';
import { useNavigate } from '../router/index.ts';

/** Per-route error boundary: says what happened and offers a retry. */
export function RouteError() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return (
    <section className="page page--message" role="alert">
      <h1>{t('errors.generic.title')}</h1>
      <p>{t('errors.generic.body')}</p>
      <button type="button" className="button" onClick={() => void navigate(0)}>
        {t('common.retry')}
      </button>
    </section>
  );
}
