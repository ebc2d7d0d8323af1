/**
 * Wallet errors (spec 8) by their EIP-1193 / EIP-1474 codes. viem wraps provider errors, so the code
 * may sit on a cause further down the chain.
 */
export type WalletErrorKind = 'rejected' | 'pending' | 'unknown-chain' | 'already-connected' | 'other';

export const USER_REJECTED = 4001;
export const REQUEST_PENDING = -32002;
export const UNKNOWN_CHAIN = 4902;

function codesOf(error: unknown): number[] {
  const codes: number[] = [];
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 8; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'number') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

export function walletErrorKind(error: unknown): WalletErrorKind {
  const codes = codesOf(error);
  if (codes.includes(USER_REJECTED)) return 'rejected';
  if (codes.includes(REQUEST_PENDING)) return 'pending';
  if (codes.includes(UNKNOWN_CHAIN)) return 'unknown-chain';
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'ConnectorAlreadyConnectedError') return 'already-connected';
  return 'other';
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
