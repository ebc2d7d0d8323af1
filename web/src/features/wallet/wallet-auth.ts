/**
 * Wallet sign-in state (spec 3 and spec 4, "Wallet sign-in") as a pure reducer: every rule is a
 * transition here, so each can be tested alone. Side effects (HTTP, wallet, local storage) live in
 * wallet-auth-store.ts, which dispatches these actions and mirrors storedAddress to local storage.
 */
export type WalletAuthStatus = 'not-checked' | 'check-in-progress' | 'authenticated' | 'not-authenticated';

export interface WalletAccount {
  address: string;
  isConnected: boolean;
}

export interface WalletAuthState {
  status: WalletAuthStatus;
  /** spec 3: loggedInViaWallet. */
  loggedInViaWallet: boolean;
  account: WalletAccount | null;
  /** Mirror of local storage accountAddress: the last authenticated address. */
  storedAddress: string | null;
  error: string | null;
}

export type WalletAuthAction =
  /** spec 4: at startup a stored address is a provisional account with isConnected false. */
  | { type: 'startup'; storedAddress: string | null }
  | { type: 'connected'; address: string }
  | { type: 'check-started' }
  /** The server's test-login answer (null: it had no session). */
  | { type: 'check-finished'; returnedAddress: string | null }
  | { type: 'check-failed' }
  | { type: 'login-started' }
  | { type: 'login-finished'; returnedAddress: string }
  | { type: 'login-failed'; error: string }
  | { type: 'disconnected' };

export const VERIFICATION_FAILED = 'Verification failed';

export const initialWalletAuth: WalletAuthState = {
  status: 'not-checked',
  loggedInViaWallet: false,
  account: null,
  storedAddress: null,
  error: null,
};

/** Addresses compare case-insensitively (checksummed vs lower-case). */
export function sameAddress(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && !!b && a.toLowerCase() === b.toLowerCase();
}

const notAuthenticated = (state: WalletAuthState, error: string | null = null): WalletAuthState => ({
  ...state,
  status: 'not-authenticated',
  loggedInViaWallet: false,
  storedAddress: null,
  error,
});

export function walletAuthReducer(state: WalletAuthState, action: WalletAuthAction): WalletAuthState {
  switch (action.type) {
    case 'startup':
      return {
        ...state,
        storedAddress: action.storedAddress,
        account: action.storedAddress ? { address: action.storedAddress, isConnected: false } : state.account,
      };
    case 'connected':
      return { ...state, account: { address: action.address, isConnected: true }, error: null };
    case 'check-started':
      // spec 4: with no address the check ends at once, not-authenticated and not logged in.
      if (!state.account) return { ...state, status: 'not-authenticated', loggedInViaWallet: false };
      return { ...state, status: 'check-in-progress' };
    case 'check-finished':
      if (sameAddress(action.returnedAddress, state.account?.address))
        return { ...state, status: 'authenticated', loggedInViaWallet: true, error: null };
      return notAuthenticated(state);
    case 'check-failed':
      return notAuthenticated(state);
    case 'login-started':
      return { ...state, status: 'check-in-progress', error: null };
    case 'login-finished':
      // spec 5: accepted only when the server's address is the connected one.
      if (state.account?.isConnected && sameAddress(action.returnedAddress, state.account.address))
        return { ...state, status: 'authenticated', loggedInViaWallet: true, storedAddress: state.account.address };
      return notAuthenticated(state, VERIFICATION_FAILED);
    case 'login-failed':
      return notAuthenticated(state, action.error);
    case 'disconnected':
      // spec 4: account refreshed (gone), logged-in flag false, stored address removed.
      return { ...notAuthenticated(state), account: null };
  }
}
