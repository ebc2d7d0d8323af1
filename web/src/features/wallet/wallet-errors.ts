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

/**
 * How long a connection attempt may go unanswered: spec 9's popup timeout (60 s), the wait the spec
 * gives a window the user must answer (issue 33: Coinbase Wallet stayed on "Requesting connection"
 * forever after its popup failed).
 */
export const CONNECT_TIMEOUT_MS = 60_000;

export class ConnectTimeoutError extends Error {
  override name = 'ConnectTimeoutError';
  constructor(ms: number) {
    super(`The wallet did not answer within ${ms / 1000} s`);
  }
}

export interface Deadline<T> {
  /** The attempt's answer, or a ConnectTimeoutError once the clock runs out. */
  answer: Promise<T>;
  /** Starts the clock again: the wallet showed a sign of life (a QR code, a pairing link handed over). */
  restart: () => void;
}

/**
 * The attempt's answer within `ms`, else a ConnectTimeoutError. Every attempt has a deadline (issue 46:
 * a QR code or a pairing link used to end the clock, so an unscanned code or an app that never came
 * back kept "Requesting connection" for good); a sign of life restarts it once more, as the scan needs
 * its own time.
 */
export function answeredWithin<T>(attempt: Promise<T>, ms: number): Deadline<T> {
  let restart = () => {};
  const answer = new Promise<T>((resolve, reject) => {
    let timer = setTimeout(() => reject(new ConnectTimeoutError(ms)), ms);
    restart = () => {
      clearTimeout(timer);
      timer = setTimeout(() => reject(new ConnectTimeoutError(ms)), ms);
    };
    attempt.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
  return { answer, restart: () => restart() };
}
