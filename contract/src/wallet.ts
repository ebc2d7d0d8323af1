import { z } from 'zod';

/**
 * Sign-in with an Ethereum wallet (spec 3, 4, 7): the /api/auth/wallet calls.
 * Chains (spec 9): Ethereum mainnet, its test network, Arbitrum One, BNB Smart Chain, Polygon. The spec
 * names Goerli; Goerli was shut down in 2024, so its successor Sepolia stands in (docs/wallet.md).
 */
export const WALLET_CHAINS = [
  { id: 1, name: 'Ethereum' },
  { id: 11155111, name: 'Sepolia' },
  { id: 42161, name: 'Arbitrum One' },
  { id: 56, name: 'BNB Smart Chain' },
  { id: 137, name: 'Polygon' },
] as const;
export type WalletChainId = (typeof WALLET_CHAINS)[number]['id'];
export const WALLET_CHAIN_IDS: readonly number[] = WALLET_CHAINS.map((chain) => chain.id);

export const ethereumAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed 20-byte hex address')
  .meta({
    description: 'An Ethereum address; compared case-insensitively.',
    example: '0x9D85ca56217D2bb651b00f15e694EB7E713637D4',
  });

export const walletAddressQuery = z.object({ address: ethereumAddress });

export const walletNonceQuery = z.object({
  address: ethereumAddress,
  chainId: z.coerce
    .number()
    .int()
    .refine((id) => WALLET_CHAIN_IDS.includes(id), `must be one of ${WALLET_CHAIN_IDS.join(', ')}`)
    .default(1)
    .meta({ description: 'The chain the wallet is connected to (default 1, Ethereum mainnet).' }),
});

export const walletNonceResponse = z
  .object({
    nonce: z.string(),
    /** The EIP-4361 message for the wallet to sign, verbatim. */
    message: z.string(),
    /** Binds the message to this server; send it back with the signature. */
    token: z.string(),
  })
  .meta({ id: 'WalletNonce' });
export type WalletNonceResponse = z.infer<typeof walletNonceResponse>;

export const walletVerifyBody = z
  .object({
    token: z.string().min(1).max(8000),
    signature: z
      .string()
      .regex(/^0x[0-9a-fA-F]*$/, 'must be 0x-prefixed hex')
      .max(20000),
  })
  .meta({ id: 'WalletVerifyLogin' });
export type WalletVerifyBody = z.infer<typeof walletVerifyBody>;

export const walletLoginResponse = z
  .object({ address: z.string().meta({ description: 'EIP-55 checksummed address of the session.' }) })
  .meta({ id: 'WalletLogin' });
export type WalletLoginResponse = z.infer<typeof walletLoginResponse>;

/** GET /api/auth/wallet/config: what the browser's wallet layer needs, so one build works everywhere. */
export const walletConfigResponse = z
  .object({
    chains: z.array(z.object({ id: z.number().int(), name: z.string(), rpcUrl: z.string().nullable() })),
    /** WalletConnect is offered only when this is set. */
    walletConnectProjectId: z.string().nullable(),
    /** The modal's disclaimer shows only when both are set (spec 2). */
    termsUrl: z.string().nullable(),
    privacyUrl: z.string().nullable(),
    appName: z.string(),
    appUrl: z.string(),
  })
  .meta({ id: 'WalletConfig' });
export type WalletConfigResponse = z.infer<typeof walletConfigResponse>;
