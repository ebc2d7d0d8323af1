import { metricCatalogue, type SnapshotFigure, type SnapshotFigures } from '@app/contract';

/** A security's catalogue figures for a test: every figure null but those given. */
export function figures(given: Partial<SnapshotFigures> = {}): SnapshotFigures {
  const none = Object.fromEntries(Object.keys(metricCatalogue).map((name) => [name, null])) as Record<
    SnapshotFigure,
    null
  >;
  return {
    asOf: null,
    fundamentalsAsOf: null,
    fundamentalsBasis: null,
    peEps: null,
    template: null,
    maxDrawdownDay: null,
    parts: {},
    ...none,
    ...given,
  };
}
