import { storeListeners } from '../../ui/store-listeners.ts';
import { walletApi } from './wallet-api.ts';
import { initialWalletAuth, type WalletAuthAction, type WalletAuthState, walletAuthReducer } from './wallet-auth.ts';
import { errorText, walletErrorKind } from './wallet-errors.ts';

/** spec 3: local storage key of the last authenticated wallet address. */
export const ACCOUNT_ADDRESS_KEY = 'accountAddress';
export const REQUEST_CANCELLED = 'Request Cancelled';

/** What the lazily loaded wallet runtime (wagmi) lends the store once it is running. */
export interface WalletRuntimeHooks {
  signMessage(message: string): Promise<string>;
  disconnectWallet(): Promise<void>;
  chainId(): number;
}

let state: WalletAuthState = initialWalletAuth;
let runtime: WalletRuntimeHooks | null = null;
const { subscribe, emit } = storeListeners();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function dispatch(action: WalletAuthAction): void {
  const next = walletAuthReducer(state, action);
  if (next === state) return;
  if (next.storedAddress !== state.storedAddress) {
    if (next.storedAddress) storage()?.setItem(ACCOUNT_ADDRESS_KEY, next.storedAddress);
    else storage()?.removeItem(ACCOUNT_ADDRESS_KEY);
  }
  state = next;
  emit();
}

/**
 * The wallet half of the combined auth state (spec 4): its state, the login check, the sign-in after a
 * connection, and disconnect. The combined auth module reads getState()/subscribe() and calls check()
 * in its 401 re-check next to the identity-provider check.
 */
export const walletAuth = {
  getState: (): WalletAuthState => state,
  subscribe,
  /** Reads the stored address once, as a provisional account. Returns it. */
  startup(): string | null {
    if (state.status === 'not-checked' && !state.account) {
      dispatch({ type: 'startup', storedAddress: storage()?.getItem(ACCOUNT_ADDRESS_KEY) ?? null });
    }
    return state.storedAddress;
  },
  connected(address: string): void {
    dispatch({ type: 'connected', address });
  },
  setRuntime(hooks: WalletRuntimeHooks | null): void {
    runtime = hooks;
  },
  /** spec 4, login check: asks the server whether the session is the account's. */
  async check(): Promise<void> {
    walletAuth.startup();
    dispatch({ type: 'check-started' });
    const address = state.account?.address;
    if (state.status !== 'check-in-progress' || !address) return;
    try {
      const answer = await walletApi.testLogin(address);
      dispatch({ type: 'check-finished', returnedAddress: answer?.address ?? null });
    } catch {
      dispatch({ type: 'check-failed' });
    }
  },
  /** spec 4, after the wallet connects: nonce and message, the wallet signs, the server verifies. */
  async login(address: string): Promise<void> {
    dispatch({ type: 'connected', address });
    dispatch({ type: 'login-started' });
    try {
      if (!runtime) throw new Error('no available connector');
      const issued = await walletApi.nonce(address, runtime.chainId());
      if (!issued) throw new Error('No sign-in message');
      const signature = await runtime.signMessage(issued.message);
      const verified = await walletApi.verifyLogin(address, { token: issued.token, signature });
      dispatch({ type: 'login-finished', returnedAddress: verified?.address ?? '' });
      if (state.error) throw new Error(state.error);
    } catch (error) {
      console.warn('Login failed', error);
      if (state.status !== 'not-authenticated' || !state.error) {
        dispatch({
          type: 'login-failed',
          error: walletErrorKind(error) === 'rejected' ? REQUEST_CANCELLED : errorText(error),
        });
      }
    }
  },
  /** spec 4: disconnect the wallet, clear the server login, refresh the account, forget the address. */
  async disconnect(): Promise<void> {
    try {
      await runtime?.disconnectWallet();
    } finally {
      try {
        await walletApi.clearLogin();
      } catch (error) {
        console.warn('Clearing the wallet login failed', error);
      }
      dispatch({ type: 'disconnected' });
    }
  },
};
