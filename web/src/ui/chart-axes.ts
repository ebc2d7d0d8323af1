/*
 * Axis labels of the canvas charts, laid out here instead of by the chart library (issue 22): the
 * library clipped its top label at the plot's edge, cut the first date in half and let a series' value
 * badge cover a tick label. Pure functions, unit-tested: ticks at round values, then boxes that must fit
 * inside the plot and must not touch each other or a badge; a box that cannot is left out, never clipped.
 * Coordinates are CSS pixels from the chart frame's top-left corner.
 */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface AxisLabel extends Box {
  text: string;
}

export interface ValueBadge extends AxisLabel {
  /** The series colour the badge is filled with. */
  color: string;
}

/** Text width in CSS pixels, in the axis font (canvas measureText in the browser, a stub in tests). */
export type Measure = (text: string) => number;

/** Space around a label's text, and the least gap kept between two boxes. */
export const LABEL_PAD_X = 4;
export const LABEL_HEIGHT = 16;
const GAP = 2;

export function overlaps(a: Box, b: Box, gap = 0): boolean {
  return (
    a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap
  );
}

export function inside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}

/** A round step (1, 2, 2.5 or 5 times a power of ten) near `rough`. */
export function niceStep(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const unit = rough / power;
  const nice = unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 2.5 ? 2.5 : unit <= 5 ? 5 : 10;
  return nice * power;
}

/** About `count` round values between min and max (both included when they are round). */
export function linearTicks(min: number, max: number, count: number): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (max <= min) return [min];
  const step = niceStep((max - min) / Math.max(count, 1));
  const ticks: number[] = [];
  // Integer multiples of the step, so floating error does not print 0.30000000000000004.
  for (let k = Math.ceil(min / step - 1e-9); k * step <= max + step * 1e-9; k += 1) {
    ticks.push(Number((k * step).toPrecision(12)));
  }
  return ticks;
}

/** Ticks for a log scale: 1, 2 and 5 times powers of ten, thinned to about `count`; linear when the range is narrow. */
export function logTicks(min: number, max: number, count: number): number[] {
  if (!(min > 0) || !(max > min)) return linearTicks(min, max, count);
  const candidates: number[] = [];
  for (let power = Math.floor(Math.log10(min)); power <= Math.ceil(Math.log10(max)); power += 1) {
    for (const unit of [1, 2, 5]) {
      const value = Number((unit * 10 ** power).toPrecision(12));
      if (value >= min && value <= max) candidates.push(value);
    }
  }
  // Less than a decade shown: round linear values read better than two lonely powers of ten.
  if (candidates.length < 3) return linearTicks(min, max, count);
  const every = Math.ceil(candidates.length / Math.max(count, 1));
  return candidates.filter((_, index) => index % every === 0);
}

export interface YAxisInput {
  /** Tick values with their y (CSS px from the frame top) and text. */
  ticks: readonly { y: number; text: string }[];
  /** The plot area the labels belong to (a pane): labels must fit its height. */
  plot: { top: number; bottom: number };
  /** Left edge and width of the axis gutter, right of the plot. */
  gutter: { x: number; width: number };
  /** Boxes already taken (value badges): a tick label touching one is left out. */
  taken?: readonly Box[];
  measure: Measure;
}

/** Value labels of a y axis: each centred on its tick, left out when it would stick out of the pane or touch another. */
export function layoutYLabels({ ticks, plot, gutter, taken = [], measure }: YAxisInput): AxisLabel[] {
  const placed: AxisLabel[] = [];
  for (const tick of [...ticks].sort((a, b) => a.y - b.y)) {
    const width = measure(tick.text) + LABEL_PAD_X * 2;
    // Wider than the gutter it would be cut: left out like one that sticks out of the pane.
    if (width > gutter.width) continue;
    const box = { x: gutter.x, y: tick.y - LABEL_HEIGHT / 2, width, height: LABEL_HEIGHT, text: tick.text };
    if (box.y < plot.top || box.y + box.height > plot.bottom) continue;
    if (taken.some((other) => overlaps(box, other, GAP)) || placed.some((other) => overlaps(box, other, GAP))) continue;
    placed.push(box);
  }
  return placed;
}

/**
 * Last-value badges in the gutter: each at its value's height, moved inside the pane when it would
 * stick out, and pushed down (then up) past an earlier badge; one that cannot fit is left out.
 */
