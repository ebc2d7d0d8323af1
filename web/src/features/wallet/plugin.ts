import { walletModal } from './modal-state.ts';
import type { WalletAuthStatus } from './wallet-auth.ts';
import { walletAuth } from './wallet-auth-store.ts';

/**
 * The wallet half of the app's auth, in the shape of web/src/app/auth/wallet-plugin.ts (the app
 * registers it; features do not import app code). The snapshot keeps its identity until the state changes.
 */
export interface WalletPluginSnapshot {
  state: WalletAuthStatus;
  account: string | null;
  connected: boolean;
}

let lastState = walletAuth.getState();
let snapshot: WalletPluginSnapshot = toSnapshot(lastState);

function toSnapshot(state: ReturnType<typeof walletAuth.getState>): WalletPluginSnapshot {
  return { state: state.status, account: state.account?.address ?? null, connected: !!state.account?.isConnected };
}

export const walletAuthPlugin = {
  getSnapshot(): WalletPluginSnapshot {
    const state = walletAuth.getState();
    if (state !== lastState) {
      lastState = state;
      const next = toSnapshot(state);
      if (next.state !== snapshot.state || next.account !== snapshot.account || next.connected !== snapshot.connected)
        snapshot = next;
    }
    return snapshot;
  },
  subscribe: walletAuth.subscribe,
  check: () => walletAuth.check(),
  disconnect: () => walletAuth.disconnect(),
  connect: () => walletModal.open(),
};
