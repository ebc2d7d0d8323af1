import type { WalletConfigResponse } from '@app/contract';
import type { Chain } from 'viem';
import { arbitrum, bsc, mainnet, polygon, sepolia } from 'viem/chains';
import { type Config, type Connector, createConfig, createStorage, http } from 'wagmi';
import {
  connect,
  disconnect,
  getConnection,
  reconnect,
  signMessage,
  switchChain,
  watchConnection,
} from 'wagmi/actions';
import { coinbaseWallet, walletConnect } from 'wagmi/connectors';
import { walletApi } from './wallet-api.ts';
import { walletAuth } from './wallet-auth-store.ts';

/*
 * The wallet runtime: wagmi + viem, loaded only when a wallet is used (the bundle is large).
 * Chains and transports per spec 9; the RPC URLs come from the server (GET /api/auth/wallet/config).
 */
const CHAINS: Record<number, Chain> = {
  [mainnet.id]: mainnet,
  [sepolia.id]: sepolia,
  [arbitrum.id]: arbitrum,
  [bsc.id]: bsc,
  [polygon.id]: polygon,
};

/** spec 9: RPC timeout 10000 ms, retry count 3, retry delay 150 ms, batch size 1000. */
export const RPC_TRANSPORT = { timeout: 10_000, retryCount: 3, retryDelay: 150, batch: { batchSize: 1000 } } as const;
/** spec 9: polling interval 4000 ms, multicall batch wait 32 ms; store key prefix wagmi. */
export const CLIENT_SETTINGS = { pollingInterval: 4000, batch: { multicall: { wait: 32 } } } as const;
export const STORE_KEY = 'wagmi';

export interface WalletRuntime {
  config: Config;
  settings: WalletConfigResponse;
  connect(connector: Connector): Promise<string>;
  reconnect(): Promise<void>;
}

function createWagmiConfig(settings: WalletConfigResponse): Config {
  const chains = settings.chains.map((c) => CHAINS[c.id]).filter((c): c is Chain => !!c) as [Chain, ...Chain[]];
  const transports = Object.fromEntries(
    settings.chains.map((c) => [c.id, http(c.rpcUrl ?? undefined, RPC_TRANSPORT)]),
  ) as Record<number, ReturnType<typeof http>>;
  const metadata = { name: settings.appName, description: settings.appName, url: settings.appUrl, icons: [] };
  return createConfig({
    chains,
    transports,
    ...CLIENT_SETTINGS,
    // EIP-6963: every announced browser wallet becomes a connector (Brave only when it is there).
    multiInjectedProviderDiscovery: true,
    storage: createStorage({ key: STORE_KEY, storage: typeof localStorage === 'undefined' ? undefined : localStorage }),
    connectors: [
      ...(settings.walletConnectProjectId
        ? [walletConnect({ projectId: settings.walletConnectProjectId, showQrModal: false, metadata })]
        : []),
      coinbaseWallet({ appName: settings.appName }),
    ],
  });
}

let started: Promise<WalletRuntime> | null = null;

/** Starts wagmi once: reconnects the last wallet (last connector first) and follows the connection. */
export function startWalletRuntime(): Promise<WalletRuntime> {
  started ??= (async () => {
    const settings = await walletApi.config();
    if (!settings) throw new Error('No wallet configuration');
    const config = createWagmiConfig(settings);
    walletAuth.setRuntime({
      chainId: () => {
        const chainId = getConnection(config).chainId;
        return chainId && CHAINS[chainId] ? chainId : mainnet.id;
      },
      signMessage: async (message) => {
        const { address, chainId } = getConnection(config);
        if (!address) throw new Error('Connector not found');
        // spec 8: an unsupported chain is switched (the connector adds it on 4902) before signing.
        if (chainId && !CHAINS[chainId]) await switchChain(config, { chainId: mainnet.id });
        return signMessage(config, { account: address, message });
      },
      disconnectWallet: async () => {
        if (getConnection(config).status === 'connected') await disconnect(config);
      },
    });
    watchConnection(config, {
      onChange(connection) {
        if (connection.status === 'connected' && connection.address) walletAuth.connected(connection.address);
      },
    });
    const runtime: WalletRuntime = {
      config,
      settings,
      async connect(connector) {
        const result = await connect(config, { connector });
        const address = result.accounts[0];
        if (!address) throw new Error('Connector not found');
        return address;
      },
      async reconnect() {
        await reconnect(config);
      },
    };
    return runtime;
  })().catch((error: unknown) => {
    started = null;
    throw error;
  });
  return started;
}
