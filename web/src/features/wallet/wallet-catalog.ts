import braveLogo from './logos/brave.svg';
import coinbaseLogo from './logos/coinbase.svg';
import metamaskLogo from './logos/metamask.svg';
import okxLogo from './logos/okx.svg';
import rainbowLogo from './logos/rainbow.svg';
import trustLogo from './logos/trust.svg';
import walletConnectLogo from './logos/walletconnect.svg';
import { openInWalletApp } from './wallet-links.ts';

/**
 * The wallets the modal lists (spec 3: id, name, mobileName, logo, installed, connector kind,
 * download URLs). Known wallets come from this catalog; any other wallet the browser announces
 * through EIP-6963 is added as an installed browser wallet with its own name and icon.
 */
export type WalletConnectorKind = 'browser' | 'mobile' | 'qrCode';
export type Browser = 'chrome' | 'edge' | 'firefox' | 'safari';
export const BROWSERS: Browser[] = ['chrome', 'edge', 'firefox', 'safari'];

export interface Wallet {
  id: string;
  name: string;
  mobileName?: string;
  logo: string;
  installed: boolean;
  connector: WalletConnectorKind;
  /** wagmi connector id to connect with; absent when the wallet is not installed. */
  connectorId?: string;
  downloadUrls?: Partial<Record<Browser, string>>;
  /**
   * A phone's way in without WalletConnect: the wallet app's link that opens a page in its own browser,
   * where the wallet is injected (issue 23: the phone sheet listed nothing without an extension).
   */
  openInApp?: (pageUrl: string) => string;
  /** The wallet app's link that takes a WalletConnect pairing URI (with a WalletConnect project id). */
  pairInApp?: (uri: string) => string;
}

/** What the modal needs of a wagmi connector. */
export interface ConnectorInfo {
  id: string;
  name: string;
  icon?: string | undefined;
  type: string;
}

/** A wallet the browser announces without an icon of its own: its initial on a grey square. */
const letterLogo = (letter: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#6b7280"/><text x="20" y="27" font-family="sans-serif" font-size="20" fill="#fff" text-anchor="middle">${letter}</text></svg>`,
  )}`;

interface CatalogEntry extends Omit<Wallet, 'installed' | 'connectorId'> {
  /** EIP-6963 rdns (or wagmi connector id) that means "installed". */
  rdns: string[];
  /** spec 2: listed only when installed (Brave). */
  onlyWhenInstalled?: boolean;
}

export const WALLET_CATALOG: CatalogEntry[] = [
  {
    id: 'metamask',
    name: 'MetaMask',
    mobileName: 'MetaMask',
    logo: metamaskLogo,
    connector: 'browser',
    rdns: ['io.metamask', 'metaMaskSDK'],
    openInApp: openInWalletApp.metamask,
    pairInApp: (uri) => `https://metamask.app.link/wc?uri=${encodeURIComponent(uri)}`,
    downloadUrls: {
      chrome: 'https://chromewebstore.google.com/detail/metamask/nkbihfbeogaeaoehlefnkodbefgpgknn',
      edge: 'https://microsoftedge.microsoft.com/addons/detail/metamask/ejbalbakoplchlghecdalmeeeajnimhm',
      firefox: 'https://addons.mozilla.org/firefox/addon/ether-metamask/',
    },
  },
  {
    id: 'brave',
    name: 'Brave Wallet',
    logo: braveLogo,
    connector: 'browser',
    rdns: ['com.brave.wallet'],
    onlyWhenInstalled: true,
  },
  {
    id: 'coinbase',
    name: 'Coinbase Wallet',
    mobileName: 'Coinbase Wallet',
    logo: coinbaseLogo,
    connector: 'browser',
    rdns: ['com.coinbase.wallet', 'coinbaseWalletSDK'],
    openInApp: openInWalletApp.coinbase,
    downloadUrls: {
      chrome: 'https://chromewebstore.google.com/detail/coinbase-wallet-extension/hnfanknocfeofbddgcijnmhnfnkdnaad',
      safari: 'https://apps.apple.com/app/coinbase-wallet/id1278383455',
    },
  },
  {
    id: 'rainbow',
    name: 'Rainbow',
    mobileName: 'Rainbow',
    logo: rainbowLogo,
    connector: 'browser',
    rdns: ['me.rainbow'],
    // Rainbow documents no link that opens a page in its browser (docs/wallet.md): on a phone it
    // connects through WalletConnect only (its documented rnbwapp.com/wc pairing link).
    pairInApp: (uri) => `https://rnbwapp.com/wc?uri=${encodeURIComponent(uri)}`,
    downloadUrls: { chrome: 'https://chromewebstore.google.com/detail/rainbow/opfgelmcmbiajamepnmloijbpoleiama' },
  },
  {
    id: 'trust',
    name: 'Trust Wallet',
    mobileName: 'Trust Wallet',
    logo: trustLogo,
    connector: 'browser',
    rdns: ['com.trustwallet.app'],
    openInApp: openInWalletApp.trust,
    pairInApp: (uri) => `https://link.trustwallet.com/wc?uri=${encodeURIComponent(uri)}`,
    downloadUrls: {
      chrome: 'https://chromewebstore.google.com/detail/trust-wallet/egjidjbpglichdcondbcbdnbeeppgdph',
    },
  },
  {
    id: 'okx',
    name: 'OKX Wallet',
    mobileName: 'OKX Wallet',
    logo: okxLogo,
    connector: 'browser',
    rdns: ['com.okex.wallet'],
    openInApp: openInWalletApp.okx,
    downloadUrls: {
      chrome: 'https://chromewebstore.google.com/detail/okx-wallet/mcohilncbfahbmgdjkbpemcciiolgcge',
    },
  },
];

