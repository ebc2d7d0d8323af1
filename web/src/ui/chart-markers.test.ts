import { describe, expect, it } from 'vitest';
import { groupMarkers, MARKER_GAP, markersAt } from './chart-markers.ts';
import type { ChartMarker } from './time-series-chart.tsx';

const dividend = (day: string): ChartMarker => ({ day, kind: 'dividend', text: 'D', detail: `Dividend on ${day}` });

describe('markers that would overlap are drawn as one (issue 33)', () => {
  // Twenty years of weekly points: 1,040 days.
  const days = Array.from({ length: 1040 }, (_, i) =>
    new Date(Date.UTC(2005, 0, 7) + i * 7 * 86_400_000).toISOString().slice(0, 10),
  );
  const quarterly = days.filter((_, i) => i % 13 === 5).map(dividend);

  it('groups twenty years of quarterly dividends at a desktop width, with the count and every one kept', () => {
    const groups = groupMarkers(quarterly, days, 1000);
    expect(quarterly).toHaveLength(80);
    // 13 weeks apart are 12.5 px at 1,000 px: three at a time.
    expect(groups.length).toBeLessThan(quarterly.length);
    expect(groups.flatMap((group) => group.items)).toEqual(quarterly);
    const many = groups.find((group) => group.items.length > 1);
    expect(many?.text).toBe(`D×${many?.items.length}`);
    expect(many?.day).toBe(many?.items.at(-1)?.day);
    // No two drawn markers closer than the gap.
    const x = (day: string) => (days.indexOf(day) / (days.length - 1)) * 1000;
    for (let i = 1; i < groups.length; i += 1) {
      const before = groups[i - 1];
      const group = groups[i];
      if (before && group)
        expect(x(group.items[0]?.day ?? '') - x(before.items[0]?.day ?? '')).toBeGreaterThanOrEqual(MARKER_GAP);
    }
  });

  it('leaves markers alone when they are far enough apart (one year of days) or the width is unknown', () => {
    const year = days.slice(-52);
    const some = [dividend(year[5] as string), dividend(year[18] as string), dividend(year[31] as string)];
    expect(groupMarkers(some, year, 300).map((group) => group.text)).toEqual(['D', 'D', 'D']);
    expect(groupMarkers(quarterly, days, 0)).toHaveLength(80);
  });

  it('never groups a split with a dividend', () => {
    const split: ChartMarker = { day: days[6] as string, kind: 'split', text: '2:1' };
    const groups = groupMarkers([dividend(days[5] as string), split, dividend(days[7] as string)], days, 300);
    expect(groups.map((group) => group.text).sort()).toEqual(['2:1', 'D×2']);
  });

  it('the tooltip lists a group’s markers anywhere in its span, a single one on its day', () => {
    const groups = groupMarkers([dividend('2020-01-10'), dividend('2020-01-17'), dividend('2021-06-04')], days, 1000);
    expect(markersAt(groups, '2020-01-14').map((marker) => marker.day)).toEqual(['2020-01-10', '2020-01-17']);
    expect(markersAt(groups, '2021-06-04').map((marker) => marker.detail)).toEqual(['Dividend on 2021-06-04']);
    expect(markersAt(groups, '2021-06-11')).toEqual([]);
  });
});
