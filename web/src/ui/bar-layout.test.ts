import { describe, expect, it } from 'vitest';
import { barChartLayout } from './bar-layout.ts';
import { overlaps } from './chart-axes.ts';

const measure = (text: string) => text.length * 7;
const money = (value: number) => `$${value.toFixed(2)}`;
const bar = (label: string, value: number | null, note: string | null = null) => ({
  label,
  value,
  valueText: value === null ? '—' : money(value),
  note,
});

describe('bar chart layout', () => {
  it('hangs negative bars below a zero line between them and positive bars', () => {
    const layout = barChartLayout([bar('a', 3), bar('b', -1), bar('c', null)], 400, 80, money, measure);
    const [positive, negative, missing] = layout.bars;
    expect(positive && positive.y + positive.height).toBeCloseTo(layout.zeroY);
    expect(negative?.y).toBeCloseTo(layout.zeroY);
    expect(negative?.negative).toBe(true);
    expect(missing).toBeNull();
    // Three units of value above zero, one below: the zero line sits three quarters down the plot.
    expect(layout.zeroY - layout.plot.top).toBeCloseTo(60);
  });

  it('every bar shows its value above it, and its label and note under the plot', () => {
    const layout = barChartLayout([bar('2024', 1.6, '+5%'), bar('2025', 1.68, '+5%')], 400, 120, money, measure);
    expect(layout.valueLabels.map((label) => label?.text)).toEqual(['$1.60', '$1.68']);
    layout.valueLabels.forEach((label, i) => {
      const rect = layout.bars[i];
      expect(label && rect && label.y + label.height).toBeLessThanOrEqual(rect?.y ?? 0);
    });
    expect(layout.xLabels.every((label) => label.y >= layout.plot.bottom)).toBe(true);
    expect(layout.notes.map((note) => note?.text)).toEqual(['+5%', '+5%']);
  });

  it('a narrow chart keeps only the newest bars that fit, and no two labels touch', () => {
    const years = Array.from({ length: 12 }, (_, i) => bar(String(2015 + i), 10 + i, '+10.0%'));
    const layout = barChartLayout(years, 300, 120, money, measure);
    expect(layout.first).toBeGreaterThan(0);
    expect(layout.xLabels.at(-1)?.text).toBe('2026');
    const boxes = [...layout.valueLabels, ...layout.xLabels, ...layout.notes, ...layout.yLabels].filter(
      (box): box is NonNullable<typeof box> => box !== null,
    );
    for (const [i, a] of boxes.entries()) {
      expect(a.x).toBeGreaterThanOrEqual(0);
      expect(a.x + a.width).toBeLessThanOrEqual(300);
      for (const b of boxes.slice(i + 1)) expect(overlaps(a, b)).toBe(false);
    }
  });

  it('the y axis has round values inside the plot, right of the bars', () => {
    const layout = barChartLayout([bar('2024', 2.4), bar('2025', 3.1)], 400, 160, money, measure);
    expect(layout.yLabels.length).toBeGreaterThanOrEqual(2);
    expect(layout.yLabels.every((label) => label.x >= layout.plot.right)).toBe(true);
    expect(layout.yLabels.map((label) => label.text)).toContain('$1.00');
  });
});
