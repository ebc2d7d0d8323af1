import { storeListeners } from '../../ui/store-listeners.ts';
import { AUTH_MESSAGES, AuthError, toAuthError } from './errors.ts';
import { validateIdToken } from './id-token.ts';
import { clearLoginMarker, hasLoginMarker, setLoginMarker } from './login-marker.ts';

/*
 * The project's own sign-in module (spec 4, 5, 8, 9). The OIDC protocol work (PKCE, state, token calls,
 * the silent iframe, refresh tokens) is oidc-client-ts's, behind the small OidcClient interface; the rules
 * of the spec (attempts and pauses, prompt fallback, marker, cache expiry, ID token checks, error texts,
 * logout options) are here, where they are unit-tested with a fake client and fake timers.
 */

/** spec 9 */
export const LOGIN_RETRY_PAUSE_MS = 500;
export const SILENT_LOGIN_ATTEMPTS = 1;
export const FIRST_LOAD_ATTEMPTS = 2;
/** spec 7/9: a token request (here the refresh-token grant) is tried up to 3 times when it gets no answer. */
export const TOKEN_REQUEST_ATTEMPTS = 3;
export const TOKEN_CACHE_MARGIN_SECONDS = 60;
export const POPUP_TIMEOUT_MS = 60_000;
export const POPUP_SIZE = { width: 400, height: 600 } as const;

export interface OidcUser {
  access_token: string;
  id_token?: string | undefined;
  refresh_token?: string | undefined;
  /** Seconds since the epoch. */
  expires_at?: number | undefined;
  profile: Record<string, unknown>;
  state?: unknown;
}

/** What a sign-in request carries through the provider and back (oidc-client-ts keeps it in its state). */
export interface SigninData {
  nonce: string;
  returnTo?: string;
}

export interface SigninArgs {
  nonce: string;
  state: SigninData;
}

/** The subset of oidc-client-ts's UserManager this module uses. */
export interface OidcClient {
  getUser(): Promise<OidcUser | null>;
  removeUser(): Promise<void>;
  signinSilent(args: SigninArgs): Promise<OidcUser | null>;
  signinRedirect(args: SigninArgs): Promise<void>;
  signinPopup(args: SigninArgs & { popupSignal: AbortSignal }): Promise<OidcUser>;
  signinCallback(url: string): Promise<OidcUser | undefined>;
  signoutRedirect(args: { post_logout_redirect_uri: string; extraQueryParams?: Record<string, string> }): Promise<void>;
}

export interface UserInfo {
  sub: string;
  name?: string | undefined;
  email?: string | undefined;
  [claim: string]: unknown;
}

/** spec 3: the identity-provider half of the auth state. */
export interface IdpAuthState {
  userInfo: UserInfo | null;
  accessToken: string | null;
  authInProgress: boolean;
  notAuthenticated: boolean;
  error: AuthError | null;
}

export interface LogoutOptions {
  returnTo: string;
  /** Also end the session at the provider's upstream identity provider (Auth0's `federated`). */
  federated?: boolean;
  /** Only forget the tokens here; do not visit the provider. */
  localOnly?: boolean;
}

export interface AuthClientOptions {
  client: OidcClient;
  issuer: string;
  clientId: string;
  /** Overridable for tests; real timers by default. */
  sleep?: (ms: number) => Promise<void>;
  log?: (message: string, error: unknown) => void;
}

export type AuthClient = ReturnType<typeof createAuthClient>;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const newNonce = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

