import type { MapRange, MapStock } from '@app/contract';
import { type Rect, squarify } from './treemap.ts';

/*
 * The market map's model (issue 46): stocks grouped by sector, the sectors and then each sector's stocks
 * laid out by market cap (treemap.ts), each tile's colour from its change on the range's scale.
 */

/** The change (in %) at which a tile is fully green or red: a day moves less than a year. */
export const MAP_SCALE_PCT: Record<MapRange, number> = { '1D': 3, '1W': 6, '1M': 10, YTD: 25, '1Y': 40 };

/** Tiles smaller than this (px²) are not drawn on their own: they open with their sector. */
export const MIN_TILE_AREA = 6;

/** The band on top of a sector that names it (a button: 24 px, the least touch target, WCAG 2.5.8), when the sector is large enough to carry one. */
export const SECTOR_HEADER = 24;

export interface MapTile extends Rect {
  stock: MapStock;
}

export interface MapSector {
  sector: string;
  marketCap: number;
  /** All its stocks, the largest first. */
  stocks: MapStock[];
  rect: Rect;
  /** Whether the sector's name band is drawn (the tiles start below it). */
  header: boolean;
  /** The tiles large enough to draw, largest first. */
  tiles: MapTile[];
}

/** Stocks grouped by sector, the largest sector first, each sector's stocks the largest first. */
export function groupBySector(stocks: readonly MapStock[]): { sector: string; stocks: MapStock[] }[] {
  const groups = new Map<string, MapStock[]>();
  for (const stock of stocks) {
    const list = groups.get(stock.sector);
    if (list) list.push(stock);
    else groups.set(stock.sector, [stock]);
  }
  const cap = (list: readonly MapStock[]) => list.reduce((sum, s) => sum + s.marketCap, 0);
  return [...groups]
    .map(([sector, list]) => ({ sector, stocks: list.sort((a, b) => b.marketCap - a.marketCap), cap: cap(list) }))
    .sort((a, b) => b.cap - a.cap)
    .map(({ sector, stocks: list }) => ({ sector, stocks: list }));
}

/** The map in a box of `width` × `height` px: the sectors (only `only` when zoomed into one) and their tiles. */
export function layoutMap(
  stocks: readonly MapStock[],
  width: number,
  height: number,
  only: string | null,
): MapSector[] {
  const groups = groupBySector(stocks).filter((group) => only === null || group.sector === only);
  const caps = groups.map((group) => group.stocks.reduce((sum, s) => sum + s.marketCap, 0));
  const rects = squarify(caps, { x: 0, y: 0, width, height });
  return groups.map((group, i) => {
    const rect = rects[i] as Rect;
    const header = rect.height > SECTOR_HEADER * 2.5 && rect.width > 64;
    const inner = header ? { ...rect, y: rect.y + SECTOR_HEADER, height: rect.height - SECTOR_HEADER } : rect;
    const tileRects = squarify(
      group.stocks.map((s) => s.marketCap),
      inner,
    );
    const tiles = group.stocks.flatMap((stock, j) => {
      const tile = tileRects[j] as Rect;
      return tile.width * tile.height >= MIN_TILE_AREA ? [{ ...tile, stock }] : [];
    });
    return { sector: group.sector, marketCap: caps[i] as number, stocks: group.stocks, rect, header, tiles };
  });
}

/**
 * A tile's colour for a change on a scale: neutral grey at 0, full gain green at +scale or more, full loss
 * red at -scale or less, mixed between (the legend draws the same stops). Grey for an unknown change.
 * Every colour carries white text at 4.5:1 or better (WCAG AA) in both themes.
 */
export function tileColour(changePct: number | null, scalePct: number): string {
  if (changePct === null || !Number.isFinite(changePct)) return 'var(--map-none)';
  const share = Math.round(Math.min(1, Math.abs(changePct) / scalePct) * 100);
  const end = changePct >= 0 ? 'var(--map-gain)' : 'var(--map-loss)';
  return `color-mix(in srgb, ${end} ${share}%, var(--map-flat))`;
}
