import type { MapStock } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { groupBySector, layoutMap, MIN_TILE_AREA, tileColour } from './map-layout.ts';

const stock = (ticker: string, sector: string, marketCap: number, changePct: number | null = 1): MapStock => ({
  ticker,
  name: `${ticker} Corp`,
  sector,
  currency: 'USD',
  price: 10,
  marketCap,
  changePct,
});

const stocks = [
  stock('AQ', 'Utilities', 50),
  stock('BQ', 'Technology', 400),
  stock('CQ', 'Utilities', 150),
  stock('DQ', 'Technology', 100),
  stock('EQ', 'Energy', 300),
];

describe('the market map’s layout (issue 46)', () => {
  it('groups by sector, the largest sector first and the largest stock first within it', () => {
    expect(groupBySector(stocks).map((g) => [g.sector, g.stocks.map((s) => s.ticker)])).toEqual([
      ['Technology', ['BQ', 'DQ']],
      ['Energy', ['EQ']],
      ['Utilities', ['CQ', 'AQ']],
    ]);
  });

  it('gives each sector an area by its market cap and keeps its tiles inside it', () => {
    const sectors = layoutMap(stocks, 800, 500, null);
    const area = (r: { width: number; height: number }) => r.width * r.height;
    expect(sectors.map((s) => area(s.rect) / (800 * 500))).toEqual([0.5, 0.3, 0.2].map((v) => expect.closeTo(v, 9)));
    for (const sector of sectors)
      for (const tile of sector.tiles) {
        expect(tile.x).toBeGreaterThanOrEqual(sector.rect.x - 1e-9);
        expect(tile.y).toBeGreaterThanOrEqual(sector.rect.y - 1e-9);
        expect(tile.x + tile.width).toBeLessThanOrEqual(sector.rect.x + sector.rect.width + 1e-9);
        expect(tile.y + tile.height).toBeLessThanOrEqual(sector.rect.y + sector.rect.height + 1e-9);
      }
  });

  it('zooms into one sector: it takes the whole box', () => {
    const [only, ...rest] = layoutMap(stocks, 390, 480, 'Utilities');
    expect(rest).toEqual([]);
    expect(only?.rect).toEqual({ x: 0, y: 0, width: 390, height: 480 });
    expect(only?.tiles.map((t) => t.stock.ticker)).toEqual(['CQ', 'AQ']);
  });

  it('leaves tiles too small to see to the sector’s zoom', () => {
    const many = [
      stock('BIGQ', 'Energy', 1e12),
      ...Array.from({ length: 50 }, (_, i) => stock(`S${i}Q`, 'Energy', 1e6)),
    ];
    const [energy] = layoutMap(many, 300, 200, null);
    expect(energy?.stocks).toHaveLength(51);
    expect(energy?.tiles.map((t) => t.stock.ticker)).toEqual(['BIGQ']);
    expect(energy?.tiles.every((t) => t.width * t.height >= MIN_TILE_AREA)).toBe(true);
  });

  it('colours a change on the scale: grey at 0, full green or red at the scale and beyond', () => {
    expect(tileColour(0, 3)).toBe('color-mix(in srgb, var(--map-gain) 0%, var(--map-flat))');
    expect(tileColour(1.5, 3)).toBe('color-mix(in srgb, var(--map-gain) 50%, var(--map-flat))');
    expect(tileColour(-9, 3)).toBe('color-mix(in srgb, var(--map-loss) 100%, var(--map-flat))');
    expect(tileColour(null, 3)).toBe('var(--map-none)');
  });
});
