import { describe, expect, it } from 'vitest';
import { openInWalletApp } from './wallet-links.ts';

/*
 * Issue 33: each wallet app's documented link that opens a page in its own browser (docs/wallet.md lists
 * the sources). A query, a fragment and a non-ASCII path must reach the app intact.
 */
const page = 'https://ledgerlight.example/de/stocks/SOLQ?range=1y&compare=BTC#price';

describe('links that open this page in a wallet app', () => {
  it('MetaMask: link.metamask.io/dapp/ and the address not encoded, without its scheme only when https', () => {
    expect(openInWalletApp.metamask(page)).toBe(
      'https://link.metamask.io/dapp/ledgerlight.example/de/stocks/SOLQ?range=1y&compare=BTC#price',
    );
    expect(openInWalletApp.metamask('http://192.168.1.20:3000/')).toBe(
      'https://link.metamask.io/dapp/http://192.168.1.20:3000/',
    );
  });

  it('Coinbase Wallet: go.cb-w.com/dapp with the whole address percent-encoded in cb_url', () => {
    const link = new URL(openInWalletApp.coinbase(page));
    expect(`${link.origin}${link.pathname}`).toBe('https://go.cb-w.com/dapp');
    expect(link.searchParams.get('cb_url')).toBe(page);
    expect(openInWalletApp.coinbase(page)).not.toContain('#');
  });

  it('Trust Wallet: open_url on Ethereum (coin 60) with the address encoded in url', () => {
    const link = new URL(openInWalletApp.trust(page));
    expect(`${link.origin}${link.pathname}`).toBe('https://link.trustwallet.com/open_url');
    expect(link.searchParams.get('coin_id')).toBe('60');
    expect(link.searchParams.get('url')).toBe(page);
  });

  it('OKX Wallet: its okx:// dapp link, encoded twice into the web3.okx.com universal link', () => {
    const link = new URL(openInWalletApp.okx(page));
    expect(`${link.origin}${link.pathname}`).toBe('https://web3.okx.com/download');
    const deep = new URL(link.searchParams.get('deeplink') ?? '');
    expect(deep.protocol).toBe('okx:');
    expect(`${deep.host}${deep.pathname}`).toBe('wallet/dapp/url');
    expect(deep.searchParams.get('dappUrl')).toBe(page);
  });
});
