/*
 * The links that open a page in a wallet app's own browser, where the wallet is injected (issue 33: a
 * phone needs no WalletConnect project for these). Each format is the wallet's documented one; the
 * sources are listed in docs/wallet.md ("Phone wallets").
 */
export type WalletApp = 'metamask' | 'coinbase' | 'trust' | 'okx';

/** SLIP-44 coin type of Ethereum: Trust Wallet's browser opens on an Ethereum account. */
const TRUST_ETHEREUM = 60;

export const openInWalletApp: Record<WalletApp, (pageUrl: string) => string> = {
  // docs.metamask.io, "Use deeplinks": https://link.metamask.io/dapp/{dappUrl}, not encoded (an encoded
  // path opened a blank tab). The app reads an address without a scheme as https, so only https drops it
  // (the documented form); a plain-http install keeps "http://", which the app's link handler accepts
  // (issue 46: without it the app opened https:// on a server that has none, a dead end).
  metamask: (pageUrl) => `https://link.metamask.io/dapp/${pageUrl.replace(/^https:\/\//, '')}`,
  // docs.cdp.coinbase.com, "Mobile dapp integration": https://go.cb-w.com/dapp?cb_url=<percent-encoded URL>.
  coinbase: (pageUrl) => `https://go.cb-w.com/dapp?cb_url=${encodeURIComponent(pageUrl)}`,
  // developer.trustwallet.com, "Deep Linking", DApp Browser: open_url with coin_id and url (encoded).
  trust: (pageUrl) =>
    `https://link.trustwallet.com/open_url?coin_id=${TRUST_ETHEREUM}&url=${encodeURIComponent(pageUrl)}`,
  // web3.okx.com, "App Universal Link": okx://wallet/dapp/url?dappUrl=<encoded URL>, itself encoded into
  // the https://web3.okx.com/download?deeplink= universal link (which offers the app when it is missing).
  okx: (pageUrl) =>
    `https://web3.okx.com/download?deeplink=${encodeURIComponent(`okx://wallet/dapp/url?dappUrl=${encodeURIComponent(pageUrl)}`)}`,
};
