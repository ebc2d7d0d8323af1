import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Connector } from 'wagmi';
import { getConnectors, watchConnectors } from 'wagmi/actions';
import { watchPopups } from './popup-watch.ts';
import type { WalletRuntime } from './runtime.ts';
import { type ModalLanguage, renderTagged, useWalletText } from './texts.tsx';
import { walletAuth } from './wallet-auth-store.ts';
import {
  buildWalletList,
  canConnectHere,
  inAppLink,
  mobileWalletList,
  reachableFromWalletApp,
  type Wallet,
} from './wallet-catalog.ts';
import { answeredWithin, CONNECT_TIMEOUT_MS, walletErrorKind } from './wallet-errors.ts';
import { ConnectPage, type ConnectStatus, DownloadPage, UnablePage, WalletConnectSelectPage } from './wallet-pages.tsx';
import './wallet-modal.css';

/** spec 2 and 9: the modal closes 500 ms after a successful connection; the mobile breakpoint is 575 px. */
export const SUCCESS_CLOSE_MS = 500;
export const MOBILE_QUERY = '(max-width: 575px)';
export type ModalTheme = 'light' | 'dark' | 'system';
type Page = 'list' | 'wallet-connect-select' | 'connect' | 'download';

function useIsMobile(): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    const query = matchMedia(MOBILE_QUERY);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return useSyncExternalStore(subscribe, () => matchMedia(MOBILE_QUERY).matches);
}

function useConnectors(runtime: WalletRuntime): readonly Connector[] {
  const subscribe = useCallback((onChange: () => void) => watchConnectors(runtime.config, { onChange }), [runtime]);
  return useSyncExternalStore(subscribe, () => getConnectors(runtime.config));
}

export interface WalletModalProps {
  runtime: WalletRuntime;
  onClose: () => void;
  language?: ModalLanguage;
  theme?: ModalTheme;
}

