/*
 * A security's daily closes as packed columns: the input of every figure over closes (metrics/), read
 * from the year chunks (derived/price-years.ts). Pure data, no I/O. Days are 'YYYY-MM-DD'.
 */

import { addDays, dayNumber, dayNumberAt } from './types.ts';

export interface DayClose {
  day: string;
  close: number;
}

/** Characters of one day in a packed list of days ('YYYY-MM-DD'). */
const DAY = 10;

/**
 * Trading days packed as stored (10 characters each, oldest first) with their day numbers: the days of a
 * series of closes. A day's text is made only where it is shown (`day(i)`).
 */
export class PackedDays {
  readonly #days: string;
  /** dayNumber of each day, ascending. */
  readonly numbers: Int32Array;

  /** `numbers`: the days' numbers when already known (a head of a longer series), else parsed here. */
  constructor(days: string, numbers?: Int32Array) {
    const n = days.length / DAY;
    this.#days = days;
    if (numbers && numbers.length === n) this.numbers = numbers;
    else {
      this.numbers = new Int32Array(n);
      for (let i = 0; i < n; i++) this.numbers[i] = dayNumberAt(days, i * DAY);
    }
  }

  /** The first `n` days, packed as stored. */
  protected packedHead(n: number): string {
    return this.#days.slice(0, n * DAY);
  }

  get length(): number {
    return this.numbers.length;
  }

  day(i: number): string {
    return this.#days.slice(i * DAY, i * DAY + DAY);
  }

  /** The index of the last day on or before `day` (binary search); -1 when the days start after it. */
  indexOnOrBefore(day: string): number {
    const target = dayNumber(day);
    let lo = 0;
    let hi = this.numbers.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.numbers[mid] as number) <= target) lo = mid + 1;
      else hi = mid;
    }
    return lo - 1;
  }

  /** The index of the first day on or after `day`; the length when the days end before it. */
  indexFrom(day: string): number {
    return this.indexOnOrBefore(addDays(day, -1)) + 1;
  }
}

/** One close column of a security's days (a chart that needs only the split-adjusted closes). */
export class ColumnCloses extends PackedDays {
  readonly closes: Float64Array;

  constructor(days: string, closes: Float64Array) {
    super(days);
    if (closes.length !== this.length) throw new Error('ColumnCloses: days and closes of different lengths');
    this.closes = closes;
  }

  static readonly empty = new ColumnCloses('', new Float64Array(0));
}

/*
 * A security's daily closes as columns (the metric catalogue's input): its days with the split-adjusted
 * close and the total-return close of each. A whole history is about 5,000 days: as a day/close object
 * per day and column it was a third of a key statistics call's time, most of it garbage collection; as
 * columns the figures over the whole history (drawdown, all-time high) read numbers, and objects are made
 * only for the windows that need them.
 */
export class CloseHistory extends PackedDays {
  /** Split-adjusted closes (prices as traded, in today's share terms). */
  readonly split: Float64Array;
  /** Closes adjusted for splits and dividends (total return). */
  readonly adjusted: Float64Array;

  /** `days`: the days packed, oldest first, one close of each column per day. */
  constructor(days: string, split: Float64Array, adjusted: Float64Array, numbers?: Int32Array) {
    super(days, numbers);
    if (split.length !== this.length || adjusted.length !== this.length)
      throw new Error('CloseHistory: columns of different lengths');
    this.split = split;
    this.adjusted = adjusted;
  }

  /** The history of day/close points (the adjusted column, when given, on the same days). */
  static of(split: readonly DayClose[], adjusted: readonly DayClose[] = split): CloseHistory {
    if (adjusted.some((point, i) => point.day !== split[i]?.day))
      throw new Error('CloseHistory.of: the columns are not of the same days');
    return new CloseHistory(
      split.map((point) => point.day).join(''),
      Float64Array.from(split, (point) => point.close),
      Float64Array.from(adjusted, (point) => point.close),
    );
  }

  static readonly empty = new CloseHistory('', new Float64Array(0), new Float64Array(0));

  /**
   * The history up to the last day on or before `day` (what was known on it: ADR 0026), its prices as
   * traded then: the split-adjusted closes times `scale`, the splits after the day that they were later
   * divided by. The total-return column is left as it is: only its ratios are read (drawdown).
   */
  through(day: string, scale = 1): CloseHistory {
    const n = this.indexOnOrBefore(day) + 1;
    if (n === this.length && scale === 1) return this;
    const split = this.split.slice(0, n);
    if (scale !== 1) for (let i = 0; i < n; i++) split[i] = (split[i] as number) * scale;
    return new CloseHistory(this.packedHead(n), split, this.adjusted.subarray(0, n), this.numbers.subarray(0, n));
  }

  /** Day/close points of one column from index `from` on (the windows that are read as points). */
  points(column: 'split' | 'adjusted', from = 0): DayClose[] {
    const closes = this[column];
    const out: DayClose[] = new Array(Math.max(0, closes.length - from));
    for (let i = Math.max(0, from); i < closes.length; i++)
      out[i - from] = { day: this.day(i), close: closes[i] as number };
    return out;
  }
}
