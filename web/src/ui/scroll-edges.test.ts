import { describe, expect, it } from 'vitest';
import { scrollEdges, scrollLeftToReveal } from './scroll-edges.ts';

describe('scroll edges', () => {
  it('has no hidden content when the row fits', () => {
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 300, clientWidth: 300 })).toEqual({ start: false, end: false });
  });

  it('has more at the end only before the row is scrolled', () => {
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 520, clientWidth: 360 })).toEqual({ start: false, end: true });
  });

  it('has more on both sides in the middle', () => {
    expect(scrollEdges({ scrollLeft: 80, scrollWidth: 520, clientWidth: 360 })).toEqual({ start: true, end: true });
  });

  it('has more at the start only when scrolled to the end', () => {
    expect(scrollEdges({ scrollLeft: 160, scrollWidth: 520, clientWidth: 360 })).toEqual({ start: true, end: false });
  });

  it('counts a fractional stop half a pixel short of an edge as at the edge', () => {
    expect(scrollEdges({ scrollLeft: 159.5, scrollWidth: 520, clientWidth: 360 })).toEqual({
      start: true,
      end: false,
    });
    expect(scrollEdges({ scrollLeft: 0.5, scrollWidth: 520, clientWidth: 360 })).toEqual({ start: false, end: true });
    expect(scrollEdges({ scrollLeft: 0, scrollWidth: 360.5, clientWidth: 360 })).toEqual({ start: false, end: false });
  });

  it('reads a right-to-left row, whose scrollLeft runs negative, from its start', () => {
    expect(scrollEdges({ scrollLeft: -160, scrollWidth: 520, clientWidth: 360 })).toEqual({ start: true, end: false });
  });
});

describe('revealing a tab in a scrolling row', () => {
  const box = { scrollLeft: 0, scrollWidth: 520, clientWidth: 360 };

  it('leaves the row alone when the tab already shows clear of the fades', () => {
    expect(scrollLeftToReveal(box, { left: 100, width: 80 }, 32)).toBe(0);
  });

  it('scrolls just far enough that a tab past the end clears the end fade', () => {
    expect(scrollLeftToReveal(box, { left: 340, width: 60 }, 32)).toBe(340 + 60 + 32 - 360);
  });

  it('stops at the row end for the last tab', () => {
    expect(scrollLeftToReveal(box, { left: 470, width: 50 }, 32)).toBe(160);
  });

  it('scrolls back so a tab before the view clears the start fade, but never before 0', () => {
    const scrolled = { ...box, scrollLeft: 160 };
    expect(scrollLeftToReveal(scrolled, { left: 150, width: 80 }, 32)).toBe(118);
    expect(scrollLeftToReveal(scrolled, { left: 0, width: 80 }, 32)).toBe(0);
  });

  it('shows a tab wider than the row from its start', () => {
    expect(scrollLeftToReveal(box, { left: 100, width: 400 }, 32)).toBe(68);
  });
});
