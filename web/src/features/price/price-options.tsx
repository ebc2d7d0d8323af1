import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '../../ui/segmented-control.tsx';
import { MOVING_AVERAGES, type MovingAverage, type PriceChartParams, type PriceStyle } from './price-params.ts';

export interface PriceOptionsProps {
  params: PriceChartParams;
  onChange: (change: Partial<PriceChartParams>) => void;
  /** Candles and volume need OHLCV, which the stock history has (a coin's closes do not). */
  ohlcv: boolean;
  /** Compared lines are % changes: no candles, averages or log scale for them. */
  comparing: boolean;
  markers: boolean | null;
  onMarkersChange: (shown: boolean) => void;
}

/** The price chart's switches (issue 22): line or candles, volume, 50- and 200-day averages, log scale, markers. */
export function PriceOptions({ params, onChange, ohlcv, comparing, markers, onMarkersChange }: PriceOptionsProps) {
  const { t } = useTranslation('stock');
  const toggleAverage = (days: MovingAverage, on: boolean) =>
    onChange({
      movingAverages: on ? [...params.movingAverages, days] : params.movingAverages.filter((d) => d !== days),
    });
  return (
    <div className="price-panel__options">
      {ohlcv && !comparing && (
        <SegmentedControl<PriceStyle>
          label={t('price.style')}
          options={[
            { value: 'line', label: t('price.line') },
            { value: 'candles', label: t('price.candles') },
          ]}
          value={params.style}
          onChange={(style) => onChange({ style })}
        />
      )}
      {ohlcv && (
        <label className="check">
          <input
            type="checkbox"
            checked={params.volume}
            onChange={(event) => onChange({ volume: event.target.checked })}
          />
          {t('price.volume')}
        </label>
      )}
      {!comparing &&
        MOVING_AVERAGES.map((days) => (
          <label key={days} className="check">
            <input
              type="checkbox"
              checked={params.movingAverages.includes(days)}
              onChange={(event) => toggleAverage(days, event.target.checked)}
            />
            {t('price.movingAverage', { days })}
          </label>
        ))}
      <label className="check">
        <input
          type="checkbox"
          checked={params.log && !comparing}
          disabled={comparing}
          onChange={(event) => onChange({ log: event.target.checked })}
        />
        {t('price.logScale')}
      </label>
      {markers !== null && (
        <label className="check">
          <input type="checkbox" checked={markers} onChange={(event) => onMarkersChange(event.target.checked)} />
          {t('price.markers')}
        </label>
      )}
    </div>
  );
}
