import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAuthClient } from '../../app/auth/session.ts';
import { AuthErrorMessage } from '../../features/auth/callback-error.tsx';
import { safeRedirectTarget } from '../../features/auth/redirect-target.ts';
import { sendReferral } from '../../features/auth/referral.ts';
import { FullPageSpinner } from '../../ui/spinner.tsx';
import { useNavigate } from '../index.ts';

/**
 * /auth/callback: the identity provider's return address, for the redirect, the popup and the silent
 * iframe alike (oidc-client-ts tells them apart by the stored transaction).
 */
export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const handled = useRef(false);

  useEffect(() => {
    // The answer is single-use: React's development double effect must not spend it twice.
    if (handled.current) return;
    handled.current = true;
    (async () => {
      const auth = await getAuthClient();
      const returnTo = await auth.handleCallback(window.location.href);
      if (returnTo === null) return; // inside the silent iframe or the popup: the opener takes over
      await sendReferral(auth.getState().accessToken).catch(() => undefined);
      await navigate(safeRedirectTarget(returnTo), { replace: true });
    })().catch(setError);
  }, [navigate]);

  if (error) return <AuthErrorMessage error={error} retryHref="/auth/login?redirectUri=%2F" />;
  return <FullPageSpinner label={t('completing')} />;
}
