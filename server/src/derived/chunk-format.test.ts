import { describe, expect, it } from 'vitest';
import { dayNumber } from '../finance/types.ts';
import { packAmounts, packDayNumbers, unpackAmounts, unpackDayNumbers } from './chunk-layout.ts';
import { NO_FILED_DAY as NO, packFactStatement, type StatementFact } from './fact-statements.ts';
import { periodRows } from './fiscal-periods.ts';
import { packPriceYear } from './price-years.ts';

/* The series tables' chunk format (ADR 0008): packing, and the price chart written from the stored points. */

describe('chunk format', () => {
  it('keeps every close bit for bit through its text, and every bar through its bytes', () => {
    const awkward = [0.1 + 0.2, 1e-7, 37.166666666666664, 123456789.12345679, 5e-324, 1.7976931348623157e308, 2 / 3];
    const points = awkward.map((v, i) => ({
      day: `2021-01-${String(i + 1).padStart(2, '0')}`,
      open: i === 1 ? null : v * 2,
      high: v * 3,
      low: v / 2,
      close: v + 1,
      volume: i === 2 ? null : i * 1000,
      closeSplitAdj: v,
      closeAdj: -v,
    }));
    const row = packPriceYear(7, points);
    expect(row).toMatchObject({ security_id: 7, year: 2021 });
    expect(row.days).toBe(points.map((p) => p.day).join(''));
    expect(row.close_split_adj.split(',').map(Number)).toEqual(awkward);
    expect(row.close_adj.split(',').map(Number)).toEqual(awkward.map((v) => -v));
    // Column-major: every open, then high, low, close, volume; NaN where the source gave none.
    const n = points.length;
    const bars = [...unpackAmounts(row.bars as Uint8Array)];
    expect(bars).toHaveLength(5 * n);
    const column = (k: number) => bars.slice(k * n, (k + 1) * n).map((v) => (Number.isNaN(v) ? null : v));
    expect(column(0)).toEqual(points.map((p) => p.open));
    expect(column(1)).toEqual(points.map((p) => p.high));
    expect(column(2)).toEqual(points.map((p) => p.low));
    expect(column(3)).toEqual(points.map((p) => p.close));
    expect(column(4)).toEqual(points.map((p) => p.volume));
  });

  it('keeps every statement amount bit for bit through its bytes, aligned or not', () => {
    const awkward = [0.1 + 0.2, -0, 1e-300, -123456789012.34, 2 ** 53 + 2, Number.MAX_VALUE, 5e-324];
    const packed = packAmounts(awkward);
    expect(packed.byteLength).toBe(awkward.length * 8);
    expect(Object.is(unpackAmounts(packed)[1], -0)).toBe(true);
    expect([...unpackAmounts(packed)]).toEqual(awkward);
    // A blob that does not start on a multiple of 8 (a driver's shared buffer) is copied, not viewed.
    const shifted = new Uint8Array(packed.byteLength + 3);
    shifted.set(packed, 3);
    expect([...unpackAmounts(shifted.subarray(3))]).toEqual(awkward);
  });

  it("writes each filing once and repeated items as '=', and reads every cell's filings back", () => {
    const q1 = '0000000001-21-000001';
    const q2 = '0000000001-21-000002';
    const fy = '0000000001-22-000001';
    const fact = (item: string, end: string, accession: string | null): StatementFact => ({
      line_item: item,
      period: 'quarterly',
      period_start: null,
      period_end: end,
      fiscal_year: 2021,
      fiscal_period: 'Q1',
      value: 1,
      unit: 'USD',
      accession,
      derived: 0,
    });
    const row = packFactStatement(3, [
      fact('cash', '2021-03-31', null),
      fact('cash', '2021-06-30', null),
      // A fourth quarter derived from the year and three quarters names all their filings.
      fact('cost_of_revenue', '2021-03-31', q1),
      fact('cost_of_revenue', '2021-06-30', `${fy},${q1}`),
      fact('net_income', '2021-03-31', q1),
      fact('net_income', '2021-06-30', `${fy},${q1}`),
      fact('revenue', '2021-03-31', q1),
      fact('revenue', '2021-06-30', `${fy},${q1}`),
      fact('taxes', '2021-06-30', q2),
    ]);
    expect(row.accessions.split('\n')).toEqual([JSON.stringify([q1, `${fy},${q1}`, q2]), '', '0,1', '=', '=', ',2']);
    const [march, june] = periodRows(row, []);
    const filings = (r: typeof march, item: string) => r?.items.get(item)?.accessions;
    expect(filings(march, 'cash')).toEqual([]);
    expect(filings(march, 'revenue')).toEqual([q1]);
    expect(filings(june, 'revenue')).toEqual([fy, q1]);
    expect(filings(june, 'net_income')).toBe(filings(june, 'cost_of_revenue'));
    expect(filings(june, 'taxes')).toEqual([q2]);
    expect(march?.items.has('taxes')).toBe(false);
  });

  it('keeps every day number through its bytes, aligned or not', () => {
    const days = [0, -1, dayNumber('2021-07-30'), NO, 2_147_483_647];
    const packed = packDayNumbers(days);
    expect(packed.byteLength).toBe(days.length * 4);
    expect([...unpackDayNumbers(packed)]).toEqual(days);
    const shifted = new Uint8Array(packed.byteLength + 1);
    shifted.set(packed, 1);
    expect([...unpackDayNumbers(shifted.subarray(1))]).toEqual(days);
  });

  it('refuses a day of another year or an empty chunk', () => {
    const day = (d: string) => ({
      day: d,
      open: 1,
      high: 1,
      low: 1,
      close: 1,
      volume: 1,
      closeSplitAdj: 1,
      closeAdj: 1,
    });
    expect(() => packPriceYear(1, [day('2021-12-31'), day('2022-01-03')])).toThrow(/2022-01-03/);
    expect(() => packPriceYear(1, [])).toThrow(/no points/);
  });

  it('packs the line items as a matrix over the union of their period ends', () => {
    const fact = (
      line_item: string,
      end: string,
      value: number,
      extra: Partial<StatementFact> = {},
    ): StatementFact => ({
      line_item,
      period: 'quarterly',
      period_start: `${end.slice(0, 4)}-01-01`,
      period_end: end,
      fiscal_year: Number(end.slice(0, 4)),
      fiscal_period: 'Q1',
      value,
      unit: 'USD',
      accession: null,
      derived: 0,
      ...extra,
    });
    const row = packFactStatement(3, [
      fact('revenue', '2021-06-30', 2, {
        accession: '0000320193-21-000065',
        derived: 1,
        fiscal_period: 'Q2',
        filed: '2021-07-30',
      }),
      fact('revenue', '2021-03-31', 1, { period_start: null }),
      // An instant: no start of its own; the flow of the same period gives it.
      fact('cash', '2021-06-30', 7, { period_start: null, fiscal_period: 'FY', fiscal_year: 2020 }),
      fact('cash', '2021-09-30', 8, { period_start: null, fiscal_period: 'FY' }),
    ]);
    expect(row).toEqual({
      security_id: 3,
      period: 'quarterly',
      period_ends: '2021-03-312021-06-302021-09-30',
      // March: the revenue fact has none; June from revenue (cash is an instant); September: none at all.
      period_starts: '----------2021-01-01----------',
      // Items in name order: cash decides June's fiscal year, revenue its quarter label.
      fiscal_years: '2021,2020,2021',
      fiscal_periods: 'Q1Q2FY',
      line_items: 'cash,revenue',
      amounts: packAmounts([0, 7, 8, 1, 2, 0]),
      accessions: '["0000320193-21-000065"]\n\n,0,',
      derived: '-00' + '01-',
      currency: 'USD',
      restated: '',
      // Each cell's filing day as a day number, item-major; none where no fact or no day was given.
      filed_days: packDayNumbers([NO, NO, NO, NO, dayNumber('2021-07-30'), NO]),
    });
    expect(() =>
      packFactStatement(3, [fact('revenue', '2021-03-31', 1), fact('cash', '2021-06-30', 2, { period: 'annual' })]),
    ).toThrow(/mixed/);
    expect(() => packFactStatement(3, [fact('revenue', '2021-03-31', 1), fact('revenue', '2021-03-31', 2)])).toThrow(
      /two facts/,
    );
    expect(() => packFactStatement(3, [fact('a,b', '2021-03-31', 1)])).toThrow(/line item/);
    expect(() => packFactStatement(3, [])).toThrow(/no facts/);
    // A statement without any filing stores no lists of nulls.
    expect(packFactStatement(3, [fact('revenue', '2021-03-31', 1)]).accessions).toBe('');
  });
});
