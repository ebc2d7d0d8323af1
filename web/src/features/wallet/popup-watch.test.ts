import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  POPUP_CLOSED_GRACE_MS,
  POPUP_POLL_MS,
  PopupBlockedError,
  PopupClosedError,
  watchPopups,
} from './popup-watch.ts';
import { answeredWithin, CONNECT_TIMEOUT_MS, walletErrorKind } from './wallet-errors.ts';

/** A stand-in for the browser's window.open: each call gives the next of `windows` (null: blocked). */
function opener(windows: ({ closed: boolean; close: () => void } | null)[]) {
  const open = vi.fn(() => (windows.shift() ?? null) as Window | null);
  return { open } as unknown as Pick<Window, 'open'> & { open: typeof open };
}
const popup = () => {
  const window = {
    closed: false,
    close: vi.fn(() => {
      window.closed = true;
    }),
  };
  return window;
};
/** What the modal does with an attempt: the wallet's answer, a window's end or the deadline, first wins. */
const attempt = (connect: Promise<string>, watch: ReturnType<typeof watchPopups>) =>
  answeredWithin(Promise.race([connect, watch.ended]), CONNECT_TIMEOUT_MS).answer.then(
    (address) => address,
    (error: unknown) => error,
  );
const never = () => new Promise<string>(() => {});

describe("Coinbase Wallet's popup during a connection attempt (issue 46)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a blocked popup ends the attempt failed at once, with Retry (not cancelled)', async () => {
    vi.useFakeTimers();
    const target = opener([null]);
    const watch = watchPopups(target);
    const outcome = attempt(never(), watch);
    expect(target.open('https://keys.coinbase.com/connect', 'wallet', 'width=420')).toBeNull();
    const error = await outcome;
    expect(error).toBeInstanceOf(PopupBlockedError);
    expect((error as Error).message).toBe('Could not open popup');
    expect(walletErrorKind(error)).toBe('other');
    watch.stop(true);
  });

  it('a popup closed before the wallet answered ends it as cancelled within seconds, far inside spec 9’s 60 s', async () => {
    vi.useFakeTimers();
    const window = popup();
    const target = opener([window]);
    const watch = watchPopups(target);
    const outcome = attempt(never(), watch);
    target.open('https://keys.coinbase.com/connect');
    await vi.advanceTimersByTimeAsync(10_000);
    window.closed = true;
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    // The grace for the last steps of a connection the popup already answered.
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_GRACE_MS - POPUP_POLL_MS);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2 * POPUP_POLL_MS);
    const error = await outcome;
    expect(error).toBeInstanceOf(PopupClosedError);
    expect(walletErrorKind(error)).toBe('rejected');
    watch.stop(true);
  });

  it('an answer that comes as the popup closes itself is the answer', async () => {
    vi.useFakeTimers();
    const window = popup();
    const target = opener([window]);
    const watch = watchPopups(target);
    let answer: (address: string) => void = () => {};
    const outcome = attempt(
      new Promise<string>((resolve) => {
        answer = resolve;
      }),
      watch,
    );
    target.open('https://keys.coinbase.com/connect');
    window.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_POLL_MS);
    answer('0xabc');
    expect(await outcome).toBe('0xabc');
    watch.stop(false);
    expect(window.close).not.toHaveBeenCalled();
  });

  it('a popup that never loads and stays open ends failed at the 60 s deadline, and goes so Retry opens anew', async () => {
    vi.useFakeTimers();
    const window = popup();
    const target = opener([window]);
    const original = target.open;
    const watch = watchPopups(target);
    const outcome = attempt(never(), watch);
    target.open('https://keys.coinbase.com/connect');
    await vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS);
    expect(walletErrorKind(await outcome)).toBe('other');
    watch.stop(true);
    expect(window.close).toHaveBeenCalled();
    expect(target.open).toBe(original);
  });

  it('a watch stopped after a later one began only passes calls on', () => {
    const first = popup();
    const target = opener([first, null]);
    const original = target.open;
    const earlier = watchPopups(target);
    const later = watchPopups(target);
    earlier.stop(false);
    later.stop(false);
    // window.open is the earlier watch's again, stopped: it gives the window and ends nothing.
    expect(target.open('https://example.com')).toBe(first);
    expect(target.open('https://example.com')).toBeNull();
    expect(original).toHaveBeenCalledTimes(2);
  });
});
