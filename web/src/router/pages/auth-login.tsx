import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAuthClient } from '../../app/auth/session.ts';
import { AuthErrorMessage } from '../../features/auth/callback-error.tsx';
import { safeRedirectTarget } from '../../features/auth/redirect-target.ts';
import { FullPageSpinner } from '../../ui/spinner.tsx';

/** /auth/login?redirectUri=: starts sign-in at the identity provider and comes back to redirectUri. */
export function Component() {
  const { t } = useTranslation('auth');
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const target = safeRedirectTarget(new URLSearchParams(window.location.search).get('redirectUri'));
    getAuthClient()
      .then((auth) => auth.loginWithRedirect(target))
      .catch(setError);
  }, []);

  if (error) return <AuthErrorMessage error={error} retryHref={window.location.href} />;
  return <FullPageSpinner label={t('redirecting')} />;
}
