import { describe, expect, it } from 'vitest';
import {
  dayIndex,
  finerStep,
  inside,
  LABEL_HEIGHT,
  layoutBadges,
  layoutXLabels,
  layoutYLabels,
  linearTicks,
  logTicks,
  MIN_X_LABELS,
  MIN_Y_LABELS,
  niceStep,
  overlaps,
  planXAxis,
  planYAxis,
  ticksAtStep,
  timeTicks,
} from './chart-axes.ts';

// Seven pixels a character: close to a 12 px system font, and simple to reason about.
const measure = (text: string) => text.length * 7;
const gutter = { x: 300, width: 70 };
const plot = { top: 0, bottom: 200 };

const noOverlap = (boxes: readonly { x: number; y: number; width: number; height: number }[]) =>
  boxes.every((a, i) => boxes.every((b, j) => i === j || !overlaps(a, b)));

describe('round tick values', () => {
  it('steps are 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([0.13, 1.7, 2.2, 4, 7, 130].map(niceStep)).toEqual([0.2, 2, 2.5, 5, 10, 200]);
  });

  it('linear ticks fall on the step inside the range, without floating noise', () => {
    expect(linearTicks(0.05, 0.95, 4)).toEqual([0.25, 0.5, 0.75]);
    expect(linearTicks(251.3, 339.8, 5)).toEqual([260, 280, 300, 320]);
    expect(linearTicks(-38, 0, 4)).toEqual([-30, -20, -10, 0]);
  });

  it('log ticks are 1-2-5 decades over a wide range and linear over a narrow one', () => {
    expect(logTicks(0.8, 120, 6)).toEqual([1, 2, 5, 10, 20, 50, 100]);
    expect(logTicks(0.8, 120, 3)).toEqual([1, 10, 100]);
    expect(logTicks(0.8, 120, 9)).toEqual([1, 2, 3, 5, 7, 10, 20, 30, 50, 70, 100]);
    expect(logTicks(250, 340, 5)).toEqual(linearTicks(250, 340, 5));
  });
});

describe('y axis labels', () => {
  it('a label that would stick out of the top or bottom of the pane is left out, never clipped', () => {
    // "$340.00" at y = 3 would reach above the plot (the clipped top label).
    const labels = layoutYLabels({
      ticks: [
        { y: 3, text: '$340.00' },
        { y: 60, text: '$320.00' },
        { y: 120, text: '$300.00' },
        { y: 196, text: '$280.00' },
      ],
      plot,
      gutter,
      measure,
    });
    expect(labels.map((label) => label.text)).toEqual(['$320.00', '$300.00']);
    for (const label of labels) expect(inside(label, { x: 300, y: 0, width: 70, height: 200 })).toBe(true);
  });

  it('a tick label under a value badge is left out (the badge wins)', () => {
    const badges = layoutBadges([{ y: 62, text: '1.0x', color: 'teal' }], plot, gutter, measure);
    const labels = layoutYLabels({
      ticks: [
        { y: 60, text: '1.0x' },
        { y: 120, text: '1.5x' },
      ],
      plot,
      gutter,
      taken: badges,
      measure,
    });
    expect(labels.map((label) => label.text)).toEqual(['1.5x']);
    expect(noOverlap([...labels, ...badges])).toBe(true);
  });

  it('a label wider than the gutter is left out rather than cut', () => {
    const labels = layoutYLabels({
      ticks: [
        { y: 60, text: '95%' },
        { y: 120, text: '100000%' },
      ],
      plot,
      gutter: { x: 300, width: 40 },
      measure,
    });
    expect(labels.map((label) => label.text)).toEqual(['95%']);
  });

  it('labels closer than their height keep only the first of each crowded pair', () => {
    const labels = layoutYLabels({
      ticks: [20, 30, 40, 50].map((y) => ({ y, text: String(y) })),
      plot,
      gutter,
      measure,
    });
    expect(labels.map((label) => label.text)).toEqual(['20', '40']);
  });
});

describe('value badges', () => {
  it('a badge at the edge moves inside the pane', () => {
    const [badge] = layoutBadges([{ y: 199, text: '-16.5%', color: 'teal' }], plot, gutter, measure);
    expect(badge?.y).toBe(200 - LABEL_HEIGHT);
  });

  it('two badges at the same value are stacked, not drawn over each other', () => {
    const badges = layoutBadges(
      [
        { y: 100, text: '+4.0%', color: 'teal' },
        { y: 101, text: '+4.1%', color: 'orange' },
      ],
      plot,
      gutter,
      measure,
    );
    expect(badges).toHaveLength(2);
    expect(noOverlap(badges)).toBe(true);
  });
});

