import { WALLET_CHAINS } from '@app/contract';
import type { Chain } from 'viem';
import { arbitrum, bsc, mainnet, polygon, sepolia } from 'viem/chains';
import type { Config } from '../../config.ts';

/** viem's chain definitions for the supported chain ids (contract WALLET_CHAINS). */
export const VIEM_CHAINS: Record<number, Chain> = {
  [mainnet.id]: mainnet,
  [sepolia.id]: sepolia,
  [arbitrum.id]: arbitrum,
  [bsc.id]: bsc,
  [polygon.id]: polygon,
};

/** WALLET_RPC_URLS "1=https://a,137=https://b" -> {1: 'https://a', 137: 'https://b'}; unknown chains are ignored. */
export function walletRpcUrls(config: Pick<Config, 'WALLET_RPC_URLS'>): Record<number, string> {
  const urls: Record<number, string> = {};
  for (const entry of (config.WALLET_RPC_URLS ?? '').split(',')) {
    const match = /^\s*(\d+)=(\S+?)\s*$/.exec(entry);
    if (match?.[1] && match[2] && VIEM_CHAINS[Number(match[1])]) urls[Number(match[1])] = match[2];
  }
  return urls;
}

/** The RPC endpoint the browser uses per chain: the configured one, else the chain's public default. */
export function browserRpcUrl(chainId: number, configured: Record<number, string>): string | null {
  return configured[chainId] ?? VIEM_CHAINS[chainId]?.rpcUrls.default.http[0] ?? null;
}

/** Origins the browser's wallet layer talks to, for the Content-Security-Policy's connect-src. */
export function walletConnectOrigins(config: Pick<Config, 'WALLET_RPC_URLS' | 'WALLETCONNECT_PROJECT_ID'>): string[] {
  const configured = walletRpcUrls(config);
  const origins = new Set<string>();
  for (const { id } of WALLET_CHAINS) {
    const url = browserRpcUrl(id, configured);
    if (url) origins.add(new URL(url).origin);
  }
  if (config.WALLETCONNECT_PROJECT_ID) {
    // WalletConnect's relay (WebSocket), its RPC proxy, explorer (wallet list) and telemetry.
    for (const origin of [
      'wss://relay.walletconnect.com',
      'wss://relay.walletconnect.org',
      'https://rpc.walletconnect.com',
      'https://rpc.walletconnect.org',
      'https://explorer-api.walletconnect.com',
      'https://pulse.walletconnect.org',
      'https://api.web3modal.org',
    ])
      origins.add(origin);
  }
  // Coinbase Wallet SDK talks to its keys popup and its chain proxy.
  origins.add('https://keys.coinbase.com');
  origins.add('https://chain-proxy.wallet.coinbase.com');
  return [...origins];
}
