import { USER_REJECTED } from './wallet-errors.ts';

/*
 * Coinbase Wallet connects through a popup its SDK opens with window.open (keys.coinbase.com). The SDK
 * hears of that popup only from the page inside it: a blocked popup leaves its own "Try again" bar
 * behind our modal dialog (inert there), and a popup whose page never loaded (no network) and is closed
 * sends nothing, so the attempt used to stay on "Requesting connection" (issue 46). While an attempt
 * runs, the windows it opens are watched: a blocked one ends it failed at once, a closed one as the
 * user's cancellation (spec 8, 4001, as the SDK itself reports a loaded popup closed); both with Retry.
 */

/** A window the attempt asked for did not open (spec 8: 'Could not open popup'). */
export class PopupBlockedError extends Error {
  override name = 'PopupBlockedError';
  constructor() {
    super('Could not open popup');
  }
}

/** The attempt's window was closed before the wallet answered: the user's cancellation. */
export class PopupClosedError extends Error {
  override name = 'PopupClosedError';
  readonly code = USER_REJECTED;
  constructor() {
    super('The wallet window was closed before it answered');
  }
}

/** How often an open window is checked, and how long a closed one may still bring the answer. */
export const POPUP_POLL_MS = 500;
export const POPUP_CLOSED_GRACE_MS = 2000;

export interface PopupWatch {
  /** Rejects with PopupBlockedError or PopupClosedError; never resolves. */
  ended: Promise<never>;
  /** Stops watching and gives window.open back; with `closeWindows`, closes the windows still open. */
  stop: (closeWindows: boolean) => void;
}

/**
 * Watches the windows opened through `target.open` until stopped. A closed window ends the attempt only
 * after a grace period: the SDK's popup closes itself once it has answered, and the last steps of a
 * connection (the chain id) may still be under way then.
 */
export function watchPopups(target: Pick<Window, 'open'> = window): PopupWatch {
  const original = target.open;
  const opened: Window[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;
  let end: (error: Error) => void = () => {};
  const ended = new Promise<never>((_, reject) => {
    end = reject;
  });
  // Nobody may be listening when the attempt ends otherwise: no unhandled rejection.
  ended.catch(() => {});
  let closedAt: number | null = null;
  let watching = true;
  const check = () => {
    if (closedAt === null && opened.length > 0 && opened.every((popup) => popup.closed)) closedAt = Date.now();
    if (closedAt !== null && Date.now() - closedAt >= POPUP_CLOSED_GRACE_MS) end(new PopupClosedError());
  };
  const open: Window['open'] = (...args) => {
    const popup = original.apply(target, args);
    // Stopped, but a later attempt's watch put this one back when it stopped: only pass the call on.
    if (!watching) return popup;
    if (!popup) end(new PopupBlockedError());
    else {
      opened.push(popup);
      closedAt = null;
      timer ??= setInterval(check, POPUP_POLL_MS);
    }
    return popup;
  };
  target.open = open;
  return {
    ended,
    stop: (closeWindows) => {
      watching = false;
      if (target.open === open) target.open = original;
      clearInterval(timer);
      if (closeWindows) for (const popup of opened) if (!popup.closed) popup.close();
    },
  };
}
