import { WALLET_CHAIN_IDS, type WalletNonceResponse } from '@app/contract';
import { getAddress, type Hex } from 'viem';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { invalidField, unauthorized } from '../../http/errors.ts';
import { walletRpcUrls } from './chains.ts';
import { formatSiweMessage } from './message.ts';
import { newSiweNonce } from './nonce-value.ts';
import { consumeNonce, storeNonce } from './nonces.ts';
import { readMessageToken, signMessageToken } from './token.ts';
import { verifySiwe } from './verify.ts';

/** Issue -> expiry: EIP-4361 messages from this server are valid for at most 10 minutes. */
export const MESSAGE_TTL_MS = 10 * 60 * 1000;
const STATEMENT =
  'Sign in to Ledgerlight with your wallet. This request does not trigger a transaction or cost any fees.';

/** Domain (host[:port]) and URI the messages name: both come from PUBLIC_URL. */
export function siweOrigin(config: Pick<Config, 'PUBLIC_URL'>): { domain: string; uri: string } {
  const url = new URL(config.PUBLIC_URL);
  return { domain: url.host, uri: url.origin };
}

export async function issueWalletMessage(
  db: Db,
  config: Pick<Config, 'PUBLIC_URL'>,
  secret: string,
  request: { address: string; chainId: number; now?: Date },
): Promise<WalletNonceResponse> {
  const now = request.now ?? new Date();
  const expiresAt = new Date(now.getTime() + MESSAGE_TTL_MS);
  const nonce = newSiweNonce();
  const address = getAddress(request.address.toLowerCase());
  const message = formatSiweMessage({
    ...siweOrigin(config),
    address,
    statement: STATEMENT,
    version: '1',
    chainId: request.chainId,
    nonce,
    issuedAt: now.toISOString(),
    expirationTime: expiresAt.toISOString(),
  });
  await storeNonce(db, { nonce, address, chainId: request.chainId, issuedAt: now, expiresAt });
  const token = signMessageToken(secret, { v: 1, message, address: address.toLowerCase(), exp: expiresAt.getTime() });
  return { nonce, message, token };
}

/**
 * Checks a signed sign-in message end to end and consumes its nonce. Returns the checksummed address.
 * Malformed input is a 400 naming the field; a well-formed attempt that fails is a 401 saying why.
 */
export async function verifyWalletLogin(
  db: Db,
  config: Pick<Config, 'PUBLIC_URL' | 'WALLET_RPC_URLS'>,
  secret: string,
  login: { address: string; token: string; signature: Hex; now?: Date },
): Promise<{ address: string; chainId: number }> {
  const now = login.now ?? new Date();
  const payload = readMessageToken(secret, login.token);
  if (!payload) throw invalidField('token', 'was not issued by this server or was altered', 'body');
  if (payload.address !== login.address.toLowerCase())
    throw invalidField('address', 'is not the address the message was issued for', 'query');
  if (now.getTime() >= payload.exp) throw unauthorized('Sign-in failed: the message has expired; request a new one');

  const { domain, uri } = siweOrigin(config);
  const chainId = chainIdOf(payload.message);
  const verdict = await verifySiwe(payload.message, login.signature, {
    domain,
    uri,
    chainIds: WALLET_CHAIN_IDS,
    time: now,
    rpcUrl: chainId === undefined ? undefined : walletRpcUrls(config)[chainId],
  });
  if (!verdict.ok) throw unauthorized(`Sign-in failed: ${verdict.reason}`);
  const { fields } = verdict;
  if (fields.address.toLowerCase() !== payload.address)
    throw unauthorized('Sign-in failed: the message names another address');

  const consumed = await consumeNonce(db, {
    nonce: fields.nonce,
    address: fields.address,
    chainId: fields.chainId,
    now,
  });
  if (!consumed) throw unauthorized('Sign-in failed: this message was already used or has expired');
  return { address: fields.address, chainId: fields.chainId };
}

function chainIdOf(message: string): number | undefined {
  const match = /^Chain ID: (\d+)$/m.exec(message);
  return match?.[1] ? Number(match[1]) : undefined;
}
