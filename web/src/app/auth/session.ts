import { setAuthHeaders, setAuthRecheck } from '../../api/client.ts';
import type { AuthClient, IdpAuthState } from '../../features/auth/auth-client.ts';
import { AuthError, toAuthError } from '../../features/auth/errors.ts';
import { hasLoginMarker } from '../../features/auth/login-marker.ts';
import { storeListeners } from '../../ui/store-listeners.ts';
import { type CombinedAuthState, combinedAuthState } from './combined-state.ts';
import { type WalletAuthSnapshot, walletAuth } from './wallet-plugin.ts';

/*
 * The app's one auth session: the identity-provider client (features/auth) and the wallet plugin
 * (wallet-plugin.ts) joined into spec 3's auth state, the bearer header for API calls and the 401
 * re-check. Started once by the shell (startAuth); the /auth routes use getAuthClient.
 *
 * The sign-in code (oidc-client-ts, the settings and their schemas) loads when it is used (issue 20): on a
 * page load only when someone signed in here (the 1-day marker, or tokens kept in local storage), else
 * when the person signs in (/auth/login) or out.
 */

export interface AuthSnapshot {
  idp: IdpAuthState;
  wallet: WalletAuthSnapshot;
  /** spec 3 */
  loggedInViaWallet: boolean;
  combined: CombinedAuthState;
}

// Until the first check has run, the state is "in progress": no flash of a sign-in button for a signed-in user.
const STARTING: IdpAuthState = {
  userInfo: null,
  accessToken: null,
  authInProgress: true,
  notAuthenticated: false,
  error: null,
};

/**
 * Nobody signed in here within a day (no 1-day marker, no tokens kept): the silent check could only
 * answer login_required, so the page is signed out from its first render, without loading the sign-in
 * code or asking the provider, and without a "Checking sign-in…" that turns into "Sign in".
 */
const SIGNED_OUT: IdpAuthState = { ...STARTING, authInProgress: false, notAuthenticated: true };
const nobodySignedInHere = () => !hasLoginMarker() && !storedTokens();

let client: AuthClient | null = null;
let clientPromise: Promise<AuthClient> | null = null;
let started: Promise<void> | null = null;
/** The state while no client runs: signed out without loading the sign-in code, or the client failed. */
let failed: IdpAuthState | null = null;
let snapshot: AuthSnapshot | null = null;
const { subscribe, emit } = storeListeners();

function compute(): AuthSnapshot {
  const idp = failed ?? client?.getState() ?? (nobodySignedInHere() ? SIGNED_OUT : STARTING);
  const wallet = walletAuth.snapshot();
  if (snapshot && snapshot.idp === idp && snapshot.wallet === wallet) return snapshot;
  return {
    idp,
    wallet,
    loggedInViaWallet: wallet.state === 'authenticated',
    combined: combinedAuthState({
      userInfo: idp.userInfo,
      authInProgress: idp.authInProgress,
      notAuthenticated: idp.notAuthenticated,
      walletState: wallet.state,
    }),
  };
}

function changed(): void {
  snapshot = compute();
  emit();
}
walletAuth.subscribe(changed);

export const authStore = {
  getSnapshot(): AuthSnapshot {
    snapshot ??= compute();
    return snapshot;
  },
  subscribe,
};

/** The identity-provider client, created once from the server's settings; its code loads on first use. */
export function getAuthClient(): Promise<AuthClient> {
  clientPromise ??= (async () => {
    const [{ loadAuthSettings }, { createAuthClient }, { createUserManager }] = await Promise.all([
      import('../../features/auth/settings.ts'),
      import('../../features/auth/auth-client.ts'),
      import('../../features/auth/oidc.ts'),
    ]);
    const settings = await loadAuthSettings();
    const created = createAuthClient({
      client: createUserManager(settings),
      issuer: settings.issuer,
      clientId: settings.clientId,
    });
    created.subscribe(changed);
    client = created;
    // From here the client's own state counts, not the signed-out one set without it.
    failed = null;
    // spec 4: the token goes as a bearer header on every later API call.
    setAuthHeaders((): Record<string, string> => {
      const token = created.getState().accessToken;
      return token ? { authorization: `Bearer ${token}` } : {};
    });
    changed();
    return created;
  })();
  return clientPromise;
}

/** spec 4: any 401 re-checks auth (the client runs one at a time): identity provider and wallet together. */
async function recheck(): Promise<void> {
  const tasks: Promise<unknown>[] = [];
  if (client) tasks.push(client.silentLogin({ ignoreCache: true }));
  const wallet = walletAuth.plugin();
  if (wallet) tasks.push(wallet.check());
  await Promise.allSettled(tasks);
}

/** Tokens oidc-client-ts keeps in local storage (its user store, prefix 'auth.': features/auth/oidc.ts). */
function storedTokens(storage: Storage = window.localStorage): boolean {
  for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith('auth.user:')) return true;
  return false;
}

/** Starts sign-in on page load (spec 4: silent login, 2 attempts), once per page. */
export function startAuth(search = window.location.search): Promise<void> {
  started ??= (async () => {
    // spec 4: any 401 re-checks (the wallet's sign-in too, with or without the provider's code loaded).
    setAuthRecheck(recheck);
    // ?r=CODE goes into the ref cookie (its code loads only when there is one); nothing waits for it but
    // the referral sent after a sign-in.
    const referral = new URLSearchParams(search).has('r')
      ? import('../../features/auth/referral.ts').then((module) => module.captureReferral(search))
      : Promise.resolve();
    if (nobodySignedInHere()) {
      // The state the first render already had (compute): the snapshot stays the same object.
      failed = SIGNED_OUT;
      changed();
      await referral.catch(() => undefined);
      return;
    }
    try {
      await referral.catch(() => undefined);
      const auth = await getAuthClient();
      const user = await auth.firstLoadCheck();
      if (user) {
        const { sendReferral } = await import('../../features/auth/referral.ts');
        await sendReferral(user.access_token).catch(() => undefined);
      }
    } catch (error) {
      const authError = error instanceof AuthError ? error : toAuthError(error);
      console.error('Sign-in is not available:', authError.message);
      failed = { ...STARTING, authInProgress: false, notAuthenticated: true, error: authError };
      changed();
    }
  })();
  return started;
}

/** spec 4 logout: disconnect a connected wallet, then sign out of the identity provider if signed in. */
export async function logout(): Promise<void> {
  const wallet = walletAuth.plugin();
  if (wallet?.getSnapshot().connected) await wallet.disconnect();
  const auth = await getAuthClient();
  await auth.logout({ returnTo: `${window.location.origin}/` });
}