export function createAuthClient({
  client,
  issuer,
  clientId,
  sleep = realSleep,
  log = console.warn,
}: AuthClientOptions) {
  let state: IdpAuthState = {
    userInfo: null,
    accessToken: null,
    authInProgress: false,
    notAuthenticated: false,
    error: null,
  };
  const { subscribe, emit } = storeListeners();
  const set = (next: Partial<IdpAuthState>) => {
    state = { ...state, ...next };
    emit();
  };

  /** spec 9: a cached token counts as expired 60 s before it really expires. */
  const fresh = (user: OidcUser): boolean =>
    !!user.access_token &&
    (user.expires_at === undefined || user.expires_at - TOKEN_CACHE_MARGIN_SECONDS > nowSeconds());

  function accept(user: OidcUser, nonce: string | undefined): OidcUser {
    const claims = validateIdToken(user.id_token, { issuer, clientId, nonce });
    setLoginMarker();
    set({
      userInfo: { ...user.profile, ...claims, sub: claims.sub } as UserInfo,
      accessToken: user.access_token,
      authInProgress: false,
      notAuthenticated: false,
      error: null,
    });
    return user;
  }

  /**
   * The token endpoint did not answer (network failure, timeout): ask again, up to TOKEN_REQUEST_ATTEMPTS
   * in all. A provider's answer (invalid_grant and the like, which carry `error`) is final.
   */
  async function retryTokenRequest(request: () => Promise<OidcUser | null>): Promise<OidcUser | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await request();
      } catch (error) {
        const answered = typeof (error as { error?: unknown } | null)?.error === 'string';
        if (answered || attempt >= TOKEN_REQUEST_ATTEMPTS) throw error;
      }
    }
  }

  /** One silent attempt: the cached token, else a refresh token, else the provider's iframe with prompt=none. */
  async function attemptSilent(ignoreCache: boolean): Promise<OidcUser> {
    const cached = await client.getUser();
    if (cached && fresh(cached) && !ignoreCache) return accept(cached, undefined);
    if (!cached && !hasLoginMarker()) throw new AuthError('login_required', 'login_required');
    const nonce = newNonce();
    // A refresh-token renewal sends no nonce, so only an authorize request's answer is checked for one.
    const viaRefresh = !!cached?.refresh_token;
    try {
      const user = viaRefresh
        ? await retryTokenRequest(() => client.signinSilent({ nonce, state: { nonce } }))
        : await client.signinSilent({ nonce, state: { nonce } });
      if (!user) throw new AuthError('login_required', 'login_required');
      return accept(user, viaRefresh ? undefined : nonce);
    } catch (error) {
      // A refresh token the provider no longer honours: drop it so the next attempt uses the iframe.
      if (viaRefresh) await client.removeUser();
      throw toAuthError(error);
    }
  }

  /**
   * spec 4: silent login, up to `attempts` tries with 500 ms between; on success the bearer token is in
   * the state; when all fail, an interactive login if prompting is allowed, else notAuthenticated + error.
   */
  async function silentLogin({
    attempts = SILENT_LOGIN_ATTEMPTS,
    allowPrompt = false,
    returnTo = '/',
    /** After a 401 the cached token is the suspect: renew it instead of trusting it. */
    ignoreCache = false,
  } = {}) {
    set({ authInProgress: true });
    let lastError: AuthError = new AuthError('login_required', 'login_required');
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        return await attemptSilent(ignoreCache);
      } catch (error) {
        lastError = toAuthError(error);
        // Nobody signed in here (no marker, no tokens): that is the answer, not a failure to report. A
        // signed-out page view logs nothing (issue 20).
        if (hasLoginMarker()) log('Login failed', lastError);
        // Without the marker nobody signed in here within a day: asking again cannot help.
        if (!hasLoginMarker()) break;
      }
      if (attempt < attempts) await sleep(LOGIN_RETRY_PAUSE_MS);
    }
    if (allowPrompt) {
      await loginWithRedirect(returnTo);
      return null;
    }
    set({ authInProgress: false, notAuthenticated: true, error: lastError, userInfo: null, accessToken: null });
    return null;
  }

  async function loginWithRedirect(returnTo: string): Promise<void> {
    const nonce = newNonce();
    set({ authInProgress: true });
    await client.signinRedirect({ nonce, state: { nonce, returnTo } });
  }

  /** Popup sign-in (spec 9: 400x600, 60 s without an answer is a timeout). */
  async function loginWithPopup(): Promise<OidcUser> {
    const nonce = newNonce();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new AuthError('timeout', AUTH_MESSAGES.timeout)), POPUP_TIMEOUT_MS);
    set({ authInProgress: true });
    try {
      const user = await client.signinPopup({ nonce, state: { nonce }, popupSignal: controller.signal });
      return accept(user, nonce);
    } catch (error) {
      const authError = controller.signal.aborted
        ? new AuthError('timeout', AUTH_MESSAGES.timeout)
        : toAuthError(error);
      set({ authInProgress: false, notAuthenticated: true, error: authError });
      throw authError;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Completes a sign-in at /auth/callback; returns where to go next (null inside the silent iframe or popup). */
  async function handleCallback(url: string): Promise<string | null> {
    const parsed = new URL(url);
    if (!parsed.search && (!parsed.hash || parsed.hash === '#'))
      throw new AuthError('no_query_params', AUTH_MESSAGES.no_query_params);
    let user: OidcUser | undefined;
    try {
      user = await client.signinCallback(url);
    } catch (error) {
      throw toAuthError(error);
    }
    if (!user) return null;
    const data = (user.state ?? {}) as Partial<SigninData>;
    accept(user, data.nonce);
    return data.returnTo ?? '/';
  }

  /** spec 5: federated together with local-only is invalid. */
  async function logout({ returnTo, federated = false, localOnly = false }: LogoutOptions): Promise<void> {
    if (federated && localOnly)
      throw new AuthError('configuration', 'It is invalid to set both the `federated` and `localOnly` options');
    const hadUser = state.userInfo !== null || (await client.getUser()) !== null;
    clearLoginMarker();
    set({ userInfo: null, accessToken: null, notAuthenticated: true, error: null, authInProgress: false });
    if (localOnly || !hadUser) {
      await client.removeUser();
      return;
    }
    await client.signoutRedirect({
      post_logout_redirect_uri: returnTo,
      ...(federated ? { extraQueryParams: { federated: 'true' } } : {}),
    });
  }

  /** A usable access token, renewed silently when the cached one is within 60 s of expiry. */
  async function getAccessToken(): Promise<string | null> {
    const cached = await client.getUser();
    if (cached && fresh(cached)) return cached.access_token;
    const user = await silentLogin({ attempts: SILENT_LOGIN_ATTEMPTS });
    return user?.access_token ?? null;
  }

  return {
    getState: () => state,
    subscribe,
    silentLogin,
    firstLoadCheck: () => silentLogin({ attempts: FIRST_LOAD_ATTEMPTS, allowPrompt: false }),
    loginWithRedirect,
    loginWithPopup,
    handleCallback,
    logout,
    getAccessToken,
  };
}