describe('x axis labels', () => {
  it('the first date slides inside the plot instead of being cut', () => {
    const labels = layoutXLabels({
      ticks: [
        { x: 2, text: 'Dec 24', major: false },
        { x: 150, text: 'Mar', major: false },
      ],
      plot: { left: 0, right: 300 },
      y: 200,
      measure,
    });
    expect(labels[0]?.x).toBe(0);
    expect(labels.every((label) => label.x >= 0 && label.x + label.width <= 300)).toBe(true);
  });

  it('a year wins over a month that would touch it', () => {
    const labels = layoutXLabels({
      ticks: [
        { x: 100, text: 'Dec', major: false },
        { x: 110, text: '2026', major: true },
      ],
      plot: { left: 0, right: 300 },
      y: 200,
      measure,
    });
    expect(labels.map((label) => label.text)).toEqual(['2026']);
  });
});

describe('date ticks', () => {
  const tradingDays = (from: string, to: string) => {
    const days: string[] = [];
    for (let t = Date.parse(from); t <= Date.parse(to); t += 86_400_000) {
      const day = new Date(t);
      if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) days.push(day.toISOString().slice(0, 10));
    }
    return days;
  };

  it('one year shows months, January as the year, and never the mid-month first day', () => {
    const days = tradingDays('2025-11-24', '2026-11-23');
    const ticks = timeTicks(days, 12);
    expect(ticks[0]?.day).toBe('2025-12-01');
    expect(ticks.find((tick) => tick.kind === 'year')?.day).toBe('2026-01-01');
    expect(ticks.every((tick) => days[tick.index] === tick.day)).toBe(true);
  });

  it('twenty years on a phone show every fifth year', () => {
    const ticks = timeTicks(tradingDays('2006-03-01', '2026-11-23'), 5);
    expect(ticks.map((tick) => tick.day.slice(0, 4))).toEqual(['2010', '2015', '2020', '2025']);
    expect(ticks.every((tick) => tick.kind === 'year')).toBe(true);
  });

  it('yearly points dated at the year end tick their own year', () => {
    const days = Array.from({ length: 20 }, (_, i) => `${2006 + i}-12-31`);
    const ticks = timeTicks(days, 5);
    expect(ticks.map((tick) => tick.day)).toEqual(['2010-12-31', '2015-12-31', '2020-12-31', '2025-12-31']);
  });

  it('a month shows days', () => {
    const ticks = timeTicks(tradingDays('2026-10-23', '2026-11-23'), 6);
    expect(ticks.length).toBeGreaterThan(2);
    expect(ticks.length).toBeLessThanOrEqual(6);
  });

  it('finds the first day on or after a date', () => {
    expect(dayIndex(['2026-01-02', '2026-01-05', '2026-01-06'], '2026-01-03')).toBe(1);
    expect(dayIndex(['2026-01-02'], '2027-01-01')).toBe(1);
  });
});

/**
 * Whether the values are all multiples of one round step (1, 2, 2.5 or 5 x 10^k) at most their smallest
 * gap and at least a twelfth of their range (a label may be left out beside a badge, so gaps may differ).
 */
function roundSteps(values: readonly number[]): boolean {
  const gaps = values.slice(1).map((value, i) => Math.abs(value - (values[i] as number)));
  const smallest = Math.min(...gaps);
  const range = Math.max(...values) - Math.min(...values);
  if (!(smallest > 0)) return false;
  const multiple = (step: number) => (value: number) => Math.abs(value / step - Math.round(value / step)) < 1e-6;
  const power = 10 ** Math.floor(Math.log10(smallest));
  const steps = [5, 2.5, 2, 1, 0.5, 0.25, 0.2, 0.1].map((unit) => unit * power).filter((step) => step <= smallest);
  const step = steps.find((candidate) => values.every(multiple(candidate)));
  return step !== undefined && step >= range / 12;
}

