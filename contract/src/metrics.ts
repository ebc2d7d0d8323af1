import { z } from 'zod';
import { declarationOf, type FigureUnit, figureCatalogue, figureNames } from './catalogue.ts';
import { statementKind } from './statement-templates.ts';

/*
 * The metric catalogue's figures as an answer's schema (issue 31, issue 42): every figure is declared once
 * in catalogue.ts (unit, format, kinds, surfaces, definition, formula); the snapshot's schema is made
 * from those declarations. One server module computes them (server/src/metrics/snapshot.ts).
 */
export type { FigureDeclaration as MetricDefinition } from './catalogue.ts';

/** The catalogue under its first name (server code and tests read figures' formulas from it). */
export const metricCatalogue = figureCatalogue;

export type SnapshotFigure = keyof typeof metricCatalogue;

const UNIT_PHRASES: Record<FigureUnit, string> = {
  currency: 'in the security’s currency',
  pct: 'in % (2.5 = 2.5 %)',
  fraction: 'as a fraction (0.25 = 25 %)',
  multiple: 'a multiple',
  ratio: 'a ratio',
  shares: 'in shares',
  count: 'a count',
  percentile: 'a percentile, 0-100',
  score: 'points',
};

/** A figure's field in any answer (snapshot, screener row, peers): its formula, basis and unit, from the catalogue. */
export const figureNumber = (name: SnapshotFigure) => {
  const figure = declarationOf(name);
  const outOf = figure.format?.outOf === undefined ? '' : ` out of ${figure.format.outOf}`;
  return z
    .number()
    .nullable()
    .meta({ description: `${figure.formula} (${figure.basis}; ${UNIT_PHRASES[figure.unit]}${outOf})` });
};

/** A security's figures on its last trading day, as the catalogue defines them. */
export const snapshotFigures = z
  .object({
    asOf: z.string().nullable().meta({ description: 'Day of the last close: the day every price figure is of' }),
    fundamentalsAsOf: z
      .string()
      .nullable()
      .meta({ description: 'End of the TTM (or fiscal-year) period the statement figures come from' }),
    fundamentalsBasis: z.enum(['ttm', 'fy']).nullable(),
    peEps: z
      .enum(['diluted', 'basic'])
      .nullable()
      .meta({ description: 'The EPS the P/E is on: diluted, or basic where the company files no diluted EPS' }),
    template: statementKind.nullable().meta({
      description:
        'The statement template (general, bank, insurer, reit; null for a coin): figures that mean nothing for ' +
        'a kind (a bank’s enterprise value, gross margin, EV/EBITDA) are null',
    }),
    ...(Object.fromEntries(figureNames.map((name) => [name, figureNumber(name)])) as {
      [K in SnapshotFigure]: ReturnType<typeof figureNumber>;
    }),
    maxDrawdownDay: z.string().nullable(),
    parts: z.record(z.string(), z.record(z.string(), z.boolean().nullable())).meta({
      description:
        'The tests a score is made of (a catalogue figure with parts: its name, then each test’s), each passed (true), failed ' +
        '(false) or unknown (null: an input is missing, and the score is null)',
    }),
  })
  .meta({ id: 'SnapshotFigures', description: 'The metric catalogue’s figures of one security (docs/api.md)' });
export type SnapshotFigures = z.infer<typeof snapshotFigures>;
