import { describe, expect, it, vi } from 'vitest';

const loaded = vi.hoisted(() => ({ canvas: false }));
vi.mock('./time-series-chart-canvas.tsx', () => {
  loaded.canvas = true;
  return { default: () => null };
});

/*
 * The chart's canvas code (lightweight-charts, ~160 kB) downloads when a page with charts arrives, beside
 * the page's data requests, not when the first chart renders after its data (one download later on a
 * phone's network: docs/performance.md, 2026-11-27 evening).
 */
describe('the chart canvas code', () => {
  it('starts loading when a page that draws charts loads its code, before any chart renders', async () => {
    expect(loaded.canvas).toBe(false);
    await import('./time-series-chart.tsx');
    await vi.waitFor(() => expect(loaded.canvas).toBe(true));
  });
});
