import { useTranslation } from 'react-i18next';
import { Panel, queryPanelState } from '../../ui/panel.tsx';
import { StatRow } from '../../ui/stat-row.tsx';
import { useUnits } from '../../ui/units.ts';
import { bandPosition } from './dividend-maths.ts';
import { useYieldPercentile } from './dividends-api.ts';
import './dividends.css';

/**
 * Today's yield against its own ten-year history (design.md: yield percentile gauge + band): a bar from
 * the 10th to the 90th percentile yield, the middle half darker, and a mark where today's yield sits.
 */
export function YieldPercentilePanel({ ticker, headingLevel = 2 }: { ticker: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('dividends');
  const units = useUnits();
  const query = useYieldPercentile(ticker);
  const data = query.data;
  const band = data?.band ?? null;
  const state = queryPanelState(query, band !== null);
  const at = band && data?.yieldPct !== null && data?.yieldPct !== undefined ? bandPosition(data.yieldPct, band) : 0;
  const spot = (value: number) => band && bandPosition(value, band);
  return (
    <Panel
      title={t('percentile.title')}
      headingLevel={headingLevel}
      state={state}
      onRetry={() => void query.refetch()}
      emptyText={t('percentile.empty')}
      asOf={data?.day ?? null}
      {...(data?.windowStart ? { source: t('percentile.window', { date: units.date(data.windowStart) }) } : {})}
    >
      {band && data && (
        <>
          <StatRow
            stats={[
              { label: t('percentile.current'), value: units.pct(data.yieldPct) },
              { label: t('percentile.percentile'), value: units.number(data.percentile, 0) },
              { label: t('percentile.median'), value: units.pct(band.p50) },
            ]}
          />
          <div
            className="yield-gauge"
            role="img"
            aria-label={t('percentile.gaugeLabel', {
              yield: units.pct(data.yieldPct),
              percentile: units.number(data.percentile, 0),
              low: units.pct(band.p10),
              high: units.pct(band.p90),
            })}
          >
            <div
              className="yield-gauge__middle"
              style={{ left: `${spot(band.p25)}%`, width: `${(spot(band.p75) ?? 0) - (spot(band.p25) ?? 0)}%` }}
            />
            <div className="yield-gauge__median" style={{ left: `${spot(band.p50)}%` }} />
            <div className="yield-gauge__now" style={{ left: `${at}%` }} />
          </div>
          <div className="yield-gauge__scale num" aria-hidden="true">
            <span>{units.pct(band.p10)}</span>
            <span>{units.pct(band.p90)}</span>
          </div>
          <p className="panel-note">{t('percentile.explain')}</p>
        </>
      )}
    </Panel>
  );
}
