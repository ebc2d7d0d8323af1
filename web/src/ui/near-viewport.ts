import { useEffect, useState } from 'react';

/**
 * How far outside the window an element counts as near: one window's height above and below, so a
 * chart is drawn while it is still a screen away and a person scrolling at reading speed never meets
 * its placeholder.
 */
export const NEAR_MARGIN = '100% 0px 100% 0px';

const canObserve = () => typeof IntersectionObserver === 'function';

/**
 * Whether the element given to the returned ref has come within `margin` of the window; once true it
 * stays true (what was drawn stays drawn). True at once where IntersectionObserver is missing.
 */
export function useNearViewport(margin: string = NEAR_MARGIN): [(element: Element | null) => void, boolean] {
  const [element, setElement] = useState<Element | null>(null);
  const [near, setNear] = useState(() => !canObserve());
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, margin]);
  return [setElement, near];
}
