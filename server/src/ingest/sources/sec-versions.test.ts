import { describe, expect, it } from 'vitest';
import type { RawFact } from './sec-facts.ts';
import { better } from './sec-statements.ts';
import { combinedVersions, versionOn, versionsOf } from './sec-versions.ts';

/* The versions of one period's fact over the filings (statements as filed on a day, issue 32). */

const raw = (over: Partial<RawFact>): RawFact => ({
  start: '2023-01-01',
  end: '2023-12-31',
  val: 100,
  accn: 'A',
  fy: 2023,
  fp: 'FY',
  form: '10-K',
  filed: '2024-02-20',
  concept: 'Revenues',
  priority: 0,
  unit: 'USD',
  asOf: null,
  ...over,
});
describe('versions of a fact over the filings', () => {
  it('a value repeated by later reports is one version, with the filing that first gave it', () => {
    const facts = [
      raw({ accn: 'K25', filed: '2025-02-20' }),
      raw({ accn: 'K24', filed: '2024-02-20' }),
      raw({ accn: 'K26', filed: '2026-02-20' }),
    ];
    expect(versionsOf(facts, better)).toEqual([{ value: 100, accession: 'K24', filed: '2024-02-20' }]);
  });

  it('a restatement is a second version from its day on; two filings of one day are one step', () => {
    const facts = [
      raw({ accn: 'K24', filed: '2024-02-20' }),
      // An amendment and a 10-Q on the same day: the day ends with the later accession's value.
      raw({ accn: 'K24A', filed: '2024-05-01', val: 90 }),
      raw({ accn: 'K24B', filed: '2024-05-01', val: 95 }),
      raw({ accn: 'K25', filed: '2025-02-20', val: 95 }),
    ];
    const history = versionsOf(facts, better);
    expect(history).toEqual([
      { value: 100, accession: 'K24', filed: '2024-02-20' },
      { value: 95, accession: 'K24B', filed: '2024-05-01' },
    ]);
    expect(versionOn(history, '2024-02-19')).toBeUndefined();
    expect(versionOn(history, '2024-04-30')?.value).toBe(100);
    expect(versionOn(history, '2024-05-01')?.value).toBe(95);
  });

  it("the chain's first concept, once filed, wins from that day on, as it does for the latest value", () => {
    const facts = [
      raw({ concept: 'SalesRevenueNet', priority: 1, accn: 'K24', filed: '2024-02-20', val: 98 }),
      raw({ concept: 'Revenues', priority: 0, accn: 'K25', filed: '2025-02-20', val: 100 }),
      // A later report giving the second concept again changes nothing.
      raw({ concept: 'SalesRevenueNet', priority: 1, accn: 'K26', filed: '2026-02-20', val: 97 }),
    ];
    expect(versionsOf(facts, better).map((v) => [v.filed, v.value])).toEqual([
      ['2024-02-20', 98],
      ['2025-02-20', 100],
    ]);
  });

  it('a computed value changes on the days its inputs do, once all of them are known, naming their filings', () => {
    const year = [
      { value: 4_000, accession: 'K23', filed: '2024-02-20' },
      { value: 3_900, accession: 'K24', filed: '2025-02-20' },
    ];
    const quarters = [{ value: 2_850, accession: 'Q3', filed: '2023-11-01' }];
    const repeated = [{ value: 1, accession: 'X', filed: '2024-06-01' }];
    expect(combinedVersions([year, quarters, repeated], ([y, q, x]) => (y ?? 0) - (q ?? 0) + 0 * (x ?? 0))).toEqual([
      { value: 1_150, accession: 'K23,Q3,X', filed: '2024-06-01' },
      { value: 1_050, accession: 'K24,Q3,X', filed: '2025-02-20' },
    ]);
  });
});