describe('issue 33: enough labels on every axis', () => {
  // A 200 px pane whose value v sits at y = 200 * (high - v) / (high - low).
  const pane = (low: number, high: number, badges: { y: number; text: string }[] = []) => {
    const toY = (value: number) => (200 * (high - value)) / (high - low);
    const plot = { top: 0, bottom: 200 };
    return {
      low,
      high,
      log: false,
      toY,
      format: (value: number) => `${value.toFixed(2)} %`,
      plot,
      gutter,
      badges: layoutBadges(
        badges.map((badge) => ({ ...badge, color: '#000' })),
        plot,
        gutter,
        measure,
      ),
      measure,
      spacing: 36,
    };
  };
  const valuesOf = (labels: readonly { text: string; y: number }[]) =>
    [...labels].sort((a, b) => b.y - a.y).map((label) => Number.parseFloat(label.text));

  it('a narrow margins range gets at least four labels at a round step', () => {
    // 41.3 % to 44.1 %: the aimed-for five ticks are a 1 % step, two of them too near the edges.
    const { labels } = planYAxis(pane(41.3, 44.1));
    expect(labels.length).toBeGreaterThanOrEqual(MIN_Y_LABELS);
    expect(roundSteps(valuesOf(labels))).toBe(true);
    expect(noOverlap(labels)).toBe(true);
  });

  it('three value badges do not leave the axis with one label: denser steps, else the labels win', () => {
    const badges = [
      { y: 40, text: '60.00 %' },
      { y: 100, text: '30.00 %' },
      { y: 160, text: '10.00 %' },
    ];
    const { labels, badges: kept } = planYAxis(pane(-5, 75, badges));
    expect(labels.length).toBeGreaterThanOrEqual(MIN_Y_LABELS);
    expect(roundSteps(valuesOf(labels))).toBe(true);
    expect(noOverlap([...labels, ...kept])).toBe(true);
    // Without the planning only the labels clear of the badges were kept: fewer than four.
    const plain = layoutYLabels({
      ticks: linearTicks(-5, 75, 5).map((value) => ({ y: (200 * (75 - value)) / 80, text: `${value}.00 %` })),
      plot: { top: 0, bottom: 200 },
      gutter,
      taken: pane(-5, 75, badges).badges,
      measure,
    });
    expect(plain.length).toBeLessThan(MIN_Y_LABELS);
  });

  it('a log pane over less than a decade falls back to round linear values', () => {
    const low = 60;
    const high = 95;
    const toY = (value: number) => (200 * (Math.log(high) - Math.log(value))) / (Math.log(high) - Math.log(low));
    const { labels } = planYAxis({ ...pane(low, high), log: true, toY });
    expect(labels.length).toBeGreaterThanOrEqual(MIN_Y_LABELS);
    expect(roundSteps(valuesOf(labels))).toBe(true);
  });

  it('a phone’s one-year axis shows at least three dates', () => {
    const days: string[] = [];
    for (let time = Date.parse('2024-11-27'); time <= Date.parse('2025-11-26'); time += 86_400_000) {
      const date = new Date(time);
      if (date.getUTCDay() % 6 !== 0) days.push(date.toISOString().slice(0, 10));
    }
    // 390 px phone: the plot is about 290 px wide once the panel padding and the value gutter are taken.
    const width = 290;
    const names = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    const ticksFor = (count: number) =>
      timeTicks(days, count).map((tick) => ({
        x: (tick.index / (days.length - 1)) * width,
        text: tick.kind === 'year' ? tick.day.slice(0, 4) : (names[Number(tick.day.slice(5, 7)) - 1] as string),
        major: tick.kind === 'year',
      }));
    // The spacing aimed for alone (84 px) gave six-month steps: one label once the cut one is left out.
    expect(
      layoutXLabels({ ticks: ticksFor(Math.floor(width / 84)), plot: { left: 0, right: width }, y: 0, measure }).length,
    ).toBeLessThan(MIN_X_LABELS);
    const { labels, gridX } = planXAxis(ticksFor, { left: 0, right: width }, 0, measure, 84);
    expect(labels.length).toBeGreaterThanOrEqual(MIN_X_LABELS);
    expect(noOverlap(labels)).toBe(true);
    expect(gridX).toHaveLength(labels.length);
  });

  it('twenty years on a phone show at least three years', () => {
    const days = Array.from({ length: 21 }, (_, i) => `${2005 + i}-06-30`);
    const width = 290;
    const ticksFor = (count: number) =>
      timeTicks(days, count).map((tick) => ({ x: (tick.index / 20) * width, text: tick.day.slice(0, 4), major: true }));
    const { labels } = planXAxis(ticksFor, { left: 0, right: width }, 0, measure, 84);
    expect(labels.length).toBeGreaterThanOrEqual(MIN_X_LABELS);
  });
});

