import { afterEach, describe, expect, it, vi } from 'vitest';
import { answeredWithin, CONNECT_TIMEOUT_MS, ConnectTimeoutError, walletErrorKind } from './wallet-errors.ts';

describe('wallet errors (spec 8)', () => {
  it('4001 is a rejected request, also when wrapped', () => {
    expect(walletErrorKind({ code: 4001 })).toBe('rejected');
    expect(walletErrorKind(new Error('outer', { cause: { code: 4001 } }))).toBe('rejected');
  });
  it('-32002 is a request already pending', () => {
    expect(walletErrorKind({ code: -32002 })).toBe('pending');
  });
  it('4902 is an unknown chain', () => {
    expect(walletErrorKind({ code: 4902 })).toBe('unknown-chain');
  });
  it('an already connected connector is recognised by name', () => {
    const error = Object.assign(new Error('Connector already connected.'), { name: 'ConnectorAlreadyConnectedError' });
    expect(walletErrorKind(error)).toBe('already-connected');
  });
  it('anything else is other', () => {
    expect(walletErrorKind(new Error('boom'))).toBe('other');
    expect(walletErrorKind(null)).toBe('other');
  });
});

describe('a connection attempt with no answer (issue 33)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const never = () => new Promise<string>(() => {});

  it('fails after spec 9’s popup timeout, 60 s, and not before', async () => {
    vi.useFakeTimers();
    expect(CONNECT_TIMEOUT_MS).toBe(60_000);
    const outcome = answeredWithin(never(), CONNECT_TIMEOUT_MS).answer.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(59_999);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ConnectTimeoutError);
    // The modal shows it as the failed state with Retry (not cancelled, not pending).
    expect(walletErrorKind(error)).toBe('other');
  });

  it('passes an answer or a refusal on as it comes', async () => {
    await expect(answeredWithin(Promise.resolve('0xabc'), 1000).answer).resolves.toBe('0xabc');
    await expect(answeredWithin(Promise.reject({ code: 4001 }), 1000).answer).rejects.toEqual({ code: 4001 });
  });

  it('a QR code shown restarts the clock, and an unscanned code still ends failed (issue 46)', async () => {
    vi.useFakeTimers();
    const deadline = answeredWithin(never(), 1000);
    const outcome = deadline.answer.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(900);
    deadline.restart();
    await vi.advanceTimersByTimeAsync(900);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(await outcome).toBeInstanceOf(ConnectTimeoutError);
  });

  it('passes on an answer that comes after a restart', async () => {
    vi.useFakeTimers();
    let resolve: (value: string) => void = () => {};
    const deadline = answeredWithin(
      new Promise<string>((r) => {
        resolve = r;
      }),
      1000,
    );
    await vi.advanceTimersByTimeAsync(600);
    deadline.restart();
    await vi.advanceTimersByTimeAsync(600);
    resolve('0xdef');
    await expect(deadline.answer).resolves.toBe('0xdef');
  });
});
