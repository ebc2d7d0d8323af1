import { RANGE_KEYS, type RangeKey } from './screener-fields.ts';
import type { Range, ScreenerFilters } from './screener-state.ts';

/*
 * The range boxes hold what the reader typed (text), not numbers: "2," or "-" on the way to "2,5" or
 * "-20" must stay as typed. The URL holds numbers. These functions go between the two.
 */
export interface RangeText {
  min: string;
  max: string;
}
export type RangeDrafts = Record<RangeKey, RangeText>;

/**
 * A number as a reader types it in any of the 20 languages: "2.5" or "2,5", thousands grouped with a
 * space, a dot, a comma or an apostrophe ("1 000,5", "1.000,5", "1,000.5"), an optional trailing %.
 * '' is no bound (undefined); text that is not a number is null.
 */
export function parseTypedNumber(text: string): number | undefined | null {
  let value = text.replace(/[\s\u00a0\u202f'’]/g, '').replace(/%$/, '');
  if (value === '') return undefined;
  value = value.replace(/^[−–]/, '-');
  const comma = value.lastIndexOf(',');
  const dot = value.lastIndexOf('.');
  if (comma >= 0 && dot >= 0) {
    // Both: the last one is the decimal separator, the other groups thousands.
    value = comma > dot ? value.replaceAll('.', '').replace(',', '.') : value.replaceAll(',', '');
  } else if (comma >= 0) {
    value = value.replace(',', '.');
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(value)) return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

const textOf = (value: number | undefined) => (value === undefined ? '' : String(value));

export function draftsOf(filters: Pick<ScreenerFilters, 'ranges'>): RangeDrafts {
  return Object.fromEntries(
    RANGE_KEYS.map((key) => {
      const range = filters.ranges[key];
      return [key, { min: textOf(range?.min), max: textOf(range?.max) }];
    }),
  ) as RangeDrafts;
}

/** The boxes whose text is not a number: marked invalid, and their last applied value kept. */
export function invalidEnds(drafts: RangeDrafts): { key: RangeKey; end: keyof RangeText }[] {
  return RANGE_KEYS.flatMap((key) =>
    (['min', 'max'] as const).filter((end) => parseTypedNumber(drafts[key][end]) === null).map((end) => ({ key, end })),
  );
}

/** The filters the boxes stand for; a box with text that is not a number keeps the applied bound. */
export function rangesOf(drafts: RangeDrafts, applied: ScreenerFilters['ranges']): ScreenerFilters['ranges'] {
  const out: ScreenerFilters['ranges'] = {};
  for (const key of RANGE_KEYS) {
    const bound = (end: keyof RangeText) => {
      const parsed = parseTypedNumber(drafts[key][end]);
      return parsed === null ? applied[key]?.[end] : parsed;
    };
    const min = bound('min');
    const max = bound('max');
    if (min === undefined && max === undefined) continue;
    const range: Range = { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
    out[key] = range;
  }
  return out;
}
