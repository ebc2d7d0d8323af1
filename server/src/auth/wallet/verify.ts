import { createPublicClient, type Hex, http, verifyMessage } from 'viem';
import { VIEM_CHAINS } from './chains.ts';
import { parseSiweMessage, type SiweFields, SiweMessageError } from './message.ts';

export interface SiweCheck {
  /** The domain the message must name (PUBLIC_URL's host). */
  domain?: string;
  /** The URI the message must name. */
  uri?: string;
  nonce?: string;
  /** Chain ids accepted; any when absent. */
  chainIds?: readonly number[];
  /** "Now" for expiry and not-before (tests, vectors). */
  time?: Date;
  /** JSON-RPC endpoint of the message's chain: enables ERC-1271 and ERC-6492 contract wallets. */
  rpcUrl?: string | undefined;
}

export type SiweVerdict =
  | { ok: true; fields: SiweFields }
  | { ok: false; field: string; reason: string; fields?: SiweFields };

/**
 * Checks an EIP-4361 message and its signature: the message parses strictly, names the expected domain,
 * URI, nonce and chain, is inside its validity window, and was signed by its address. Externally owned
 * accounts are checked offline; with an RPC URL the chain is asked too (contract wallets: ERC-1271 for
 * deployed ones, ERC-6492 for counterfactual ones).
 */
export async function verifySiwe(message: string, signature: Hex, check: SiweCheck = {}): Promise<SiweVerdict> {
  let fields: SiweFields;
  try {
    fields = parseSiweMessage(message);
  } catch (error) {
    if (error instanceof SiweMessageError) return { ok: false, field: error.field, reason: error.message };
    throw error;
  }
  const fail = (field: string, reason: string): SiweVerdict => ({ ok: false, field, reason, fields });
  if (check.domain !== undefined && fields.domain !== check.domain)
    return fail('domain', `the message is for ${fields.domain}, not ${check.domain}`);
  if (check.uri !== undefined && fields.uri !== check.uri)
    return fail('uri', `the message is for ${fields.uri}, not ${check.uri}`);
  if (check.nonce !== undefined && fields.nonce !== check.nonce) return fail('nonce', 'the nonce does not match');
  if (check.chainIds && !check.chainIds.includes(fields.chainId))
    return fail('chainId', `chain ${fields.chainId} is not supported`);
  const now = (check.time ?? new Date()).getTime();
  if (fields.expirationTime !== undefined && now >= Date.parse(fields.expirationTime))
    return fail('expirationTime', 'the message has expired');
  if (fields.notBefore !== undefined && now < Date.parse(fields.notBefore))
    return fail('notBefore', 'the message is not valid yet');

  const address = fields.address as Hex;
  let valid = false;
  try {
    valid = await verifyMessage({ address, message, signature });
  } catch {
    valid = false; // a malformed signature cannot be recovered
  }
  if (!valid && check.rpcUrl) {
    const client = createPublicClient({
      chain: VIEM_CHAINS[fields.chainId],
      transport: http(check.rpcUrl, { timeout: 10_000, retryCount: 3, retryDelay: 150 }),
    });
    try {
      valid = await client.verifyMessage({ address, message, signature });
    } catch {
      return fail('signature', 'the contract wallet could not be asked (RPC error)');
    }
  }
  return valid ? { ok: true, fields } : fail('signature', 'the signature was not made by the message address');
}
