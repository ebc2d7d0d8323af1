import { describe, expect, it } from 'vitest';
import { estimateNextReport, type FiledPeriod, nextPeriodEnd } from './report-date.ts';
import { addDays } from './types.ts';

const quarterEnds = ['03-31', '06-30', '09-30', '12-31'];
/** A calendar-year quarterly filer: 10-Qs 40 days after the quarter, the 10-K 60 days after the year. */
const quarterlyFiler = (fromYear: number, toYear: number): FiledPeriod[] =>
  Array.from({ length: toYear - fromYear + 1 }, (_, i) => fromYear + i).flatMap((year) =>
    quarterEnds.map((md, q) => {
      const periodEnd = `${year}-${md}`;
      const fiscalPeriod = (['Q1', 'Q2', 'Q3', 'FY'] as const)[q] as FiledPeriod['fiscalPeriod'];
      return { periodEnd, fiscalPeriod, filed: addDays(periodEnd, q === 3 ? 60 : 40) };
    }),
  );

describe('estimateNextReport', () => {
  it("expects a quarterly filer's next 10-Q one quarter after its last period, at its median lag", () => {
    const estimate = estimateNextReport(quarterlyFiler(2022, 2024), '2025-03-10');
    expect(estimate).toEqual({
      cadence: 'quarterly',
      expected: { date: '2025-05-10', periodEnd: '2025-03-31', fiscalPeriod: 'Q1', lagDays: 40, basedOn: 6 },
    });
  });

  it("expects the annual report at the annual report's own (longer) lag", () => {
    const filings = quarterlyFiler(2022, 2024).filter((f) => f.periodEnd <= '2024-09-30');
    const estimate = estimateNextReport(filings, '2024-12-01');
    expect(estimate.expected).toEqual({
      date: '2025-03-01',
      periodEnd: '2024-12-31',
      fiscalPeriod: 'FY',
      lagDays: 60,
      basedOn: 2,
    });
  });

  it('reads an annual-only filer, 52-week years ending on a Saturday', () => {
    const filings: FiledPeriod[] = [
      { periodEnd: '2021-09-25', fiscalPeriod: 'FY', filed: '2021-10-29' },
      { periodEnd: '2022-09-24', fiscalPeriod: 'FY', filed: '2022-10-28' },
      { periodEnd: '2023-09-30', fiscalPeriod: 'FY', filed: '2023-11-03' },
    ];
    expect(nextPeriodEnd('2023-09-30', 12)).toBe('2024-09-30');
    expect(nextPeriodEnd('2022-09-24', 12)).toBe('2023-09-23');
    const estimate = estimateNextReport(filings, '2024-01-15');
    expect(estimate.cadence).toBe('annual');
    expect(estimate.expected).toEqual({
      date: '2024-11-03',
      periodEnd: '2024-09-30',
      fiscalPeriod: 'FY',
      lagDays: 34,
      basedOn: 3,
    });
  });

  it('moves on to the following period when the expected day has passed without a filing', () => {
    const estimate = estimateNextReport(quarterlyFiler(2023, 2024), '2025-06-01');
    expect(estimate.expected?.periodEnd).toBe('2025-06-30');
    expect(estimate.expected?.fiscalPeriod).toBe('Q2');
    expect(estimate.expected?.date).toBe('2025-08-09');
  });

  it('gives no date for an irregular calendar', () => {
    const filings: FiledPeriod[] = [
      { periodEnd: '2023-01-31', fiscalPeriod: 'Q1', filed: '2023-03-01' },
      { periodEnd: '2023-08-31', fiscalPeriod: 'Q2', filed: '2023-10-15' },
      { periodEnd: '2024-01-31', fiscalPeriod: 'FY', filed: '2024-04-01' },
    ];
    expect(estimateNextReport(filings, '2024-05-01')).toEqual({ cadence: 'irregular', expected: null });
  });

  it('gives none without filings, or when the last period ended over two years ago', () => {
    expect(estimateNextReport([], '2024-05-01')).toEqual({ cadence: 'none', expected: null });
    expect(estimateNextReport(quarterlyFiler(2018, 2020), '2024-05-01')).toEqual({ cadence: 'none', expected: null });
  });

  it('does not look ahead: a filing made after the day asked is not known yet', () => {
    // Q3 2024 is filed on 2024-11-09: on 2024-11-01 it is still the one expected.
    const estimate = estimateNextReport(quarterlyFiler(2022, 2024), '2024-11-01');
    expect(estimate.expected?.periodEnd).toBe('2024-09-30');
    expect(estimate.expected?.date).toBe('2024-11-09');
  });
});
