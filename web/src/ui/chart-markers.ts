import { dayIndex } from './chart-axes.ts';
import type { ChartMarker } from './time-series-chart.tsx';

/*
 * Markers that would overlap are drawn as one (issue 33: at Max, dozens of "D" dividend markers were
 * drawn over each other). Pure, so it is unit-tested: positions come from the days' indexes on a plot of
 * a given width, as the chart spaces its points evenly.
 */

/**
 * The least distance, in CSS pixels, from a group's first marker to the next group's: room for the text
 * under a marker ("D×12", about 25 px in the chart's font) and a gap.
 */
export const MARKER_GAP = 36;

export interface MarkerGroup extends ChartMarker {
  /** The markers it stands for, oldest first (one for a marker on its own). */
  items: readonly ChartMarker[];
  /** The last day it covers (its `day` is the first). */
  lastDay: string;
}

/**
 * Markers of the same kind closer than `gap` pixels, counted from the first of a run, become one marker
 * on the run's last day with the count in its text ("D×12"); others stay as they are. `days` are the
 * chart's sorted days (a marker's x is its day's index over their count); a width of 0 groups nothing.
 */
export function groupMarkers(
  markers: readonly ChartMarker[],
  days: readonly string[],
  width: number,
  gap = MARKER_GAP,
): MarkerGroup[] {
  const single = (marker: ChartMarker): MarkerGroup => ({ ...marker, items: [marker], lastDay: marker.day });
  const sorted = [...markers].sort((a, b) => a.day.localeCompare(b.day));
  if (width <= 0 || days.length < 2) return sorted.map(single);
  const step = width / (days.length - 1);
  const x = (day: string) => dayIndex(days, day) * step;
  const groups: MarkerGroup[] = [];
  for (const kind of ['dividend', 'split'] as const) {
    let run: ChartMarker[] = [];
    const close = () => {
      const first = run[0];
      const last = run.at(-1);
      if (!first || !last) return;
      groups.push(
        run.length === 1
          ? single(first)
          : { day: last.day, kind, text: `${first.text}×${run.length}`, items: run, lastDay: last.day },
      );
      run = [];
    };
    for (const marker of sorted.filter((item) => item.kind === kind)) {
      const first = run[0];
      if (first && x(marker.day) - x(first.day) >= gap) close();
      run.push(marker);
    }
    close();
  }
  return groups.sort((a, b) => a.day.localeCompare(b.day));
}

/** The markers a day of the tooltip falls on: a group's whole span, or a single marker's day. */
export function markersAt(groups: readonly MarkerGroup[], day: string): ChartMarker[] {
  return groups.flatMap((group) =>
    group.items.length > 1
      ? (group.items[0]?.day ?? group.day) <= day && day <= group.lastDay
        ? [...group.items]
        : []
      : group.day === day
        ? [...group.items]
        : [],
  );
}
