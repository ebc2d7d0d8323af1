import { describe, expect, it } from 'vitest';
import { buildWalletList, downloadUrl, hasInjectedWallet, WALLET_CATALOG } from './wallet-catalog.ts';

const injected = (id: string, name: string) => ({ id, name, type: 'injected', icon: 'data:image/png;base64,AA' });

describe('wallet list (spec 2)', () => {
  it('is sorted by name and leaves Brave out when it is not installed', () => {
    const list = buildWalletList(
      [injected('io.rabby', 'Rabby'), { id: 'coinbaseWalletSDK', name: 'Coinbase Wallet', type: 'coinbaseWallet' }],
      {
        walletConnect: false,
      },
    );
    expect(list.map((w) => w.name)).toEqual(['Coinbase Wallet', 'MetaMask', 'Rabby']);
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

  it('knows whether an injected wallet exists', () => {
    expect(hasInjectedWallet(buildWalletList([], { walletConnect: false }))).toBe(false);
    const sdkOnly = [{ id: 'coinbaseWalletSDK', name: 'Coinbase Wallet', type: 'coinbaseWallet' }];
    expect(hasInjectedWallet(buildWalletList(sdkOnly, { walletConnect: false }))).toBe(false);
    expect(hasInjectedWallet(buildWalletList([injected('io.metamask', 'MetaMask')], { walletConnect: false }))).toBe(
      true,
    );
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
});