export function layoutBadges(
  badges: readonly { y: number; text: string; color: string }[],
  plot: { top: number; bottom: number },
  gutter: { x: number; width: number },
  measure: Measure,
): ValueBadge[] {
  const placed: ValueBadge[] = [];
  for (const badge of badges) {
    const width = Math.min(measure(badge.text) + LABEL_PAD_X * 2, gutter.width);
    const clamp = (y: number) => Math.min(Math.max(y, plot.top), plot.bottom - LABEL_HEIGHT);
    let y = clamp(badge.y - LABEL_HEIGHT / 2);
    const box = () => ({ x: gutter.x, y, width, height: LABEL_HEIGHT });
    for (const other of [...placed].sort((a, b) => a.y - b.y)) {
      if (overlaps(box(), other, GAP)) y = other.y + other.height + GAP;
    }
    if (y + LABEL_HEIGHT > plot.bottom || placed.some((other) => overlaps(box(), other, GAP))) {
      y = clamp(badge.y - LABEL_HEIGHT / 2);
      for (const other of [...placed].sort((a, b) => b.y - a.y)) {
        if (overlaps(box(), other, GAP)) y = other.y - LABEL_HEIGHT - GAP;
      }
    }
    if (y < plot.top || placed.some((other) => overlaps(box(), other, GAP))) continue;
    placed.push({ ...box(), text: badge.text, color: badge.color });
  }
  return placed;
}

export interface XAxisInput {
  /** Tick x (CSS px from the frame left), text, and whether it starts a larger unit (a year among months). */
  ticks: readonly { x: number; text: string; major: boolean }[];
  plot: { left: number; right: number };
  /** Top of the axis row under the plot. */
  y: number;
  measure: Measure;
}

/**
 * Date labels: centred on their tick, slid inside the plot at its ends (the first date is never cut),
 * years placed before months so a crowded axis keeps its years; a label touching a placed one is left out.
 */
export function layoutXLabels({ ticks, plot, y, measure }: XAxisInput): AxisLabel[] {
  const placed: AxisLabel[] = [];
  const order = [...ticks].sort((a, b) => Number(b.major) - Number(a.major) || a.x - b.x);
  for (const tick of order) {
    const width = measure(tick.text) + LABEL_PAD_X * 2;
    if (width > plot.right - plot.left) continue;
    const x = Math.min(Math.max(tick.x - width / 2, plot.left), plot.right - width);
    // A tick far outside the plot is not one of its dates.
    if (tick.x < plot.left - width / 2 || tick.x > plot.right + width / 2) continue;
    const box = { x, y, width, height: LABEL_HEIGHT, text: tick.text };
    if (placed.some((other) => overlaps(box, other, GAP * 3))) continue;
    placed.push(box);
  }
  return placed.sort((a, b) => a.x - b.x);
}

export interface TimeTick {
  /** Index of the tick's day in the sorted days. */
  index: number;
  kind: 'year' | 'month' | 'day';
  day: string;
}

const DAY_MS = 86_400_000;
const MONTH_STEPS = [1, 2, 3, 6] as const;
const YEAR_STEPS = [1, 2, 5, 10, 20, 50] as const;
const DAY_STEPS = [1, 2, 7, 14] as const;

/**
 * Date ticks over the shown days (sorted 'YYYY-MM-DD'): the first trading day of every n-th year,
 * month or day, n the smallest step that gives at most `maxCount` ticks. January of a monthly axis is
 * a 'year' tick (labelled with the year).
 */
export function timeTicks(days: readonly string[], maxCount: number): TimeTick[] {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last || maxCount < 1) return [];
  const span = (Date.parse(last) - Date.parse(first)) / DAY_MS;
  const firstYear = Number(first.slice(0, 4));
  const lastYear = Number(last.slice(0, 4));
  const years = lastYear - firstYear + 1;
  const pick = (starts: string[], kind: (day: string) => TimeTick['kind']) => {
    const ticks: TimeTick[] = [];
    let cursor = 0;
    for (const start of starts) {
      while (cursor < days.length && (days[cursor] as string) < start) cursor += 1;
      const day = days[cursor];
      // The first shown day is a tick only when it is the period's first day: else it is mid-period.
      if (day === undefined || (cursor === 0 && day !== start && start < first)) continue;
      if (ticks.at(-1)?.index === cursor) continue;
      // The day must fall in the tick's own year or month (yearly points dated Dec 31 tick their year);
      // a month without a trading day gets no tick rather than the next month's first day.
      const unit = kind(start);
      const width = unit === 'year' && starts.every((s) => s.endsWith('-01-01')) ? 4 : 7;
      if (unit !== 'day' && start.slice(0, width) !== day.slice(0, width)) continue;
      ticks.push({ index: cursor, kind: kind(start), day });
    }
    return ticks;
  };
  const monthsShown = span / 30.4;
  const monthStep = MONTH_STEPS.find((s) => Math.ceil(monthsShown / s) <= maxCount);
  if (span > 600 || (span > 45 && monthStep === undefined)) {
    const step = YEAR_STEPS.find((s) => Math.ceil(years / s) <= maxCount) ?? YEAR_STEPS.at(-1) ?? 50;
    const starts: string[] = [];
    for (let year = Math.ceil(firstYear / step) * step; year <= lastYear; year += step) starts.push(`${year}-01-01`);
    return pick(starts, () => 'year');
  }
  if (span > 45 && monthStep !== undefined) {
    const starts: string[] = [];
    for (let year = firstYear; year <= lastYear; year += 1) {
      for (let month = 0; month < 12; month += monthStep)
        starts.push(`${year}-${String(month + 1).padStart(2, '0')}-01`);
    }
    return pick(starts, (day) => (day.slice(5, 7) === '01' ? 'year' : 'month'));
  }
  const step = DAY_STEPS.find((s) => Math.ceil(span / s) <= maxCount) ?? 28;
  const starts: string[] = [];
  for (let time = Date.parse(first); time <= Date.parse(last); time += step * DAY_MS) {
    starts.push(new Date(time).toISOString().slice(0, 10));
  }
  return pick(starts, (day) => (day.slice(5, 10) === '01-01' ? 'year' : day.slice(8, 10) === '01' ? 'month' : 'day'));
}

