import {
  declarationOf,
  figureNames,
  indicatorRow,
  meaningfulFor,
  peerRow,
  screenerColumnOf,
  screenerFigures,
  snapshotFigures,
  statementKinds,
} from '@app/contract';
import { describe, expect, it } from 'vitest';
import { figureColumns, indicatorColumns } from './screener-rows.ts';

/*
 * Issue 42: the lists made from the metric catalogue cover exactly its figures, no more, no fewer: a
 * figure added to the catalogue with a screener column is an OData field, an allow-listed column and a
 * field of the screener row; one taken out leaves none behind. (The stored table's columns: the 023
 * migration test.)
 */
const NOT_FIGURES = {
  descriptive: ['ticker', 'name', 'kind', 'exchange', 'sector', 'industry', 'country', 'currency'],
  flags: ['isGreenEnergy', 'isGreenTransport', 'isGreenWater', 'isGreenWaste'],
  day: ['asOf'],
};
const withoutNonFigures = (fields: string[]) =>
  fields.filter((field) => !Object.values(NOT_FIGURES).flat().includes(field));

describe('lists made from the metric catalogue', () => {
  it('allow-lists exactly the catalogue figures with a screener column, under their declared columns', () => {
    expect(withoutNonFigures(Object.keys(indicatorColumns))).toEqual(screenerFigures);
    for (const name of screenerFigures) {
      expect(indicatorColumns[name]).toEqual({ column: screenerColumnOf(name), type: 'number' });
    }
    expect(Object.keys(figureColumns)).toEqual(screenerFigures);
  });

  it('gives the screener row (OData fields) exactly those figures, each described by its formula', () => {
    const fields = Object.keys(indicatorRow.shape);
    expect(withoutNonFigures(fields)).toEqual(screenerFigures);
    expect(fields).toEqual(Object.keys(indicatorColumns));
    for (const name of screenerFigures) {
      expect(indicatorRow.shape[name].description).toContain(declarationOf(name).formula);
    }
  });

  it('gives the snapshot every figure and the peers row the figures the catalogue shows there', () => {
    const snapshot = Object.keys(snapshotFigures.shape);
    expect(snapshot.filter((key) => (figureNames as string[]).includes(key))).toEqual(figureNames);
    const peers = Object.keys(peerRow.shape).filter((key) => (figureNames as string[]).includes(key));
    expect(peers).toEqual(figureNames.filter((name) => declarationOf(name).peers));
  });

  it('declares one snake_case column per screener figure, none shared', () => {
    const columns = screenerFigures.map(screenerColumnOf);
    expect(new Set(columns).size).toBe(columns.length);
    for (const column of columns) expect(column).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it('agrees with the statement templates on the kinds a figure means something for', () => {
    // A figure that is also a statement metric (gross margin...) is shown for the same kinds on both.
    for (const name of figureNames) {
      for (const kind of statementKinds) {
        if (meaningfulFor(kind, name)) continue;
        expect(declarationOf(name).for, `${name} for a ${kind}`).not.toContain(kind);
      }
    }
  });
});
