import { describe, expect, it } from 'vitest';
import { type Rect, squarify } from './treemap.ts';

const bounds: Rect = { x: 10, y: 20, width: 600, height: 400 };
const area = (r: Rect) => r.width * r.height;
const overlap = (a: Rect, b: Rect) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/** Market caps of a long-tailed universe: a few giants, many small (deterministic). */
const caps = (n: number) => Array.from({ length: n }, (_, i) => 1e12 / (i + 1) ** 1.3 + ((i * 7919) % 97) * 1e6);

describe('the squarified treemap (issue 46)', () => {
  it.each([1, 2, 7, 60, 500])('gives %i values areas proportional to them, inside the bounds, without overlap', (n) => {
    const values = caps(n);
    const rects = squarify(values, bounds);
    const total = values.reduce((a, b) => a + b, 0);
    rects.forEach((rect, i) => {
      expect(area(rect) / area(bounds)).toBeCloseTo((values[i] as number) / total, 9);
      expect(rect.x).toBeGreaterThanOrEqual(bounds.x - 1e-9);
      expect(rect.y).toBeGreaterThanOrEqual(bounds.y - 1e-9);
      expect(rect.x + rect.width).toBeLessThanOrEqual(bounds.x + bounds.width + 1e-9);
      expect(rect.y + rect.height).toBeLessThanOrEqual(bounds.y + bounds.height + 1e-9);
    });
    const overlapping: string[] = [];
    for (let i = 0; i < rects.length; i++)
      for (let j = i + 1; j < rects.length; j++)
        if (overlap(rects[i] as Rect, rects[j] as Rect) > 1e-6) overlapping.push(`${i} and ${j}`);
    expect(overlapping).toEqual([]);
    // Together they fill the bounds.
    expect(rects.reduce((sum, r) => sum + area(r), 0)).toBeCloseTo(area(bounds), 6);
  });

  it('keeps tiles close to squares (the point of squarifying): equal values in a square are squares', () => {
    const rects = squarify([1, 1, 1, 1], { x: 0, y: 0, width: 100, height: 100 });
    expect(rects).toEqual([
      { x: 0, y: 0, width: 50, height: 50 },
      { x: 0, y: 50, width: 50, height: 50 },
      { x: 50, y: 0, width: 50, height: 50 },
      { x: 50, y: 50, width: 50, height: 50 },
    ]);
  });

  it('returns the rectangles in the order of the values, whatever their size order', () => {
    const rects = squarify([1, 3], { x: 0, y: 0, width: 40, height: 10 });
    expect(rects[1]).toEqual({ x: 0, y: 0, width: 30, height: 10 });
    expect(rects[0]).toEqual({ x: 30, y: 0, width: 10, height: 10 });
  });

  it('gives a value that is not positive an empty tile and the others the whole space', () => {
    const rects = squarify([0, Number.NaN, 5, -1], bounds);
    expect(rects.map(area)).toEqual([0, 0, area(bounds), 0]);
  });
});
