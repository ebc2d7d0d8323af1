import { describe, expect, it } from 'vitest';
import { parseCompanyFacts } from './sec.ts';

/*
 * A five-month transition period (August to December) reported by a 10-KT that also gives its last three
 * months: the transition period is one period, labelled TP in both statements; its last quarter is part of
 * it, not a fiscal quarter (two facts for one period would not fit one statement row).
 */
const fact = (start: string | null, end: string, val: number, accn: string, form: string, filed: string) => ({
  ...(start ? { start } : {}),
  end,
  val,
  accn,
  fy: 2023,
  fp: 'FY',
  form,
  filed,
});
const K = '0000990199-23-000001';
const KT = '0000990199-24-000001';
const companyfacts = {
  cik: 990199,
  entityName: 'Quzshift Corp.',
  facts: {
    'us-gaap': {
      Revenues: {
        units: {
          USD: [
            fact('2021-08-01', '2022-07-31', 1200, K, '10-K', '2023-09-20'),
            fact('2022-08-01', '2023-07-31', 1300, K, '10-K', '2023-09-20'),
            fact('2023-08-01', '2023-12-31', 560, KT, '10-KT', '2024-03-10'),
            fact('2023-10-01', '2023-12-31', 340, KT, '10-KT', '2024-03-10'),
            fact('2022-11-01', '2023-01-31', 320, K, '10-K', '2023-09-20'),
          ],
        },
      },
      Assets: { units: { USD: [fact(null, '2023-12-31', 9000, KT, '10-KT', '2024-03-10')] } },
    },
  },
};

describe('a transition period longer than a quarter', () => {
  it('is one TP period in both statements, with its balance sheet; its last three months are no quarter', () => {
    const { facts } = parseCompanyFacts(companyfacts, 'QZSH', '1231');
    const atEnd = facts
      .filter((f) => f.periodEnd === '2023-12-31')
      .map((f) => [f.lineItem, f.period, f.fiscalPeriod, f.periodStart, f.value]);
    expect(atEnd).toEqual(
      expect.arrayContaining([
        ['revenue', 'annual', 'TP', '2023-08-01', 560],
        ['revenue', 'quarterly', 'TP', '2023-08-01', 560],
        ['total_assets', 'annual', 'TP', null, 9000],
        ['total_assets', 'quarterly', 'TP', null, 9000],
      ]),
    );
    expect(atEnd).toHaveLength(4);
    expect(facts.filter((f) => f.fiscalPeriod === 'FY').map((f) => f.periodEnd)).toEqual(['2022-07-31', '2023-07-31']);
  });
});
