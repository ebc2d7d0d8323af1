import { type FocusEvent, useCallback, useLayoutEffect, useRef, useState } from 'react';

/*
 * Column windowing for a wide table (issue 33: "any table draws within 300 ms of its data"): the
 * financials' every-quarter table has 85 period columns, about 16,000 elements, and drew in 1.2 s of
 * script plus 0.5 s of layout on a phone. Only the columns in view and a few either side are drawn; the
 * others are stood in for by one empty cell of their width per row, so the scroll box keeps its whole
 * width, the scroll bar its place, and the sticky row labels their rows. The windowed columns share one
 * width: the widest one drawn so far (it only grows, so nothing moves back).
 */

/** A first guess at a windowed column's width (px), until one is measured. */
export const ESTIMATED_COLUMN_PX = 96;
/** Columns drawn beyond each edge of the view: a quick swipe shows drawn columns, not gaps. */
export const OVERSCAN = 3;

/** Windowed columns [start, end) to draw, counted from the first windowed column. */
export interface ColumnRange {
  start: number;
  end: number;
}

export interface ColumnView {
  /** The scroll box's scrollLeft (negative in a right-to-left box: taken as a distance). */
  scrollLeft: number;
  /** The scroll box's visible width. */
  viewWidth: number;
  /** Where the first windowed column starts in the scrolled content (the width of the columns before it). */
  lead: number;
  columnWidth: number;
  count: number;
  overscan?: number;
}

/** The windowed columns that are in view, with `overscan` more on each side. */
export function columnRange({
  scrollLeft,
  viewWidth,
  lead,
  columnWidth,
  count,
  overscan = OVERSCAN,
}: ColumnView): ColumnRange {
  const left = Math.abs(scrollLeft) - lead;
  const width = Math.max(1, columnWidth);
  const first = Math.floor(Math.max(0, left) / width);
  const last = Math.ceil(Math.max(0, left + viewWidth) / width);
  const clamp = (n: number) => Math.min(count, Math.max(0, n));
  return { start: clamp(first - overscan), end: clamp(Math.max(last, first + 1) + overscan) };
}

const covers = (outer: ColumnRange, inner: ColumnRange) => outer.start <= inner.start && outer.end >= inner.end;

/** One cell position of a windowed row: a column drawn, or a run of columns stood in for by one empty cell. */
export type WindowSlot = { kind: 'column'; index: number } | { kind: 'gap'; from: number; columns: number };

/**
 * The row's slots over `count` windowed columns: those of the range and the one holding the keyboard
 * focus (it stays drawn when scrolled away, or the focus would fall back to the page), gaps between.
 */
export function windowSlots(count: number, range: ColumnRange, kept: number | null): WindowSlot[] {
  const drawn = new Set<number>();
  for (let i = range.start; i < range.end; i++) drawn.add(i);
  if (kept !== null && kept >= 0 && kept < count) drawn.add(kept);
  const slots: WindowSlot[] = [];
  let gapFrom = -1;
  for (let i = 0; i < count; i++) {
    if (drawn.has(i)) {
      if (gapFrom >= 0) slots.push({ kind: 'gap', from: gapFrom, columns: i - gapFrom });
      gapFrom = -1;
      slots.push({ kind: 'column', index: i });
    } else if (gapFrom < 0) gapFrom = i;
  }
  if (gapFrom >= 0) slots.push({ kind: 'gap', from: gapFrom, columns: count - gapFrom });
  return slots;
}

/** The attribute marking a drawn windowed column's cells with its index among the windowed columns. */
export const WINDOW_COLUMN = 'data-window-column';

export interface ColumnWindow {
  /** For the scroll box. */
  ref: (element: HTMLElement | null) => void;
  /** For the scroll box: keeps the focused column drawn. */
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  slots: WindowSlot[];
  /** Every windowed column's width (px). */
  columnWidth: number;
}

/**
 * The window over `count` columns of a table in the scroll box given to `ref`, kept current on scroll
 * and on any change of the box's size. `enabled` false: every column is drawn (one slot each).
 */
export function useColumnWindow(count: number, enabled: boolean): ColumnWindow {
  const [box, setBox] = useState<HTMLElement | null>(null);
  const [columnWidth, setColumnWidth] = useState(ESTIMATED_COLUMN_PX);
  // Before the box is measured: the columns a box of the screen's width shows from the start (the
  // columns past the last one are never drawn, whatever the range says).
  const [range, setRange] = useState<ColumnRange>(() => ({
    start: 0,
    end: Math.ceil((typeof window === 'object' ? window.innerWidth : 1024) / ESTIMATED_COLUMN_PX) + OVERSCAN,
  }));
  const [kept, setKept] = useState<number | null>(null);
  const lead = useRef(0);

  const update = useCallback(() => {
    if (!box) return;
    // No layout (a hidden box, or a test's DOM): the first guess stays.
    if (box.clientWidth === 0) return;
    const next = columnRange({
      scrollLeft: box.scrollLeft,
      viewWidth: box.clientWidth,
      lead: lead.current,
      columnWidth,
      count,
    });
    // The columns drawn already cover the view, with no more than the overscan's worth to spare: kept,
    // not drawn again (the first guess from the screen's width is then not redrawn a column narrower).
    setRange((current) =>
      covers(current, next) && current.end - current.start <= next.end - next.start + 2 * OVERSCAN ? current : next,
    );
  }, [box, columnWidth, count]);

  // After each drawing, before it is painted: the widest drawn column sets every column's width, and
  // where the windowed columns begin; then the range for them (a second drawing, still before paint).
  useLayoutEffect(() => {
    if (!enabled || !box) return;
    const row = box.querySelector('thead tr');
    // The columns before the window: their cells' widths (border-spacing is 0; a hidden one counts 0).
    let before = 0;
    for (const cell of row?.children ?? []) {
      if (cell.hasAttribute(WINDOW_COLUMN) || cell.hasAttribute('data-window-gap')) break;
      before += (cell as HTMLElement).offsetWidth;
    }
    lead.current = before;
    let widest = 0;
    for (const cell of row?.querySelectorAll(`[${WINDOW_COLUMN}]`) ?? [])
      widest = Math.max(widest, Math.ceil(cell.getBoundingClientRect().width));
    if (widest > columnWidth) setColumnWidth(widest);
    update();
  });

  useLayoutEffect(() => {
    if (!enabled || !box) return;
    box.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(box);
    return () => {
      box.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [enabled, box, update]);

  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    const cell = (event.target as Element).closest?.(`[${WINDOW_COLUMN}]`);
    if (cell) setKept(Number(cell.getAttribute(WINDOW_COLUMN)));
  }, []);

  const slots = enabled
    ? windowSlots(count, range, kept)
    : Array.from({ length: count }, (_, index): WindowSlot => ({ kind: 'column', index }));
  return { ref: setBox, onFocus, slots, columnWidth };
}
