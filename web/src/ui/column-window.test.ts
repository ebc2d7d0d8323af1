import { describe, expect, it } from 'vitest';
import { columnRange, windowSlots } from './column-window.ts';

describe('the columns of a wide table drawn for a scroll position', () => {
  const view = { viewWidth: 400, lead: 200, columnWidth: 100, count: 85, overscan: 2 };

  it('at the start: the columns beside the row labels, and the overscan after them', () => {
    // 200 px of the view show columns 0 and 1; two more after them.
    expect(columnRange({ ...view, scrollLeft: 0 })).toEqual({ start: 0, end: 4 });
  });

  it('scrolled: the columns in view with the overscan on both sides', () => {
    // Content from 1,050 to 1,450 px: windowed columns 8 (850 to 950 px past the lead) to 12.
    expect(columnRange({ ...view, scrollLeft: 1050 })).toEqual({ start: 6, end: 15 });
  });

  it('at the end: the last column, never past it', () => {
    const end = 200 + 85 * 100 - 400;
    expect(columnRange({ ...view, scrollLeft: end })).toEqual({ start: 79, end: 85 });
  });

  it('reads a right-to-left scroll position (negative) as a distance', () => {
    expect(columnRange({ ...view, scrollLeft: -1050 })).toEqual(columnRange({ ...view, scrollLeft: 1050 }));
  });

  it('draws at least one column when the row labels fill the view', () => {
    expect(columnRange({ ...view, viewWidth: 150, scrollLeft: 0, overscan: 0 })).toEqual({ start: 0, end: 1 });
  });
});

describe('a windowed row: the columns drawn and the gaps standing in for the others', () => {
  it('one gap before and one after the range', () => {
    expect(windowSlots(10, { start: 3, end: 5 }, null)).toEqual([
      { kind: 'gap', from: 0, columns: 3 },
      { kind: 'column', index: 3 },
      { kind: 'column', index: 4 },
      { kind: 'gap', from: 5, columns: 5 },
    ]);
  });

  it('keeps the focused column drawn when it is out of the range, in its place', () => {
    expect(windowSlots(10, { start: 6, end: 8 }, 1)).toEqual([
      { kind: 'gap', from: 0, columns: 1 },
      { kind: 'column', index: 1 },
      { kind: 'gap', from: 2, columns: 4 },
      { kind: 'column', index: 6 },
      { kind: 'column', index: 7 },
      { kind: 'gap', from: 8, columns: 2 },
    ]);
  });

  it('every column is one slot or inside one gap, in order', () => {
    for (const [start, end, kept] of [
      [0, 4, null],
      [40, 50, 3],
      [80, 85, 84],
    ] as const) {
      let next = 0;
      for (const slot of windowSlots(85, { start, end }, kept)) {
        const from = slot.kind === 'column' ? slot.index : slot.from;
        expect(from).toBe(next);
        next = from + (slot.kind === 'column' ? 1 : slot.columns);
      }
      expect(next).toBe(85);
    }
  });
});
