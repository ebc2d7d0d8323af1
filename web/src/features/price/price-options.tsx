import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '../../ui/segmented-control.tsx';
import { MOVING_AVERAGES, type MovingAverage, type PriceChartParams, type PriceStyle } from './price-params.ts';

export interface PriceOptionsProps {
  params: PriceChartParams;
  onChange: (change: Partial<PriceChartParams>) => void;
  /** Candles and volume need OHLCV, which the stock history has (a coin's closes do not). */
  ohlcv: boolean;
  /**
   * Compared lines are % changes: candles, averages and the log scale are off, their switches disabled
   * with the reason beside them (issue 33: they were dropped while still ticked); volume stays.
   */
  comparing: boolean;
  markers: boolean | null;
  onMarkersChange: (shown: boolean) => void;
}

/** The price chart's switches (issue 22): line or candles, volume, 50- and 200-day averages, log scale, markers. */
export function PriceOptions({ params, onChange, ohlcv, comparing, markers, onMarkersChange }: PriceOptionsProps) {
  const { t } = useTranslation('stock');
  const reasonId = useId();
  const describedBy = comparing ? reasonId : undefined;
  const toggleAverage = (days: MovingAverage, on: boolean) =>
    onChange({
      movingAverages: on ? [...params.movingAverages, days] : params.movingAverages.filter((d) => d !== days),
    });
  return (
    <div className="price-panel__options">
      {ohlcv && (
        <SegmentedControl<PriceStyle>
          label={t('price.style')}
          options={[
            { value: 'line', label: t('price.line') },
            { value: 'candles', label: t('price.candles') },
          ]}
          value={comparing ? 'line' : params.style}
          onChange={(style) => onChange({ style })}
          disabled={comparing}
          describedBy={describedBy}
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
      {MOVING_AVERAGES.map((days) => (
        <label key={days} className="check">
          <input
            type="checkbox"
            checked={params.movingAverages.includes(days) && !comparing}
            disabled={comparing}
            aria-describedby={describedBy}
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
          aria-describedby={describedBy}
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
      {comparing && (
        <p id={reasonId} className="price-panel__reason muted">
          {t('compareExtra.off')}
        </p>
      )}
    </div>
  );
}