export const WALLETCONNECT: Wallet = {
  id: 'walletconnect',
  name: 'WalletConnect',
  mobileName: 'WalletConnect',
  logo: walletConnectLogo,
  installed: true,
  connector: 'qrCode',
  connectorId: 'walletConnect',
};

/**
 * The list for the modal, sorted by name (spec 2). Catalog wallets are installed when a connector
 * with their rdns exists; Brave is left out unless installed; WalletConnect only with a project id.
 */
export function buildWalletList(connectors: readonly ConnectorInfo[], options: { walletConnect: boolean }): Wallet[] {
  const used = new Set<string>();
  const wallets: Wallet[] = [];
  for (const entry of WALLET_CATALOG) {
    const { rdns, onlyWhenInstalled, ...wallet } = entry;
    // Installed means a browser extension announced itself; an SDK connector (Coinbase's popup) can
    // still connect a wallet that is not installed.
    const extension = connectors.find((c) => rdns.includes(c.id) && c.type === 'injected');
    const connector = extension ?? connectors.find((c) => rdns.includes(c.id));
    if (connector) used.add(connector.id);
    if (!extension && onlyWhenInstalled) continue;
    wallets.push({
      ...wallet,
      installed: !!extension,
      ...(connector ? { connectorId: connector.id, logo: connector.icon ?? wallet.logo } : {}),
    });
  }
  for (const connector of connectors) {
    if (used.has(connector.id) || connector.id === 'walletConnect' || connector.id === 'injected') continue;
    if (connector.type !== 'injected') continue;
    wallets.push({
      id: connector.id,
      name: connector.name,
      logo: connector.icon ?? letterLogo(connector.name.charAt(0).toUpperCase() || '?'),
      installed: true,
      connector: 'browser',
      connectorId: connector.id,
    });
  }
  if (options.walletConnect && connectors.some((c) => c.id === 'walletConnect')) wallets.push(WALLETCONNECT);
  return wallets.sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** spec 5: the Safari link falls back to the Chrome link when a wallet has none for Safari. */
export function downloadUrl(wallet: Wallet, browser: Browser): string | undefined {
  const urls = wallet.downloadUrls ?? {};
  if (browser === 'safari') return urls.safari ?? urls.chrome;
  return urls[browser];
}

export interface DownloadLink {
  browser: Browser;
  href: string;
  /** The Safari entry leads to the Chrome link (spec 5): its label must say so, not "for Safari". */
  fallback: boolean;
}

/**
 * The download page's links, one per browser with a link (issue 46: "Download for Safari" opened the
 * Chrome Web Store for four wallets without saying so).
 */
export function downloadLinks(wallet: Wallet): DownloadLink[] {
  return BROWSERS.flatMap((browser) => {
    const href = downloadUrl(wallet, browser);
    if (!href) return [];
    return [{ browser, href, fallback: browser === 'safari' && !wallet.downloadUrls?.safari }];
  });
}

/**
 * True when some wallet in the list can connect here: an extension, or an SDK or WalletConnect connector
 * (Coinbase Wallet's popup needs no extension). Without one the desktop modal shows spec 2's
 * unable-to-connect view (issue 46: it said "Unable to Connect Wallet" beside a list that could connect).
 */
export function canConnectHere(wallets: readonly Wallet[]): boolean {
  return wallets.some((w) => !!w.connectorId);
}

/**
 * Whether a wallet app can open this page by a link: not at a loopback address, which in the wallet's
 * own browser would name the phone itself (a page on localhost is someone's desktop, emulating a phone).
 */
export function reachableFromWalletApp(pageUrl: string): boolean {
  try {
    const host = new URL(pageUrl).hostname.replace(/^\[|\]$/g, '');
    return !(host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1');
  } catch {
    return false;
  }
}

/**
 * The phone sheet's wallets (spec 2: mobile wallets): one already in this browser (a wallet app's own
 * browser), WalletConnect (its QR view) and the wallet apps WalletConnect can pair with when a project id
 * is set, and the apps that open this page in their browser when they can reach it. Empty means no way to
 * connect here: the sheet then says it is unable to connect.
 */
export function mobileWalletList(wallets: readonly Wallet[], pageUrl: string): Wallet[] {
  const reachable = reachableFromWalletApp(pageUrl);
  const walletConnect = wallets.some((w) => w.connector === 'qrCode');
  return wallets.filter(
    (w) =>
      (w.installed && w.connector === 'browser' && w.connectorId) ||
      w.connector === 'qrCode' ||
      (walletConnect && w.pairInApp) ||
      (reachable && w.openInApp),
  );
}

/**
 * The link a phone sheet's entry is (issue 33), when tapping it opens this page in the wallet app's own
 * browser: a wallet app that is not this browser, with a link that opens pages, and no WalletConnect
 * pairing to prefer (with a project id, an app that pairs connects without leaving this browser). null:
 * the entry is a button (connect here, pair through WalletConnect, or show the QR view).
 */
export function inAppLink(wallet: Wallet, walletConnect: boolean, pageUrl: string): string | null {
  if (wallet.connector !== 'browser' || wallet.installed || !wallet.openInApp) return null;
  if (walletConnect && wallet.pairInApp) return null;
  return reachableFromWalletApp(pageUrl) ? wallet.openInApp(pageUrl) : null;
}
