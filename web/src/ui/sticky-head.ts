import { useEffect } from 'react';

/*
 * A table header that stays under the app header while the page scrolls (issue 46). CSS sticky cannot
 * do it for a table that also scrolls sideways: its box, a scroll container, is what the header sticks
 * to, so the screener's header stuck only inside a 740 px inner box (two scrollbars). Here the header
 * rows are moved down by the distance the table's top has gone under the app header, as a CSS variable
 * (--head-shift) the header cells translate by.
 */

/** How far down the header moves: as far as the table's top is above `line`, never past the table's end. */
export function headShift(table: { top: number; height: number }, headHeight: number, line: number): number {
  const room = Math.max(0, table.height - headHeight);
  return Math.min(room, Math.max(0, line - table.top));
}

/** The line the header sticks to: the app header's bottom (it is sticky itself), or the window's top. */
function stickLine(): number {
  return document.querySelector('.app-header')?.getBoundingClientRect().bottom ?? 0;
}

/** Keeps --head-shift on `box` (a DataTable's scroll box) current on page scroll and resize. */
export function useStickyHead(box: HTMLElement | null): void {
  useEffect(() => {
    if (!box) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const table = box.querySelector('table');
      const head = table?.tHead;
      if (!table || !head) return;
      const shift = headShift(table.getBoundingClientRect(), head.getBoundingClientRect().height, stickLine());
      box.style.setProperty('--head-shift', `${shift}px`);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : null;
    observer?.observe(box);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      observer?.disconnect();
      box.style.removeProperty('--head-shift');
    };
  }, [box]);
}
