import type { IPrimitivePaneRenderer, SeriesAttachedParameter, Time } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { createBandsPrimitive } from './chart-bands.ts';
import { readChartColors } from './chart-colors.ts';
import { bandSwatch, seriesColor, shadedBands } from './time-series-chart-style.ts';

type Target = Parameters<IPrimitivePaneRenderer['draw']>[0];

/** A series whose price axis maps 0..10 % onto 200..0 media pixels, and a canvas that records fills. */
function harness() {
  const fills: { y: number; height: number; width: number; alpha: number; color: string }[] = [];
  let updates = 0;
  const context = {
    fillStyle: '',
    globalAlpha: 1,
    save() {},
    restore() {},
    fillRect(_x: number, y: number, width: number, height: number) {
      fills.push({ y, height, width, alpha: this.globalAlpha, color: String(this.fillStyle) });
    },
  };
  const target = {
    useBitmapCoordinateSpace: (draw: (scope: object) => void) =>
      draw({ context, bitmapSize: { width: 800, height: 400 }, verticalPixelRatio: 2, horizontalPixelRatio: 2 }),
  } as unknown as Target;
  const attached = {
    series: { priceToCoordinate: (price: number) => 200 - price * 20 },
    requestUpdate: () => {
      updates += 1;
    },
  } as unknown as SeriesAttachedParameter<Time>;
  return { fills, target, attached, updates: () => updates };
}

describe('shaded percentile bands', () => {
  it('fills each band across the plot between its prices, in device pixels, inner over outer', () => {
    const { fills, target, attached } = harness();
    const bands = shadedBands([
      { id: 'outer', label: '10-90', low: 2, high: 6, emphasis: 'outer' },
      { id: 'inner', label: '25-75', low: 3, high: 5, emphasis: 'inner' },
    ]);
    const primitive = createBandsPrimitive(bands, '#1d4ed8');
    primitive.attached?.(attached);
    primitive.paneViews?.()[0]?.renderer()?.draw(target);
    // 6 % -> 80 media px -> 160 device px; 2 % -> 160 -> 320.
    expect(fills).toEqual([
      { y: 160, height: 160, width: 800, alpha: bands[0]?.opacity, color: '#1d4ed8' },
      { y: 200, height: 80, width: 800, alpha: bands[1]?.opacity, color: '#1d4ed8' },
    ]);
    expect(primitive.paneViews?.()[0]?.zOrder?.()).toBe('bottom');
  });

  it('keeps the whole band in the autoscaled range', () => {
    const primitive = createBandsPrimitive(
      shadedBands([{ id: 'outer', label: '', low: 2.6, high: 4.1, emphasis: 'outer' }]),
      '#000000',
    );
    expect(primitive.autoscaleInfo?.(0 as never, 10 as never)).toEqual({
      priceRange: { minValue: 2.6, maxValue: 4.1 },
    });
    expect(createBandsPrimitive([], '#000000').autoscaleInfo?.(0 as never, 10 as never)).toBeNull();
  });

  it('redraws in a new colour when the theme switches, and draws nothing once detached', () => {
    const { fills, target, attached, updates } = harness();
    const bands = shadedBands([{ id: 'outer', label: '', low: 1, high: 2, emphasis: 'outer' }]);
    const primitive = createBandsPrimitive(bands, '#1d4ed8');
    primitive.attached?.(attached);
    primitive.update(bands, '#79c0ff');
    expect(updates()).toBe(1);
    primitive.paneViews?.()[0]?.renderer()?.draw(target);
    expect(fills.map((fill) => fill.color)).toEqual(['#79c0ff']);
    primitive.detached?.();
    primitive.paneViews?.()[0]?.renderer()?.draw(target);
    expect(fills).toHaveLength(1);
  });
});

describe('chart colours from the theme tokens', () => {
  it('reads every colour from the CSS variables, so a theme switch changes them', () => {
    const root = document.createElement('div');
    document.body.append(root);
    root.style.setProperty('--accent', '#0f766e');
    root.style.setProperty('--chart-reference', '#6b7280');
    root.style.setProperty('--chart-band', '#1d4ed8');
    root.style.setProperty('--chart-2', '#b45309');
    const colors = readChartColors(root);
    expect(colors.reference).toBe('#6b7280');
    expect(colors.band).toBe('#1d4ed8');
    expect(seriesColor({ id: 'a', label: 'A', kind: 'line', points: [] }, 0, colors)).toBe('#0f766e');
    expect(seriesColor({ id: 'b', label: 'B', kind: 'line', points: [] }, 2, colors)).toBe('#b45309');
    expect(seriesColor({ id: 'm', label: 'M', kind: 'line', tone: 'reference', points: [] }, 1, colors)).toBe(
      '#6b7280',
    );
    expect(bandSwatch({ id: 'x', label: '', low: 0, high: 1, emphasis: 'outer' }, colors)).toMatch(
      /^rgba\(29, 78, 216, 0\.\d+\)$/,
    );
    root.style.setProperty('--chart-band', '#79c0ff');
    expect(readChartColors(root).band).toBe('#79c0ff');
    root.remove();
  });
});
