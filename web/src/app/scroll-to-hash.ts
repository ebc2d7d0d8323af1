import { useEffect } from 'react';

/** How long an anchor is waited for: the home's panels appear when their data does. */
const WAIT_MS = 5000;

/**
 * Scrolls to the element a link's hash names (the main navigation's watchlist and coins, issue 33) and
 * gives it the focus, so a keyboard or screen-reader user goes on from there. The app's router changes
 * the address without the browser's own jump, and the target may not be drawn yet: it is looked for on
 * each frame until it is, for a few seconds. `key` is the navigation's: the same link followed again
 * scrolls again.
 */
export function useScrollToHash(hash: string, key: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: key: the same hash followed again scrolls again
  useEffect(() => {
    if (hash.length < 2) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    const deadline = performance.now() + WAIT_MS;
    let frame = 0;
    const attempt = () => {
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView?.({ block: 'start' });
        target.focus({ preventScroll: true });
        return;
      }
      if (performance.now() < deadline) frame = requestAnimationFrame(attempt);
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, [hash, key]);
}