/** Index of the first day on or after `day` in sorted days (days.length when none). */
export function dayIndex(days: readonly string[], day: string): number {
  let low = 0;
  let high = days.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((days[mid] as string) < day) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The fewest value labels a pane tall enough for them shows (issue 33), and date labels on a phone. */
export const MIN_Y_LABELS = 4;
export const MIN_X_LABELS = 3;
/** The closest two value labels may sit: their height and the gap between boxes. */
const Y_LABEL_PITCH = LABEL_HEIGHT + GAP * 2;

export interface YAxisPlan {
  /** The pane's value range, bottom to top. */
  low: number;
  high: number;
  log: boolean;
  /** No value above it is labelled. */
  ceiling?: number | undefined;
  /** A value's y (CSS px from the frame top), null when off the scale. */
  toY: (value: number) => number | null;
  format: (value: number) => string;
  plot: { top: number; bottom: number };
  gutter: { x: number; width: number };
  badges: readonly ValueBadge[];
  measure: Measure;
  /** Pixels between labels to aim for before denser steps are tried. */
  spacing: number;
}

/**
 * The value labels of one pane (issue 33: a margins chart showed one label, a capital allocation chart
 * none): round ticks at the spacing aimed for, then denser round steps (5, 2.5, 2, 1 x 10^k) until at
 * least MIN_Y_LABELS fit beside the badges; when they still do not, the labels win and the badges
 * touching them are left out (the legend and tooltip still give those values).
 */
export function planYAxis(plan: YAxisPlan): { labels: AxisLabel[]; badges: ValueBadge[] } {
  const height = plan.plot.bottom - plan.plot.top;
  const first = Math.max(2, Math.floor(height / plan.spacing));
  const most = Math.max(first, Math.floor(height / Y_LABEL_PITCH));
  const tickList = (count: number, log: boolean) =>
    (log ? logTicks(plan.low, plan.high, count) : linearTicks(plan.low, plan.high, count))
      .filter((value) => plan.ceiling === undefined || value <= plan.ceiling)
      .flatMap((value) => {
        const y = plan.toY(value);
        return y === null ? [] : [{ y, text: plan.format(value) }];
      });
  const layout = (count: number, log: boolean, taken: readonly Box[]) =>
    layoutYLabels({ ticks: tickList(count, log), plot: plan.plot, gutter: plan.gutter, taken, measure: plan.measure });
  const modes = plan.log ? [true, false] : [false];
  let best: AxisLabel[] = [];
  for (const taken of [plan.badges, []] as const) {
    for (const log of modes) {
      for (let count = first; count <= most; count += 1) {
        const labels = layout(count, log, taken);
        if (labels.length > best.length) best = labels;
        if (labels.length >= MIN_Y_LABELS) {
          const badges = plan.badges.filter((badge) => !labels.some((label) => overlaps(badge, label, GAP)));
          return { labels, badges };
        }
      }
    }
  }
  // A pane too short for MIN_Y_LABELS: as many as fit, and the badges that do not touch them.
  return { labels: best, badges: plan.badges.filter((badge) => !best.some((label) => overlaps(badge, label, GAP))) };
}

/**
 * Date labels: ticks for about `count` dates at the spacing aimed for, then denser ones until at least
 * MIN_X_LABELS fit (a phone's one-year axis showed one label: six-month steps, one cut).
 */
export function planXAxis(
  ticksFor: (maxCount: number) => XAxisInput['ticks'],
  plot: XAxisInput['plot'],
  y: number,
  measure: Measure,
  spacing: number,
): { labels: AxisLabel[]; gridX: number[] } {
  const width = plot.right - plot.left;
  const first = Math.max(1, Math.floor(width / spacing));
  const most = Math.max(first, Math.floor(width / 36));
  let best: { labels: AxisLabel[]; gridX: number[] } = { labels: [], gridX: [] };
  for (let count = first; count <= most; count += 1) {
    const ticks = ticksFor(count);
    const labels = layoutXLabels({ ticks, plot, y, measure });
    // Each label's grid line at its own tick: the nearest tick of that text.
    const gridX = labels.map((label) => {
      const centre = label.x + label.width / 2;
      const own = ticks.filter((tick) => tick.text === label.text);
      return own.reduce((near, tick) => (Math.abs(tick.x - centre) < Math.abs(near - centre) ? tick.x : near), centre);
    });
    if (labels.length > best.labels.length) best = { labels, gridX };
    if (labels.length >= MIN_X_LABELS) return { labels, gridX };
  }
  return best;
}
