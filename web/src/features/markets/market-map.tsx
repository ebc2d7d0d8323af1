import { MAP_RANGES, type MapRange, type MapStock } from '@app/contract';
import { type KeyboardEvent, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stockPath } from '../../app/paths.ts';
import { useSectorLabels } from '../../i18n/sector-labels.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { Link } from '../../router/index.ts';
import { Panel, queryPanelState } from '../../ui/panel.tsx';
import { SegmentedControl } from '../../ui/segmented-control.tsx';
import { useUnits } from '../../ui/units.ts';
import { layoutMap, MAP_SCALE_PCT, type MapTile, tileColour } from './map-layout.ts';
import { useMarketMap } from './markets-api.ts';

/** A phone: a tap on a sector opens it (its tiles are too small to aim at), and the map is taller than wide. */
const PHONE = 600;

/** The box's size in px, kept as it resizes. */
function useBoxSize() {
  const ref = useRef<HTMLElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const read = () => setSize({ width: box.clientWidth, height: box.clientHeight });
    read();
    const observer = new ResizeObserver(read);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return { ref, ...size };
}

/**
 * The market map (issue 46): every stock a tile sized by market cap and coloured by its change over the
 * chosen range, grouped by sector, with a legend of the scale. Hover or focus shows a stock's figures; a
 * tile links to the stock. The map is one Tab stop: the arrow keys move between its tiles (largest first),
 * Enter opens one; a sector's name opens it alone (a phone's tap too), Escape goes back to all sectors.
 */
export function MarketMapPanel() {
  const { t } = useTranslation('markets');
  const [range, setRange] = useState<MapRange>('1D');
  const query = useMarketMap(range);
  const stocks = query.data?.stocks ?? [];
  const state = queryPanelState(query, stocks.length > 0);
  const rangeName = t(`map.ranges.${range}`);
  return (
    <Panel
      title={t('map.title')}
      state={state}
      onRetry={() => void query.refetch()}
      emptyText={t('map.empty')}
      asOf={query.data?.asOf ?? null}
      source={t('map.source')}
      className="market-map-panel"
    >
      <p className="market-map__lead">{t('map.lead')}</p>
      <div className="market-map__controls">
        <SegmentedControl
          label={t('map.range')}
          options={MAP_RANGES.map((value) => ({ value, label: t(`map.ranges.${value}`) }))}
          value={range}
          onChange={setRange}
        />
        <MapLegend range={range} rangeName={rangeName} />
      </div>
      <MarketMap stocks={stocks} range={range} rangeName={rangeName} />
    </Panel>
  );
}

function MapLegend({ range, rangeName }: { range: MapRange; rangeName: string }) {
  const { t } = useTranslation('markets');
  const units = useUnits();
  const scale = MAP_SCALE_PCT[range];
  const stops = [-scale, -scale / 2, 0, scale / 2, scale];
  return (
    <figure className="market-map__legend">
      <figcaption>{t('map.legend', { range: rangeName })}</figcaption>
      <ol className="market-map__scale">
        {stops.map((stop) => (
          <li key={stop} style={{ background: tileColour(stop, scale) }}>
            {stop === -scale ? '≤ ' : stop === scale ? '≥ ' : ''}
            {units.pct(stop, { signed: true, digits: stop % 1 === 0 ? 0 : 1 })}
          </li>
        ))}
      </ol>
    </figure>
  );
}

