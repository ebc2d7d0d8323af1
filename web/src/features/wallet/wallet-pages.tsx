import { QrCode } from './qr-code.tsx';
import type { WalletText } from './texts.tsx';
import { useCopy } from './use-copy.ts';
import { downloadLinks, type Wallet } from './wallet-catalog.ts';

/**
 * spec 2: connecting shows loading, connected shows success, a failure shows failed with Retry (in the
 * QR view, Refresh QRCode). 'cancelled' is the user's 4001, 'pending' the wallet's -32002.
 */
export type ConnectStatus = 'idle' | 'loading' | 'success' | 'failed' | 'cancelled' | 'pending' | 'no-connector';

const BROWSER_NAMES = { chrome: 'Chrome', edge: 'Edge', firefox: 'Firefox', safari: 'Safari' } as const;

function Spinner({ label }: { label: string }) {
  return (
    <div className="wallet-status wallet-status--loading" role="status">
      <span className="wallet-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

interface ConnectPageProps {
  t: WalletText;
  wallet: Wallet;
  status: ConnectStatus;
  qrUri: string | null;
  onRetry: () => void;
}

export function ConnectPage({ t, wallet, status, qrUri, onRetry }: ConnectPageProps) {
  const isQr = wallet.connector === 'qrCode';
  const broken = status === 'failed' || status === 'cancelled' || status === 'pending';
  // spec 5: the QR code cannot be copied while loading or failed.
  const { copied, copy } = useCopy(!qrUri || broken || status === 'loading');
  return (
    <div className="wallet-page wallet-connect">
      <img src={wallet.logo} alt="" width={56} height={56} className="wallet-connect__logo" />
      <h3>{isQr ? t('modal.scanTitle') : wallet.name}</h3>
      {isQr && (
        <>
          <p>{t('modal.scanHint')}</p>
          {qrUri && !broken ? (
            <QrCode value={qrUri} alt={t('modal.qrAlt', { wallet: wallet.name })} />
          ) : (
            <div className="wallet-qr wallet-qr--empty" />
          )}
          <button
            type="button"
            className="button"
            disabled={!qrUri || broken || status === 'loading'}
            onClick={() => void copy(qrUri ?? '')}
          >
            {copied ? t('modal.copied') : t('modal.copyLink')}
          </button>
        </>
      )}
      {status === 'loading' && !isQr && (
        <Spinner label={`${t('modal.connecting')}. ${t('modal.connectingHint', { wallet: wallet.name })}`} />
      )}
      {status === 'loading' && isQr && !qrUri && <Spinner label={t('modal.connecting')} />}
      {status === 'success' && (
        <p className="wallet-status wallet-status--success" role="status">
          {t('modal.success')}
        </p>
      )}
      {status === 'no-connector' && (
        <p className="wallet-status wallet-status--failed" role="alert">
          {t('modal.noConnector')}
        </p>
      )}
      {broken && (
        <div className="wallet-status wallet-status--failed" role="alert">
          <p className="wallet-status__title">
            {status === 'cancelled' ? t('modal.cancelledTitle') : t('modal.failed')}
          </p>
          <p>{status === 'cancelled' ? t('modal.cancelledBody') : status === 'pending' ? t('modal.pending') : ''}</p>
          <button type="button" className="button" onClick={onRetry}>
            {isQr ? t('modal.refreshQr') : t('modal.retry')}
          </button>
        </div>
      )}
    </div>
  );
}

export function DownloadPage({ t, wallet }: { t: WalletText; wallet: Wallet }) {
  return (
    <div className="wallet-page wallet-download">
      <img src={wallet.logo} alt="" width={56} height={56} />
      <h3>{t('modal.getWallet', { wallet: wallet.name })}</h3>
      <p>{t('modal.installHint')}</p>
      <ul className="wallet-download__links">
        {downloadLinks(wallet).map(({ browser, href, fallback }) => (
          <li key={browser}>
            <a className="button" href={href} target="_blank" rel="noreferrer">
              {fallback
                ? t('modal.safariFallback', { wallet: wallet.name })
                : t('modal.downloadFor', { browser: BROWSER_NAMES[browser] })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function WalletConnectSelectPage({ t, onQr }: { t: WalletText; onQr: () => void }) {
  return (
    <div className="wallet-page">
      <h3>{t('modal.walletConnectTitle')}</h3>
      <button type="button" className="button" onClick={onQr}>
        {t('modal.showQr')}
      </button>
    </div>
  );
}

/**
 * spec 2: nothing can connect here: say so, and offer the page's URL to open elsewhere. `loopback`: a
 * phone sheet at localhost or 127.x, where no wallet app can open the page (issue 46: the sheet said only
 * "Unable to Connect" without saying why or what to do).
 */
export function UnablePage({ t, loopback = false }: { t: WalletText; loopback?: boolean }) {
  const { copied, copy } = useCopy();
  return (
    <div className="wallet-page wallet-unable">
      <h3>{t('modal.unableTitle')}</h3>
      <p>{t('modal.unableBody')}</p>
      {loopback && <p>{t('modal.unableLoopback', { host: window.location.host })}</p>}
      <button type="button" className="button" onClick={() => void copy(window.location.href)}>
        {copied ? t('modal.copied') : t('modal.copyUrl')}
      </button>
    </div>
  );
}
