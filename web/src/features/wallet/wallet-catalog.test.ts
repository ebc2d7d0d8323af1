import { describe, expect, it } from 'vitest';
import {
  buildWalletList,
  canConnectHere,
  downloadLinks,
  downloadUrl,
  inAppLink,
  mobileWalletList,
  reachableFromWalletApp,
  WALLET_CATALOG,
  type Wallet,
} from './wallet-catalog.ts';

const injected = (id: string, name: string) => ({ id, name, type: 'injected', icon: 'data:image/png;base64,AA' });

describe('wallet list (spec 2)', () => {
  it('is sorted by name and leaves Brave out when it is not installed', () => {
    const list = buildWalletList(
      [injected('io.rabby', 'Rabby'), { id: 'coinbaseWalletSDK', name: 'Coinbase Wallet', type: 'coinbaseWallet' }],
      {
        walletConnect: false,
      },
    );
    expect(list.map((w) => w.name)).toEqual([
      'Coinbase Wallet',
      'MetaMask',
      'OKX Wallet',
      'Rabby',
      'Rainbow',
      'Trust Wallet',
    ]);
    expect(list.find((w) => w.id === 'metamask')?.installed).toBe(false);
    // The Coinbase SDK connects without an extension: it has a connector but is not installed.
    expect(list.find((w) => w.id === 'coinbase')).toMatchObject({ installed: false, connectorId: 'coinbaseWalletSDK' });
    expect(list.find((w) => w.id === 'io.rabby')).toMatchObject({ installed: true, connectorId: 'io.rabby' });
  });

  it('lists Brave when installed, with its connector', () => {
    const list = buildWalletList([injected('com.brave.wallet', 'Brave Wallet')], { walletConnect: false });
    expect(list.find((w) => w.id === 'brave')).toMatchObject({ installed: true, connectorId: 'com.brave.wallet' });
  });

  it('lists WalletConnect only with a project id (and its connector)', () => {
    const connectors = [{ id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect' }];
    expect(buildWalletList(connectors, { walletConnect: true }).some((w) => w.id === 'walletconnect')).toBe(true);
    expect(buildWalletList([], { walletConnect: false }).some((w) => w.id === 'walletconnect')).toBe(false);
  });

  it('can connect when any listed wallet has a connector, an SDK one included (issue 46)', () => {
    expect(canConnectHere(buildWalletList([], { walletConnect: false }))).toBe(false);
    const sdkOnly = [{ id: 'coinbaseWalletSDK', name: 'Coinbase Wallet', type: 'coinbaseWallet' }];
    expect(canConnectHere(buildWalletList(sdkOnly, { walletConnect: false }))).toBe(true);
    const wc = [{ id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect' }];
    expect(canConnectHere(buildWalletList(wc, { walletConnect: true }))).toBe(true);
    expect(canConnectHere(buildWalletList([injected('io.metamask', 'MetaMask')], { walletConnect: false }))).toBe(true);
  });
});

describe('download links (spec 5)', () => {
  const metamask = { ...WALLET_CATALOG[0], installed: false } as Parameters<typeof downloadUrl>[0];
  it('falls back to the Chrome link for Safari', () => {
    expect(downloadUrl(metamask, 'safari')).toBe(metamask.downloadUrls?.chrome);
  });
  it('uses the browser link when there is one', () => {
    expect(downloadUrl(metamask, 'firefox')).toContain('addons.mozilla.org');
  });
  it('marks the Safari entry that leads to the Chrome link, and only that one (issue 46)', () => {
    const links = downloadLinks(metamask);
    expect(links.map((l) => [l.browser, l.fallback])).toEqual([
      ['chrome', false],
      ['edge', false],
      ['firefox', false],
      ['safari', true],
    ]);
    expect(links.find((l) => l.browser === 'safari')?.href).toBe(metamask.downloadUrls?.chrome);
    const coinbase = { ...WALLET_CATALOG.find((w) => w.id === 'coinbase'), installed: false } as Wallet;
    expect(downloadLinks(coinbase).find((l) => l.browser === 'safari')).toMatchObject({
      fallback: false,
      href: coinbase.downloadUrls?.safari,
    });
  });
});

describe('the phone sheet (spec 2, issue 23: never an empty list)', () => {
  const page = 'https://ledgerlight.example/de/stocks/SOLQ?range=1y';
  const byName = (list: { name: string }[]) => list.map((w) => w.name);

  it('lists the wallet apps that open this page in their browser, with their links', () => {
    const list = mobileWalletList(buildWalletList([], { walletConnect: false }), page);
    expect(byName(list)).toEqual(['Coinbase Wallet', 'MetaMask', 'OKX Wallet', 'Trust Wallet']);
    // Issue 33: each entry is a link into the app, by its full name and a bundled logo.
    expect(list.map((w) => w.mobileName)).toEqual(['Coinbase Wallet', 'MetaMask', 'OKX Wallet', 'Trust Wallet']);
    for (const wallet of list) expect(wallet.logo, wallet.id).not.toMatch(/<text/);
    const link = (id: string) => inAppLink(list.find((w) => w.id === id) as Wallet, false, page);
    expect(link('metamask')).toBe('https://link.metamask.io/dapp/ledgerlight.example/de/stocks/SOLQ?range=1y');
    expect(link('coinbase')).toBe(`https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(page)}`);
    expect(link('trust')).toBe(`https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(page)}`);
    expect(link('okx')).toBe(
      `https://web3.okx.com/download?deeplink=${encodeURIComponent(`okx://wallet/dapp/url?dappUrl=${encodeURIComponent(page)}`)}`,
    );
  });

  it('a wallet in this browser, one that pairs through WalletConnect, or an address the app cannot reach is no link', () => {
    const wallets = buildWalletList([injected('io.metamask', 'MetaMask')], { walletConnect: false });
    const find = (id: string) => wallets.find((w) => w.id === id) as Wallet;
    expect(inAppLink(find('metamask'), false, page)).toBeNull(); // installed here: connect here
    expect(inAppLink(find('trust'), true, page)).toBeNull(); // pairs through WalletConnect
    expect(inAppLink(find('coinbase'), true, page)).toContain('go.cb-w.com'); // no pairing link: opens the page
    expect(inAppLink(find('rainbow'), false, page)).toBeNull(); // no link that opens pages
    expect(inAppLink(find('trust'), false, 'http://127.0.0.1:3199/')).toBeNull();
  });

  it('adds WalletConnect and the apps that pair with it when a project id is set', () => {
    const connectors = [{ id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect' }];
    const list = mobileWalletList(buildWalletList(connectors, { walletConnect: true }), 'http://localhost:3000/');
    expect(byName(list)).toEqual(['MetaMask', 'Rainbow', 'Trust Wallet', 'WalletConnect']);
    expect(list.find((w) => w.id === 'rainbow')?.pairInApp?.('wc:abc@2')).toBe(
      'https://rnbwapp.com/wc?uri=wc%3Aabc%402',
    );
  });

  it('is empty (the sheet says it is unable to connect) with no way to connect from here', () => {
    expect(mobileWalletList(buildWalletList([], { walletConnect: false }), 'http://127.0.0.1:3199/')).toEqual([]);
    // A wallet app's own browser injects its wallet: that one connects anywhere.
    const inApp = mobileWalletList(
      buildWalletList([injected('io.metamask', 'MetaMask')], { walletConnect: false }),
      'http://127.0.0.1:3199/',
    );
    expect(byName(inApp)).toEqual(['MetaMask']);
  });

  it('knows which addresses a wallet app can open', () => {
    expect(reachableFromWalletApp('https://ledgerlight.example/')).toBe(true);
    expect(reachableFromWalletApp('http://192.168.1.20:3000/')).toBe(true);
    for (const url of ['http://localhost:3000/', 'http://127.0.0.1:3199/', 'http://[::1]:3000/', 'not a url'])
      expect(reachableFromWalletApp(url), url).toBe(false);
  });
});
