import { useEffect } from 'react';

/** How long an anchor is waited for: the home's panels appear when their data does. */
const WAIT_MS = 5000;

/**
 * Scrolls to the element a link's hash names (the main navigation's watchlist and coins, issue 33) and
 * gives it the focus, so a keyboard or screen-reader user goes on from there. The app's router changes
 * the address without the browser's own jump, and the target may not be drawn yet: it is looked for on
 * each frame until it is (and done loading), for a few seconds. `key` is the navigation's: the same link followed again
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
      // A panel still loading (aria-busy) is drawn again when its data comes: wait for it, or the focus
      // given now is lost with the node and the scroll lands above content that pushes it down.
      const ready = target && target.getAttribute('aria-busy') !== 'true';
      if (target && (ready || performance.now() >= deadline)) {
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
