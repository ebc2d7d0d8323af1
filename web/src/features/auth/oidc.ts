import type { AuthConfigResponse } from '@app/contract';
import { InMemoryWebStorage, UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { POPUP_SIZE, POPUP_TIMEOUT_MS, TOKEN_CACHE_MARGIN_SECONDS } from './auth-client.ts';

export const CALLBACK_PATH = '/auth/callback';
/** spec 9: the login transaction lives at most 1 day. */
const TRANSACTION_MAX_AGE_SECONDS = 24 * 60 * 60;

/** oidc-client-ts configured for spec 4/9: code + PKCE, the configured scopes and audience, our cache. */
export function createUserManager(settings: AuthConfigResponse, origin = window.location.origin): UserManager {
  const store = settings.cacheLocation === 'localstorage' ? window.localStorage : new InMemoryWebStorage();
  return new UserManager({
    authority: settings.issuer,
    client_id: settings.clientId,
    redirect_uri: `${origin}${CALLBACK_PATH}`,
    silent_redirect_uri: `${origin}${CALLBACK_PATH}`,
    popup_redirect_uri: `${origin}${CALLBACK_PATH}`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: settings.scopes,
    // spec 7: the authorize request names the API audience (Auth0 reads `audience`; others ignore it).
    extraQueryParams: { audience: settings.audience },
    userStore: new WebStorageStateStore({ store, prefix: 'auth.' }),
    // The transaction (state, PKCE verifier) must survive the redirect: local storage, 1 day at most.
    stateStore: new WebStorageStateStore({ store: window.localStorage, prefix: 'auth.tx.' }),
    staleStateAgeInSeconds: TRANSACTION_MAX_AGE_SECONDS,
    // User info comes from the ID token; the access token is for the API, not the userinfo endpoint.
    loadUserInfo: false,
    // Renewal is the auth module's (spec 4 retries); the library must not race it.
    automaticSilentRenew: false,
    monitorSession: false,
    accessTokenExpiringNotificationTimeInSeconds: TOKEN_CACHE_MARGIN_SECONDS,
    silentRequestTimeoutInSeconds: POPUP_TIMEOUT_MS / 1000,
    popupWindowFeatures: { ...POPUP_SIZE },
  });
}
