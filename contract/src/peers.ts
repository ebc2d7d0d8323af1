import { z } from 'zod';
import { type FiguresWhere, figuresWhere } from './catalogue.ts';
import { figureNumber } from './metrics.ts';

/*
 * A company's peers (issue 33) and its next report date, estimated from its filing calendar. The ratios
 * are the catalogue's figures the catalogue shows in the peers table (catalogue.ts `peers`), as the
 * screener has them.
 */
export const peerFigures = figuresWhere((figure) => figure.peers) as PeerFigure[];
export type PeerFigure = FiguresWhere<{ peers: true }>;

export const peerRow = z.object({
  ticker: z.string(),
  name: z.string(),
  sector: z.string().nullable(),
  industry: z.string().nullable(),
  currency: z.string(),
  ...(Object.fromEntries(peerFigures.map((name) => [name, figureNumber(name)])) as {
    [K in PeerFigure]: ReturnType<typeof figureNumber>;
  }),
});
export type PeerRow = z.infer<typeof peerRow>;

export const companyPeers = z
  .object({
    asOf: z.string().nullable().meta({ description: 'The last trading day of the company' }),
    company: peerRow,
    peers: z.array(peerRow).meta({
      description:
        'Up to eight, nearest first: the same industry by market cap (the distance of the logarithms); ' +
        'when the industry has fewer than five others, the nearest of the same sector fill the list',
    }),
  })
  .meta({ id: 'CompanyPeers', description: 'A company and its nearest peers with their key ratios side by side.' });
export type CompanyPeers = z.infer<typeof companyPeers>;

export const nextReport = z
  .object({
    ticker: z.string(),
    asOf: z.string().nullable().meta({ description: 'The day the estimate is made on: the last trading day' }),
    cadence: z.enum(['quarterly', 'annual', 'irregular', 'none']).meta({
      description:
        'How the company reports, read from the gaps between its filed period ends (none: no recent filings)',
    }),
    estimated: z.literal(true).meta({ description: 'Always true: a date read from the past filings, not announced' }),
    expected: z
      .object({
        date: z.string().meta({ description: 'The expected filing day: period end + the median filing lag' }),
        periodEnd: z.string().meta({ description: 'The end of the fiscal period expected to be reported' }),
        fiscalPeriod: z.enum(['Q1', 'Q2', 'Q3', 'FY']),
        lagDays: z.number().int().meta({ description: 'Median days from period end to filing used' }),
        basedOn: z.number().int().meta({ description: 'How many past filings that median is of' }),
      })
      .nullable()
      .meta({ description: 'null when the calendar cannot be read (irregular or none)' }),
    lastFiled: z
      .object({ periodEnd: z.string(), filed: z.string() })
      .nullable()
      .meta({ description: 'The last period filed and the day it was filed' }),
  })
  .meta({
    id: 'NextReport',
    description:
      'The next report (10-Q or 10-K) estimated from the filing calendar: the fiscal period after the last ' +
      'filed one, expected after the median filing lag of that kind of report (the annual one for a fiscal year).',
    example: {
      ticker: 'SOLQ',
      asOf: '2025-11-21',
      cadence: 'quarterly',
      estimated: true,
      expected: { date: '2026-02-09', periodEnd: '2025-12-31', fiscalPeriod: 'FY', lagDays: 40, basedOn: 3 },
      lastFiled: { periodEnd: '2025-09-30', filed: '2025-11-09' },
    },
  });
export type NextReport = z.infer<typeof nextReport>;