export function WalletModal({ runtime, onClose, language = 'app', theme = 'system' }: WalletModalProps) {
  const t = useWalletText(language);
  const dialog = useRef<HTMLDialogElement>(null);
  const isMobile = useIsMobile();
  const connectors = useConnectors(runtime);
  const { settings } = runtime;
  const wallets = buildWalletList(connectors, { walletConnect: !!settings.walletConnectProjectId });
  const [page, setPage] = useState<Page>('list');
  const [selected, setSelected] = useState<Wallet | null>(null);
  const [status, setStatus] = useState<ConnectStatus>('idle');
  const [qrUri, setQrUri] = useState<string | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The attempt the sub-page shows: a later one (Retry, another wallet) makes an earlier one's end moot.
  const attempt = useRef(0);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) {
      if (typeof element.showModal === 'function') element.showModal();
      else element.setAttribute('open', '');
    }
    return () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    };
  }, []);

  const connectorOf = (wallet: Wallet) => connectors.find((c) => c.id === wallet.connectorId);

  /** Follows a wallet app's link; spec 8: a failed mobile wallet link shows an alert with the error text. */
  const openLink = (url: string) => {
    try {
      window.location.assign(url);
    } catch (error) {
      window.alert(error instanceof Error ? error.message : String(error));
    }
  };

  /**
   * Connects `wallet`; with `app` (a phone), through WalletConnect, its pairing URI handed to that wallet
   * app by its link instead of shown as a QR code.
   */
  const startConnect = async (wallet: Wallet, app?: Wallet) => {
    const connector = connectorOf(wallet);
    setSelected(app ?? wallet);
    setPage('connect');
    setQrUri(null);
    if (!connector) {
      setStatus('no-connector');
      return;
    }
    setStatus('loading');
    const mine = ++attempt.current;
    // Issues 33 and 46: every attempt that gets no answer (a QR code never scanned, a wallet that never
    // replies) ends in the failed state with Retry after spec 9's popup timeout; a QR code or pairing link
    // shown starts the clock again, for the scan.
    let restartClock = () => {};
    const onMessage = ({ type, data }: { type: string; data?: unknown }) => {
      if (type !== 'display_uri' || typeof data !== 'string') return;
      restartClock();
      if (app?.pairInApp) openLink(app.pairInApp(data));
      else setQrUri(data);
    };
    connector.emitter.on('message', onMessage);
    // Coinbase Wallet's popup: blocked, it fails the attempt at once; closed unanswered, it cancels it.
    const popups = watchPopups();
    let answered = false;
    try {
      const deadline = answeredWithin(Promise.race([runtime.connect(connector), popups.ended]), CONNECT_TIMEOUT_MS);
      restartClock = deadline.restart;
      const address = await deadline.answer;
      answered = true;
      if (mine !== attempt.current) return;
      setStatus('success');
      void walletAuth.login(address);
      closeTimer.current = setTimeout(onClose, SUCCESS_CLOSE_MS);
    } catch (error) {
      if (mine !== attempt.current) return;
      const kind = walletErrorKind(error);
      setStatus(kind === 'rejected' ? 'cancelled' : kind === 'pending' ? 'pending' : 'failed');
    } finally {
      connector.emitter.off('message', onMessage);
      // A window left by an attempt that ended unanswered goes, so Retry opens a new one (the SDK would
      // otherwise talk to the old, never loaded one).
      popups.stop(!answered);
    }
  };

  const walletConnect = wallets.find((w) => w.connector === 'qrCode');
  const choose = (wallet: Wallet) => {
    // A phone without this wallet in the browser: pair through WalletConnect, else open the page in the app.
    if (isMobile && wallet.connector === 'browser' && !wallet.installed) {
      if (walletConnect && wallet.pairInApp) void startConnect(walletConnect, wallet);
      else if (wallet.openInApp) openLink(wallet.openInApp(window.location.href));
      return;
    }
    if (wallet.connector === 'qrCode' && !isMobile) {
      setSelected(wallet);
      setPage('wallet-connect-select');
    } else if (!wallet.installed && !wallet.connectorId) {
      setSelected(wallet);
      setPage('download');
    } else void startConnect(wallet);
  };

  const showDisclaimer = !!settings.termsUrl && !!settings.privacyUrl;
  const listed = isMobile ? mobileWalletList(wallets, window.location.href) : wallets;
  // Issue 23: never an empty sheet; without any way to connect here, spec 2's unable-to-connect view.
  const unableOnPhone = isMobile && listed.length === 0;
  const themeAttr = theme === 'system' ? undefined : theme;

  const subPage = (() => {
    if (page === 'connect' && selected)
      return (
        <ConnectPage
          t={t}
          wallet={selected}
          status={status}
          qrUri={qrUri}
          onRetry={() => void startConnect(selected)}
        />
      );
    if (page === 'download' && selected) return <DownloadPage t={t} wallet={selected} />;
    if (page === 'wallet-connect-select' && selected)
      return <WalletConnectSelectPage t={t} onQr={() => void startConnect(selected)} />;
    if (!canConnectHere(wallets) && !isMobile) return <UnablePage t={t} />;
    return (
      <div className="wallet-page wallet-intro">
        <h3>{t('modal.introTitle')}</h3>
        <p>{t('modal.introBody')}</p>
      </div>
    );
  })();

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Esc is the keyboard way (onCancel)
    <dialog
      ref={dialog}
      className={`wallet-modal${isMobile ? ' wallet-modal--sheet' : ''}`}
      data-theme={themeAttr}
      aria-labelledby="wallet-modal-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
    >
      <div className={`wallet-modal__frame${page === 'list' ? '' : ' wallet-modal__frame--sub'}`}>
        <aside className="wallet-modal__list">
          <h2 id="wallet-modal-title">{t('modal.title')}</h2>
          {unableOnPhone && <UnablePage t={t} loopback={!reachableFromWalletApp(window.location.href)} />}
          <h3 className="wallet-modal__heading" hidden={unableOnPhone}>
            {isMobile ? t('modal.mobileWallets') : t('modal.wallets')}
          </h3>
          {isMobile && !unableOnPhone && <p className="wallet-modal__hint">{t('modal.mobileHint')}</p>}
          <ul hidden={unableOnPhone}>
            {listed.map((wallet) => {
              const content = (
                <>
                  <img src={wallet.logo} alt="" width={28} height={28} />
                  <span>{isMobile ? (wallet.mobileName ?? wallet.name) : wallet.name}</span>
                  {wallet.installed && wallet.connector === 'browser' && (
                    <span className="wallet-item__badge">{t('modal.installed')}</span>
                  )}
                </>
              );
              // Issue 33: on a phone, a wallet app that opens this page in its browser is a link to it.
              const href = isMobile ? inAppLink(wallet, !!walletConnect, window.location.href) : null;
              return (
                <li key={wallet.id}>
                  {href ? (
                    <a className="wallet-item" href={href} rel="noreferrer">
                      {content}
                    </a>
                  ) : (
                    <button
                      type="button"
                      className={`wallet-item${selected?.id === wallet.id && page !== 'list' ? ' wallet-item--active' : ''}`}
                      onClick={() => choose(wallet)}
                    >
                      {content}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
          {showDisclaimer && (
            <p className="wallet-modal__disclaimer">
              {renderTagged(t('modal.disclaimer'), {
                terms: (text) => (
                  <a href={settings.termsUrl ?? ''} target="_blank" rel="noreferrer">
                    {text}
                  </a>
                ),
                privacy: (text) => (
                  <a href={settings.privacyUrl ?? ''} target="_blank" rel="noreferrer">
                    {text}
                  </a>
                ),
              })}
            </p>
          )}
        </aside>
        <section className="wallet-modal__page" aria-live="polite">
          {page !== 'list' && (
            <button type="button" className="wallet-modal__back" onClick={() => setPage('list')}>
              <span aria-hidden="true">‹</span> {t('modal.back')}
            </button>
          )}
          {subPage}
        </section>
      </div>
      <button type="button" className="wallet-modal__close icon-button" onClick={onClose} aria-label={t('modal.close')}>
        <span aria-hidden="true">×</span>
      </button>
    </dialog>
  );
}

export default WalletModal;
