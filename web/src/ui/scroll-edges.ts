import { type RefObject, useCallback, useEffect, useMemo, useState } from 'react';

/** Where a horizontally scrolling row has more content out of sight. */
export interface ScrollEdges {
  start: boolean;
  end: boolean;
}

export interface ScrollBox {
  scrollLeft: number;
  scrollWidth: number;
  clientWidth: number;
}

/*
 * Browsers report fractional scroll positions on zoomed or high-density screens, so a row scrolled
 * fully to its end can stop half a pixel short; closer than this counts as at the edge.
 */
const EDGE_TOLERANCE_PX = 1;

/**
 * Which edges of a scrolling row hide more content. scrollLeft is taken as a distance (right-to-left
 * rows count it down from 0 into negatives), so "start" is always the reading start.
 */
export function scrollEdges({ scrollLeft, scrollWidth, clientWidth }: ScrollBox): ScrollEdges {
  const scrolled = Math.abs(scrollLeft);
  const hidden = scrollWidth - clientWidth;
  if (hidden <= EDGE_TOLERANCE_PX) return { start: false, end: false };
  return { start: scrolled > EDGE_TOLERANCE_PX, end: scrolled < hidden - EDGE_TOLERANCE_PX };
}

/**
 * The scrollLeft that shows an item whole, with `margin` px clear on each side so it is not under an
 * edge fade; the current one when it already is (scrollIntoView's 'nearest', within the row only, so
 * the page itself never moves). `itemLeft` is measured from the start of the row's scrolled content.
 */
export function scrollLeftToReveal(box: ScrollBox, item: { left: number; width: number }, margin: number): number {
  const max = Math.max(0, box.scrollWidth - box.clientWidth);
  const start = item.left - margin;
  const end = item.left + item.width + margin;
  let next = box.scrollLeft;
  // An item wider than the row shows from its start.
  if (start < box.scrollLeft) next = start;
  else if (end > box.scrollLeft + box.clientWidth) next = Math.min(end - box.clientWidth, start);
  return Math.min(max, Math.max(0, next));
}

const sameEdges = (a: ScrollEdges, b: ScrollEdges) => a.start === b.start && a.end === b.end;

/**
 * The scroll edges of an element, kept current on scroll and on any size change of the row or its
 * items (a narrower window, a language with longer labels).
 */
export function useScrollEdges(ref: RefObject<HTMLElement | null>): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>({ start: false, end: false });
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const next = scrollEdges(element);
      setEdges((current) => (sameEdges(current, next) ? current : next));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    // jsdom (unit tests) has no ResizeObserver; the window's resize event is the fallback there.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    if (observer) {
      observer.observe(element);
      for (const child of element.children) observer.observe(child);
    } else {
      window.addEventListener('resize', update);
    }
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [ref]);
  return edges;
}

/**
 * The edges of a DataTable's own scroll box, for a wrapper that shows a fade (or a hint) while more
 * columns are out of sight: give `ref` to an element around the table. The box is inside DataTable and
 * exists only once the table renders, hence a callback ref.
 */
export function useTableScrollEdges(): { ref: (element: HTMLElement | null) => void; edges: ScrollEdges } {
  const [box, setBox] = useState<HTMLElement | null>(null);
  const ref = useCallback(
    (element: HTMLElement | null) => setBox(element?.querySelector<HTMLElement>('.data-table__scroll') ?? null),
    [],
  );
  const scroller = useMemo<RefObject<HTMLElement | null>>(() => ({ current: box }), [box]);
  return { ref, edges: useScrollEdges(scroller) };
}
