import { storeListeners } from '../../ui/store-listeners.ts';
import type { WalletAuthState } from './combined-state.ts';

/**
 * The registration point through which the wallet feature (web/src/features/wallet/) joins the app's
 * auth, without the auth code importing it (features never import each other; app/ composes them).
 *
 * The wallet feature calls `registerWalletAuth(plugin)` once, when its module loads, and keeps the
 * returned function to unregister. The app then:
 * - reads `getSnapshot()` (and re-reads after `subscribe` listeners fire) for the combined auth state of
 *   spec 4 and the header's account menu. The snapshot must be the same object until something changes
 *   (React's useSyncExternalStore compares it by identity);
 * - calls `check()` together with the identity-provider check on any 401 (spec 4: one re-check at a time);
 * - calls `disconnect()` first on logout when `connected` is true (spec 4: "disconnects the wallet if one
 *   is connected, then logs out of the identity provider").
 */
export interface WalletAuthSnapshot {
  /** spec 3: the wallet sign-in state. */
  state: WalletAuthState;
  /** spec 3: walletAccount, the connected (or provisional, stored) address. */
  account: string | null;
  /** True while a wallet is connected (not merely remembered). */
  connected: boolean;
}

export interface WalletAuthPlugin {
  getSnapshot(): WalletAuthSnapshot;
  subscribe(listener: () => void): () => void;
  /** spec 4: the wallet login check (GET /api/auth/wallet/test-login). */
  check(): Promise<void>;
  /** spec 4: disconnect the wallet and clear its server login. */
  disconnect(): Promise<void>;
  /** Optional: opens the wallet connection modal (the header's "connect wallet" entry). */
  connect?(): void;
}

const NO_WALLET: WalletAuthSnapshot = { state: 'not-checked', account: null, connected: false };
let plugin: WalletAuthPlugin | null = null;
const { subscribe, emit: notify } = storeListeners();
let unsubscribePlugin: (() => void) | null = null;

export function registerWalletAuth(next: WalletAuthPlugin): () => void {
  unsubscribePlugin?.();
  plugin = next;
  unsubscribePlugin = next.subscribe(notify);
  notify();
  return () => {
    if (plugin !== next) return;
    unsubscribePlugin?.();
    unsubscribePlugin = null;
    plugin = null;
    notify();
  };
}

export const walletAuth = {
  plugin: () => plugin,
  snapshot: (): WalletAuthSnapshot => plugin?.getSnapshot() ?? NO_WALLET,
  subscribe,
};
