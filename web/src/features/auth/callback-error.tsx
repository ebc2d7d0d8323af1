import './auth.css';
import { useTranslation } from 'react-i18next';
import { AuthError } from './errors.ts';

const KEYS: Record<string, string> = {
  invalid_state: 'errors.invalidState',
  no_query_params: 'errors.noQueryParams',
  access_denied: 'errors.accessDenied',
  configuration: 'errors.configuration',
  wrong_address: 'errors.wrongAddress',
  unreachable: 'errors.unreachable',
};

/** A sign-in failure in words people understand, with a way back (spec 5's errors, issue 6). */
export function AuthErrorMessage({ error, retryHref }: { error: unknown; retryHref: string }) {
  const { t } = useTranslation('auth');
  const authError = error instanceof AuthError ? error : null;
  const key = (authError && KEYS[authError.code]) ?? 'errors.generic';
  const technical = error instanceof Error ? error.message : String(error);
  return (
    <section className="page page--message" role="alert">
      <h1>{t('errors.title')}</h1>
      <p>{t(key, { address: authError?.address ?? '' })}</p>
      <p className="auth-error__details">{t('errors.details', { message: technical })}</p>
      <p className="auth-error__actions">
        <a className="button" href={retryHref}>
          {t('errors.retry')}
        </a>{' '}
        <a className="button button--ghost" href="/">
          {t('errors.home')}
        </a>
      </p>
    </section>
  );
}
