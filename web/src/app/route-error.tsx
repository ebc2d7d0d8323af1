import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';

/** Per-route error boundary: says what happened and offers a retry. */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : undefined;
  return (
    <section className="page page--message" role="alert">
      <h1>{t('errors.generic.title')}</h1>
      <p>{status ? t('errors.generic.status', { status }) : t('errors.generic.body')}</p>
      <button type="button" className="button" onClick={() => void navigate(0)}>
        {t('common.retry')}
      </button>
    </section>
  );
}
