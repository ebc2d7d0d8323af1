import { describe, expect, it } from 'vitest';
import { figureCatalogue } from './catalogue.ts';
import { seriesCatalogue } from './series-catalogue.ts';
import { meaningfulFor, statementKinds } from './statement-kinds.ts';

/* One not-meaningful rule (issue 42): a name the metric catalogue declares follows its declaration's kinds. */
describe('meaningfulFor', () => {
  it('follows the catalogue for every figure and series it declares', () => {
    for (const [name, declaration] of [...Object.entries(figureCatalogue), ...Object.entries(seriesCatalogue)])
      for (const kind of statementKinds)
        expect(meaningfulFor(kind, name), `${name} for ${kind}`).toBe(
          (declaration.for as readonly string[]).includes(kind),
        );
  });

  it('a figure and a series of the same name mean something for the same kinds', () => {
    for (const name of Object.keys(seriesCatalogue))
      if (Object.hasOwn(figureCatalogue, name))
        expect([...seriesCatalogue[name as keyof typeof seriesCatalogue].for], name).toEqual([
          ...figureCatalogue[name as keyof typeof figureCatalogue].for,
        ]);
  });

  it("an insurer's EV/EBITDA and a bank's margins, EV/Sales and P/FCF mean nothing", () => {
    expect(meaningfulFor('insurer', 'evEbitda')).toBe(false);
    expect(meaningfulFor('insurer', 'evSales')).toBe(true);
    for (const name of ['grossMargin', 'operatingMargin', 'evEbitda', 'evSales', 'pfcf'])
      expect(meaningfulFor('bank', name), name).toBe(false);
    expect(meaningfulFor('reit', 'grossMargin')).toBe(false);
    expect(meaningfulFor('reit', 'operatingMargin')).toBe(true);
  });

  it('decides the statement lines the catalogue does not declare from its own table', () => {
    expect(meaningfulFor('bank', 'currentRatio')).toBe(false);
    expect(meaningfulFor('general', 'currentRatio')).toBe(true);
  });
});
