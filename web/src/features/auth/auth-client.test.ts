import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createAuthClient,
  FIRST_LOAD_ATTEMPTS,
  LOGIN_RETRY_PAUSE_MS,
  type OidcUser,
  POPUP_TIMEOUT_MS,
  TOKEN_REQUEST_ATTEMPTS,
} from './auth-client.ts';
import { AuthError } from './errors.ts';
import { CLIENT_ID, fakeClient, ISSUER, idToken, oidcUser } from './fake-oidc.ts';
import { hasLoginMarker, LOGIN_MARKER_MS, setLoginMarker } from './login-marker.ts';

function setup(cached: OidcUser | null = oidcUser({ expires_at: 1 })) {
  const client = fakeClient(cached);
  const auth = createAuthClient({ client, issuer: ISSUER, clientId: CLIENT_ID, log: () => undefined });
  return { client, auth };
}
const loginRequired = Object.assign(new Error('login_required'), { error: 'login_required' });

describe('the auth module (spec 4, 5, 9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('signs in silently and exposes the bearer token and user info', async () => {
    const { client, auth } = setup(null);
    setLoginMarker();
    client.signinSilent.mockImplementation(async ({ nonce }) => oidcUser({ id_token: idToken({ nonce }) }));
    await auth.silentLogin();
    expect(auth.getState()).toMatchObject({
      accessToken: 'access-1',
      userInfo: { sub: 'demo', name: 'Demo' },
      authInProgress: false,
      notAuthenticated: false,
      error: null,
    });
  });

  it('tries the first-load check twice with 500 ms between, then gives up without prompting', async () => {
    const { client, auth } = setup(null);
    setLoginMarker();
    client.signinSilent.mockRejectedValue(loginRequired);
    const done = auth.firstLoadCheck();
    await vi.advanceTimersByTimeAsync(0);
    expect(client.signinSilent).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(LOGIN_RETRY_PAUSE_MS - 1);
    expect(client.signinSilent).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(client.signinSilent).toHaveBeenCalledTimes(FIRST_LOAD_ATTEMPTS);
    expect(client.signinRedirect).not.toHaveBeenCalled();
    expect(auth.getState()).toMatchObject({ notAuthenticated: true, authInProgress: false });
    expect(auth.getState().error?.code).toBe('login_required');
  });

  it('asks the token endpoint again when a refresh gets no answer, up to 3 times in all', async () => {
    const { client, auth } = setup(oidcUser({ expires_at: 1, refresh_token: 'refresh-1' }));
    setLoginMarker();
    client.signinSilent
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new Error('Timeout'))
      .mockImplementationOnce(async () => oidcUser({ access_token: 'access-2' }));
    await auth.silentLogin();
    expect(client.signinSilent).toHaveBeenCalledTimes(TOKEN_REQUEST_ATTEMPTS);
    expect(auth.getState()).toMatchObject({ accessToken: 'access-2', notAuthenticated: false });
  });

  it('gives up on a refresh after 3 unanswered token requests, and at once on a provider error', async () => {
    const unanswered = setup(oidcUser({ expires_at: 1, refresh_token: 'refresh-1' }));
    setLoginMarker();
    unanswered.client.signinSilent.mockRejectedValue(new TypeError('Failed to fetch'));
    await unanswered.auth.silentLogin();
    expect(unanswered.client.signinSilent).toHaveBeenCalledTimes(TOKEN_REQUEST_ATTEMPTS);
    expect(unanswered.auth.getState().notAuthenticated).toBe(true);

    const refused = setup(oidcUser({ expires_at: 1, refresh_token: 'refresh-1' }));
    refused.client.signinSilent.mockRejectedValue(
      Object.assign(new Error('invalid_grant'), { error: 'invalid_grant' }),
    );
    await refused.auth.silentLogin();
    expect(refused.client.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('the silent-login wrapper tries once by default', async () => {
    const { client, auth } = setup(null);
    setLoginMarker();
    client.signinSilent.mockRejectedValue(loginRequired);
    await auth.silentLogin();
    expect(client.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('falls back to an interactive login when all attempts fail and prompting is allowed', async () => {
    const { client, auth } = setup(null);
    setLoginMarker();
    client.signinSilent.mockRejectedValue(loginRequired);
    const done = auth.silentLogin({ attempts: 2, allowPrompt: true, returnTo: '/stocks/ACME' });
    await vi.advanceTimersByTimeAsync(LOGIN_RETRY_PAUSE_MS);
    await done;
    expect(client.signinRedirect).toHaveBeenCalledWith(
      expect.objectContaining({ state: expect.objectContaining({ returnTo: '/stocks/ACME' }) }),
    );
    expect(auth.getState().notAuthenticated).toBe(false);
  });

  it('does not contact the provider on load without the 1-day login marker', async () => {
    const { client, auth } = setup(null);
    await auth.firstLoadCheck();
    expect(client.signinSilent).not.toHaveBeenCalled();
    expect(auth.getState().notAuthenticated).toBe(true);
  });

  it('keeps the login marker for 1 day', () => {
    setLoginMarker();
    vi.advanceTimersByTime(LOGIN_MARKER_MS - 1000);
    expect(hasLoginMarker()).toBe(true);
    vi.advanceTimersByTime(2000);
    expect(hasLoginMarker()).toBe(false);
  });

  it('uses a cached token until 60 s before it expires, then renews', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { client, auth } = setup(oidcUser({ expires_at: now + 120 }));
    setLoginMarker();
    expect(await auth.getAccessToken()).toBe('access-1');
    expect(client.signinSilent).not.toHaveBeenCalled();
    vi.advanceTimersByTime(61_000);
    client.signinSilent.mockImplementation(async ({ nonce }) =>
      oidcUser({ access_token: 'access-2', id_token: idToken({ nonce }) }),
    );
    expect(await auth.getAccessToken()).toBe('access-2');
    expect(client.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('rejects a silent answer whose ID token has the wrong nonce', async () => {
    const { client, auth } = setup(null);
    setLoginMarker();
    client.signinSilent.mockResolvedValue(oidcUser({ id_token: idToken({ nonce: 'someone-else' }) }));
    await auth.silentLogin();
    expect(auth.getState().error?.code).toBe('invalid_id_token');
    expect(auth.getState().accessToken).toBeNull();
  });

  it('times a popup out after 60 s', async () => {
    const { client, auth } = setup(null);
    client.signinPopup.mockImplementation(
      ({ popupSignal }) =>
        new Promise((_resolve, reject) =>
          popupSignal.addEventListener('abort', () => reject(new Error('Popup closed'))),
        ),
    );
    const result = auth.loginWithPopup().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(POPUP_TIMEOUT_MS);
    expect(await result).toMatchObject({ code: 'timeout', message: 'Timeout' });
  });

  it("reports 'Could not open popup' when the browser blocks it", async () => {
    const { client, auth } = setup(null);
    client.signinPopup.mockRejectedValue(new Error('Error opening popup window'));
    await expect(auth.loginWithPopup()).rejects.toMatchObject({ message: 'Could not open popup' });
  });

  it("fails a callback without query parameters with the spec's text", async () => {
    const { auth } = setup(null);
    await expect(auth.handleCallback('https://app.example/auth/callback')).rejects.toThrow(
      'There are no query params available for parsing.',
    );
  });

  it("fails a callback whose state matches no stored transaction with 'Invalid state'", async () => {
    const { client, auth } = setup(null);
    client.signinCallback.mockRejectedValue(new Error('No matching state found in storage'));
    await expect(auth.handleCallback('https://app.example/auth/callback?code=x&state=y')).rejects.toMatchObject({
      code: 'invalid_state',
      message: 'Invalid state',
    });
  });

  it('completes a redirect callback and returns to the stored target', async () => {
    const { client, auth } = setup(null);
    client.signinCallback.mockResolvedValue(
      oidcUser({ id_token: idToken({ nonce: 'n1' }), state: { nonce: 'n1', returnTo: '/de/stocks/ACME' } }),
    );
    expect(await auth.handleCallback('https://app.example/auth/callback?code=x&state=y')).toBe('/de/stocks/ACME');
    expect(auth.getState().userInfo?.sub).toBe('demo');
    expect(hasLoginMarker()).toBe(true);
  });

  it('refuses federated together with local-only logout', async () => {
    const { auth } = setup();
    await expect(auth.logout({ returnTo: '/', federated: true, localOnly: true })).rejects.toBeInstanceOf(AuthError);
  });

  it('logs out of the provider with returnTo (and federated when asked)', async () => {
    const { client, auth } = setup(oidcUser());
    setLoginMarker();
    await auth.logout({ returnTo: 'https://app.example/', federated: true });
    expect(client.signoutRedirect).toHaveBeenCalledWith({
      post_logout_redirect_uri: 'https://app.example/',
      extraQueryParams: { federated: 'true' },
    });
    expect(hasLoginMarker()).toBe(false);
  });

  it('logs out locally only without visiting the provider', async () => {
    const { client, auth } = setup(oidcUser());
    await auth.logout({ returnTo: '/', localOnly: true });
    expect(client.signoutRedirect).not.toHaveBeenCalled();
    expect(client.removeUser).toHaveBeenCalled();
  });
});
