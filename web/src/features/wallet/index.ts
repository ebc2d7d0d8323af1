/** The wallet feature's public face: what app/ composes. */
export { walletModal } from './modal-state.ts';
export { walletAuthPlugin } from './plugin.ts';
export { walletAuth } from './wallet-auth-store.ts';
export { startWalletAuth, WalletButton, WalletModalRoot } from './wallet-button.tsx';
