import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { walletModal } from './modal-state.ts';
import { VERIFICATION_FAILED } from './wallet-auth.ts';
import { REQUEST_CANCELLED, walletAuth } from './wallet-auth-store.ts';
import './wallet-button.css';

// The wallet bundle (wagmi, viem, connectors) is large: it loads when the modal opens or a wallet is remembered.
const WalletModalHost = lazy(() => import('./wallet-modal-host.tsx'));

const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** Reconnects a remembered wallet (wagmi tries the last connector first) in the background. */
async function resumeWallet(): Promise<void> {
  try {
    const { startWalletRuntime } = await import('./runtime.ts');
    await (await startWalletRuntime()).reconnect();
  } catch (error) {
    console.warn('Reconnecting the wallet failed', error);
  }
}

let started = false;
/** Page load: the stored address as a provisional account, its wallet reconnected, the login checked (spec 4). */
export function startWalletAuth(): Promise<void> {
  if (started) return Promise.resolve();
  started = true;
  if (walletAuth.startup()) void resumeWallet();
  return walletAuth.check();
}

/** The header's wallet entry: "Connect wallet", or the signed-in address with Disconnect. */
export function WalletButton() {
  const { t } = useTranslation('wallet');
  const state = useSyncExternalStore(walletAuth.subscribe, walletAuth.getState, walletAuth.getState);

  useEffect(() => {
    void startWalletAuth();
  }, []);

  const errorMessage =
    state.error === VERIFICATION_FAILED
      ? t('errors.verification')
      : state.error === REQUEST_CANCELLED
        ? t('modal.cancelledTitle')
        : state.error
          ? t('errors.loginFailed', { reason: state.error })
          : null;

  return (
    <div className="wallet-button">
      {state.status === 'authenticated' && state.account ? (
        <>
          <span className="wallet-button__account" title={state.account.address}>
            {t('button.account', { address: shortAddress(state.account.address) })}
          </span>
          <button type="button" className="button button--ghost" onClick={() => void walletAuth.disconnect()}>
            {t('button.disconnect')}
          </button>
        </>
      ) : (
        <button type="button" className="button wallet-button__connect" onClick={() => walletModal.open()}>
          <WalletIcon />
          <span className="wallet-button__label">{t('button.connect')}</span>
        </button>
      )}
      {errorMessage && (
        <span className="wallet-button__error" role="alert">
          {errorMessage}
        </span>
      )}
    </div>
  );
}

/** A wallet drawn in the button's colour; on a phone the button shows it alone (its name stays for screen readers). */
function WalletIcon() {
  return (
    <svg
      className="wallet-button__icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M4 6.5A2.5 2.5 0 0 1 6.5 4H18v3h1a1 1 0 0 1 1 1v10.5a1.5 1.5 0 0 1-1.5 1.5h-12A2.5 2.5 0 0 1 4 17.5v-11Zm2 .5v10.5a.5.5 0 0 0 .5.5H18v-3h-3a2 2 0 1 1 0-4h3V9H6.5A2.5 2.5 0 0 1 6 9V7Zm10 0V6H6.5a.5.5 0 0 0 0 1H16Zm-1 5a.75.75 0 1 0 0 1.5.75.75 0 0 0 0-1.5Z"
        fill="currentColor"
      />
    </svg>
  );
}

/** Where the modal lives: mounted once by the shell, so it outlives header re-renders during sign-in. */
export function WalletModalRoot() {
  const modal = useSyncExternalStore(walletModal.subscribe, walletModal.get, walletModal.get);
  if (!modal.open) return null;
  return (
    <Suspense fallback={null}>
      <WalletModalHost onClose={() => walletModal.close()} language={modal.language} />
    </Suspense>
  );
}
