import { randomBytes } from 'node:crypto';

/*
 * The SIWE nonce (issue 45). viem's generateSiweNonce reads a sliding window over one Math.random buffer,
 * so each nonce was the previous one shifted by one character: anyone who saw one could predict the next.
 * Here every nonce is 128 bits from the platform's cryptographic generator, as hex (EIP-4361 asks for at
 * least 8 alphanumeric characters).
 */

const NONCE_BYTES = 16;

export function newSiweNonce(): string {
  return randomBytes(NONCE_BYTES).toString('hex');
}
