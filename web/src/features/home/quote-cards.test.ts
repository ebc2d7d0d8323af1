import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CARD_GAP, CARD_MIN, columnVariables, MOST_COLUMNS } from './quote-cards.tsx';

const css = fs.readFileSync(path.join(import.meta.dirname, 'home.css'), 'utf8');

describe('the quote cards grid, laid out by the browser alone', () => {
  it('gives each number of cards that fit its balanced column count', () => {
    const eight = columnVariables(8) as Record<string, number>;
    // Room for 7: four columns, two full rows (issue 23), not seven and one.
    expect(eight['--columns-7']).toBe(4);
    expect(eight['--columns-8']).toBe(8);
    expect(eight['--columns-12']).toBe(8);
    expect(eight['--columns-1']).toBe(1);
    expect(Object.keys(eight)).toHaveLength(MOST_COLUMNS);
  });

  it('has a container width for every count, where that many cards of the narrowest width and their gaps fit', () => {
    const widths = [
      ...css.matchAll(
        /@container \(min-width: (\d+)px\) \{\s*\.quote-cards \{\s*grid-template-columns: repeat\(var\(--columns-(\d+)\), minmax\(0, 1fr\)\);/g,
      ),
    ].map(([, width, fit]) => [Number(fit), Number(width)]);
    const expected = Array.from({ length: MOST_COLUMNS - 1 }, (_, index) => {
      const fit = index + 2;
      return [fit, fit * CARD_MIN + (fit - 1) * CARD_GAP];
    });
    expect(widths).toEqual(expected);
    expect(css).toMatch(/\.quote-cards \{[^}]*gap: 12px;/);
    expect(CARD_GAP).toBe(12);
  });
});