describe('issue 46: every label at even steps, the badge beside them', () => {
  const measureText = (text: string) => text.length * 7;
  const gutterBox = { x: 300, width: 70 };
  const linearPane = (
    low: number,
    high: number,
    height: number,
    format: (v: number, t?: readonly number[]) => string,
  ) => ({
    low,
    high,
    log: false,
    toY: (value: number) => (height * (high - value)) / (high - low),
    format,
    plot: { top: 0, bottom: height },
    gutter: gutterBox,
    badges: [] as ReturnType<typeof layoutBadges>,
    measure: measureText,
    spacing: 36,
  });
  const stepsOf = (labels: readonly { y: number; text: string }[]) => {
    const values = [...labels].sort((a, b) => b.y - a.y).map((label) => Number(label.text.replace(/[^\d.-]/g, '')));
    return values.slice(1).map((value, i) => Number((value - (values[i] as number)).toPrecision(9)));
  };
  const dollars = (value: number, ticks?: readonly number[]) =>
    `$${value.toFixed(ticks?.some((tick) => !Number.isInteger(tick)) ? 2 : 0)}`;

  it('a badge on a label keeps the label ($400 stays) and moves beside the gutter at its own height', () => {
    const pane = linearPane(100, 700, 300, dollars);
    const badgeY = pane.toY(405);
    pane.badges = layoutBadges([{ y: badgeY, text: '$405', color: '#000' }], pane.plot, gutterBox, measureText);
    const { labels, badges } = planYAxis(pane);
    expect(labels.map((label) => label.text)).toContain('$400');
    expect(labels.length).toBeGreaterThanOrEqual(MIN_Y_LABELS);
    expect(new Set(stepsOf(labels)).size).toBe(1);
    const [badge] = badges;
    expect(badge).toBeDefined();
    expect(badge?.x).toBeLessThan(gutterBox.x);
    expect(badge?.y).toBeCloseTo(badgeY - LABEL_HEIGHT / 2);
    expect(noOverlap([...labels, ...badges])).toBe(true);
  });

  it('a badge clear of every label stays in the gutter', () => {
    const pane = linearPane(100, 700, 300, dollars);
    pane.badges = layoutBadges([{ y: pane.toY(450), text: '$450', color: '#000' }], pane.plot, gutterBox, measureText);
    expect(planYAxis(pane).badges[0]?.x).toBe(gutterBox.x);
  });

  it('a log pane is labelled over its whole height at even ratios, its lower part too', () => {
    const low = 1.5;
    const high = 400;
    const height = 300;
    const toY = (value: number) => (height * (Math.log(high) - Math.log(value))) / (Math.log(high) - Math.log(low));
    const { labels } = planYAxis({ ...linearPane(low, high, height, dollars), log: true, toY });
    expect(labels.length).toBeGreaterThanOrEqual(MIN_Y_LABELS);
    // Issue 46: nothing was labelled on the lower 40 % of a log pane.
    expect(Math.max(...labels.map((label) => label.y))).toBeGreaterThan(height * 0.6);
    const values = labels.map((label) => Number(label.text.slice(1))).sort((a, b) => a - b);
    const ratios = values.slice(1).map((value, i) => Math.log10(value / (values[i] as number)));
    // 1-2-5 steps (x2, x2.5, x2) or whole decades: no ratio more than 1.25 times another.
    expect(Math.max(...ratios) / Math.min(...ratios)).toBeLessThanOrEqual(1.33);
  });

  it('a short volume pane keeps at least four labels at one step, sharing decimals', () => {
    // The price chart's volume pane: about 134 px, volumes up to 3.4M in the middle 82 % (its margins).
    const compact = (value: number, ticks?: readonly number[]) => {
      const digits = ticks?.some((tick) => !Number.isInteger(tick / 1e6)) ? 1 : 0;
      return value === 0 ? '0' : `${(value / 1e6).toFixed(digits)}M`;
    };
    const { labels } = planYAxis(linearPane(-0.332e6, 3.815e6, 134, compact));
    expect(labels.length).toBeGreaterThanOrEqual(MIN_Y_LABELS);
    expect(
      new Set(stepsOf(labels.map((label) => ({ ...label, text: String(Number.parseFloat(label.text)) })))).size,
    ).toBe(1);
    const decimals = new Set(
      labels.filter((l) => l.text !== '0').map((label) => label.text.split('.')[1]?.length ?? 0),
    );
    expect(decimals.size).toBe(1);
  });

  it('never shows one text twice: a tick set whose texts repeat ("6%", "6%") is passed over', () => {
    // A payout axis from 5.2 % to 6.9 %: whole percents would print 5.5 and 6.0 both as "6%".
    const percent = (value: number, ticks?: readonly number[]) =>
      `${value.toFixed(ticks ? Math.min(1, ticks.some((t) => !Number.isInteger(t)) ? 1 : 0) : 0)}%`;
    const { labels } = planYAxis(linearPane(5.2, 6.9, 200, percent));
    const texts = labels.map((label) => label.text);
    expect(new Set(texts).size).toBe(texts.length);
    expect(labels.length).toBeGreaterThanOrEqual(MIN_Y_LABELS);
  });
});

describe('round steps, finer', () => {
  it('walk 5, 2.5, 2, 1, 0.5 times a power of ten', () => {
    expect([5, 2.5, 2, 1, 0.5, 500_000].map(finerStep)).toEqual([2.5, 2, 1, 0.5, 0.25, 250_000]);
    expect(ticksAtStep(0.1, 1.05, 0.25)).toEqual([0.25, 0.5, 0.75, 1]);
  });
});
