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

/**
 * The tick ladders of a log scale, sparsest first, each at even ratios so its ticks spread over the whole
 * pane (issue 46: the lower 40 % had none): every fifth, second and every power of ten, then 1-2-5 in
 * each decade (about x2 apart), then 1-2-3-5-7 (about x1.5). None when less than three 1-2-5 values show.
 */
export function logLadders(min: number, max: number): number[][] {
  if (!(min > 0) || !(max > min)) return [];
  const within = (units: readonly number[], every = 1) => {
    const values: number[] = [];
    for (let power = Math.floor(Math.log10(min)); power <= Math.ceil(Math.log10(max)); power += 1) {
      if (((power % every) + every) % every !== 0) continue;
      for (const unit of units) {
        const value = Number((unit * 10 ** power).toPrecision(12));
        if (value >= min && value <= max) values.push(value);
      }
    }
    return values;
  };
  const oneTwoFive = within([1, 2, 5]);
  if (oneTwoFive.length < 3) return [];
  return [within([1], 5), within([1], 2), within([1]), oneTwoFive, within([1, 2, 3, 5, 7])].filter(
    (ticks) => ticks.length >= 2,
  );
}

/** Ticks for a log scale: the sparsest even-ratio ladder with about `count`; linear over a narrow range. */
export function logTicks(min: number, max: number, count: number): number[] {
  const ladders = logLadders(min, max);
  // Less than a decade shown: round linear values read better than two lonely powers of ten.
  if (ladders.length === 0) return linearTicks(min, max, count);
  return ladders.find((ticks) => ticks.length >= count) ?? (ladders.at(-1) as number[]);
}

/** The next finer round step: 5 -> 2.5 -> 2 -> 1 -> 0.5 (times a power of ten). */
export function finerStep(step: number): number {
  const power = 10 ** Math.floor(Math.log10(step) + 1e-9);
  const unit = Math.round((step / power) * 10) / 10;
  const next = unit >= 5 ? 2.5 : unit >= 2.5 ? 2 : unit >= 2 ? 1 : 0.5;
  return Number((next * power).toPrecision(12));
}

/** Every multiple of `step` from min to max. */
export function ticksAtStep(min: number, max: number, step: number): number[] {
  const ticks: number[] = [];
  for (let k = Math.ceil(min / step - 1e-9); k * step <= max + step * 1e-9; k += 1) {
    ticks.push(Number((k * step).toPrecision(12)));
  }
  return ticks;
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

/**
 * A value's text: alone for a tooltip, or as one of an axis's `ticks`, whose labels then share one
 * format (issue 46: "$0.1" beside "$0.12", "6%" twice on a payout axis, "$40,000.00").
 */
export type AxisFormat = (value: number, ticks?: readonly number[]) => string;

export interface YAxisPlan {
  /** The pane's value range, bottom to top. */
  low: number;
  high: number;
  log: boolean;
  /** No value above it is labelled. */
  ceiling?: number | undefined;
  /** A value's y (CSS px from the frame top), null when off the scale. */
  toY: (value: number) => number | null;
  /** A tick's text; `ticks` are the axis's values, so that its labels share one format (AxisFormat). */
  format: AxisFormat;
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
 * least MIN_Y_LABELS fit. A value badge never costs a label (issue 46: the label under the badge was
 * left out, so the steps were uneven, "$400" missing): every tick is labelled, and a badge that would
 * touch a label moves left, into the plot beside the gutter, at its own height. Tick sets whose texts
 * repeat ("6%" twice) are passed over.
 */
export function planYAxis(plan: YAxisPlan): { labels: AxisLabel[]; badges: ValueBadge[] } {
  const height = plan.plot.bottom - plan.plot.top;
  const first = Math.max(2, Math.floor(height / plan.spacing));
  const span = plan.high - plan.low;
  // Tick sets to try, coarsest first: a log scale's ladders, then round linear steps down to the finest
  // whose labels still clear each other (a short volume pane needs a 0.5M step that a tick count never
  // asked for: issue 46, its labels were lost). Each set is evenly stepped, so its labels are too.
  const sets: number[][] = plan.log ? logLadders(plan.low, plan.high) : [];
  if (span > 0 && Number.isFinite(span)) {
    const finest = (span * Y_LABEL_PITCH) / Math.max(height, 1);
    let step = niceStep(span / first);
    for (let tries = 0; tries < 12 && (tries === 0 || step >= finest * (1 - 1e-9)); tries += 1) {
      sets.push(ticksAtStep(plan.low, plan.high, step));
      step = finerStep(step);
    }
  } else sets.push([plan.low]);
  let best: AxisLabel[] = [];
  for (const set of sets) {
    const values = set.filter((value) => plan.ceiling === undefined || value <= plan.ceiling);
    const ticks = values.flatMap((value) => {
      const y = plan.toY(value);
      return y === null ? [] : [{ y, text: plan.format(value, values) }];
    });
    if (new Set(ticks.map((tick) => tick.text)).size < ticks.length) continue;
    const labels = layoutYLabels({ ticks, plot: plan.plot, gutter: plan.gutter, measure: plan.measure });
    if (labels.length > best.length) best = labels;
    if (labels.length >= MIN_Y_LABELS) break;
  }
  return { labels: best, badges: besideLabels(plan.badges, best, plan.gutter) };
}

/** Badges that would touch a label move left of the gutter, into the plot, at the same height. */
export function besideLabels(
  badges: readonly ValueBadge[],
  labels: readonly AxisLabel[],
  gutter: { x: number },
): ValueBadge[] {
  return badges.map((badge) =>
    labels.some((label) => overlaps(badge, label, GAP)) ? { ...badge, x: gutter.x - badge.width - GAP } : badge,
  );
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