export function MarketMap({
  stocks,
  range,
  rangeName,
}: {
  stocks: readonly MapStock[];
  range: MapRange;
  rangeName: string;
}) {
  const { t } = useTranslation('markets');
  const labels = useSectorLabels();
  const language = useLanguage();
  const box = useBoxSize();
  const [zoom, setZoom] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [shown, setShown] = useState<MapTile | null>(null);
  const tooltipId = useId();
  const phone = box.width > 0 && box.width < PHONE;
  const sectors = useMemo(
    () => (box.width > 0 ? layoutMap(stocks, box.width, box.height, zoom) : []),
    [stocks, box.width, box.height, zoom],
  );
  const tiles = useMemo(() => sectors.flatMap((sector) => sector.tiles), [sectors]);
  const scale = MAP_SCALE_PCT[range];
  const current = Math.min(active, tiles.length - 1);

  const zoomTo = (sector: string | null) => {
    setZoom(sector);
    setActive(0);
    setShown(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && zoom !== null) {
      zoomTo(null);
      box.ref.current?.querySelector<HTMLElement>('.market-map__back')?.focus();
      return;
    }
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    const to =
      step !== undefined ? current + step : event.key === 'Home' ? 0 : event.key === 'End' ? tiles.length - 1 : null;
    if (to === null || !(event.target instanceof HTMLAnchorElement)) return;
    event.preventDefault();
    const next = Math.max(0, Math.min(tiles.length - 1, to));
    setActive(next);
    box.ref.current?.querySelectorAll<HTMLElement>('.market-map__tile')[next]?.focus();
  };

  return (
    <>
      {zoom !== null && (
        <button type="button" className="button button--ghost market-map__back" onClick={() => zoomTo(null)}>
          {t('map.zoomOut')}
        </button>
      )}
      {/* The map's region: its name says what the map shows and how to move in it. */}
      <section
        ref={box.ref}
        className="market-map"
        aria-label={t('map.label', { count: stocks.length, range: rangeName })}
        onKeyDown={onKeyDown}
        onMouseLeave={() => setShown(null)}
      >
        {sectors.map((sector) => (
          <div key={sector.sector} className="market-map__sector" style={place(sector.rect)}>
            {sector.header && (
              <button
                type="button"
                className="market-map__sector-name"
                disabled={zoom !== null}
                onClick={() => zoomTo(sector.sector)}
                title={t('map.zoom', { sector: labels.sector(sector.sector), count: sector.stocks.length })}
              >
                {labels.sector(sector.sector)}
              </button>
            )}
          </div>
        ))}
        {tiles.map((tile, index) => {
          const big = tile.width >= 44 && tile.height >= 28;
          return (
            <Link
              key={tile.stock.ticker}
              to={stockPath(language, tile.stock.ticker)}
              className="market-map__tile"
              tabIndex={index === current ? 0 : -1}
              aria-describedby={shown === tile ? tooltipId : undefined}
              style={{ ...place(tile), background: tileColour(tile.stock.changePct, scale) }}
              onMouseEnter={() => setShown(tile)}
              onFocus={() => {
                setActive(index);
                setShown(tile);
              }}
              onClick={(event) => {
                // On a phone the overview's tiles are too small to aim at: a tap opens the sector instead.
                if (phone && zoom === null) {
                  event.preventDefault();
                  zoomTo(tile.stock.sector);
                }
              }}
            >
              {big && <TileText tile={tile} />}
              {!big && <span className="visually-hidden">{tile.stock.ticker}</span>}
            </Link>
          );
        })}
        {shown && <MapTooltip id={tooltipId} tile={shown} rangeName={rangeName} box={box} />}
      </section>
    </>
  );
}

const place = (rect: { x: number; y: number; width: number; height: number }) => ({
  left: rect.x,
  top: rect.y,
  width: rect.width,
  height: rect.height,
});

function TileText({ tile }: { tile: MapTile }) {
  const units = useUnits();
  return (
    <>
      <span className="market-map__ticker">{tile.stock.ticker}</span>
      <span className="market-map__change">{units.pct(tile.stock.changePct, { signed: true, digits: 1 })}</span>
    </>
  );
}

function MapTooltip({
  id,
  tile,
  rangeName,
  box,
}: {
  id: string;
  tile: MapTile;
  rangeName: string;
  box: { width: number; height: number };
}) {
  const { t } = useTranslation('markets');
  const units = useUnits();
  const labels = useSectorLabels();
  const { stock } = tile;
  // Beside the tile, on the side with more room, inside the map.
  const right = tile.x + tile.width / 2 < box.width / 2;
  const below = tile.y + tile.height / 2 < box.height / 2;
  const style = {
    ...(right ? { left: Math.min(tile.x + tile.width, box.width - 200) } : { right: box.width - tile.x }),
    ...(below ? { top: tile.y } : { bottom: box.height - (tile.y + tile.height) }),
  };
  return (
    <div id={id} role="tooltip" className="market-map__tooltip" style={style}>
      <strong>
        {stock.name} ({stock.ticker})
      </strong>
      <span>{labels.sector(stock.sector)}</span>
      <dl>
        <dt>{t('map.change', { range: rangeName })}</dt>
        <dd className="num">{units.pct(stock.changePct, { signed: true })}</dd>
        <dt>{t('map.price')}</dt>
        <dd className="num">{units.money(stock.price, stock.currency)}</dd>
        <dt>{t('map.marketCap')}</dt>
        <dd className="num">{units.moneyCompact(stock.marketCap, stock.currency)}</dd>
      </dl>
    </div>
  );
}
