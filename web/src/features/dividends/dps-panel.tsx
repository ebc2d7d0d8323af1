import { useTranslation } from 'react-i18next';
import { BarChart } from '../../ui/bar-chart.tsx';
import { chartPanelState } from '../../ui/chart-panel.tsx';
import { Panel } from '../../ui/panel.tsx';
import { useUnits } from '../../ui/units.ts';
import { useDividendsPerShare } from './dividends-api.ts';
import './dividends.css';

/** The most recent years shown as bars: twelve keep their labels readable on a phone. */
const YEARS_SHOWN = 12;

/** Dividends per share by calendar year, growth on hover/focus, with the 5-year CAGR and the growth streak. */
export function DpsPanel({ ticker }: { ticker: string }) {
  const { t } = useTranslation('dividends');
  const units = useUnits();
  const query = useDividendsPerShare(ticker);
  const series = query.data?.series[0];
  const years = (series?.years ?? []).slice(-YEARS_SHOWN);
  const paying = years.some((year) => year.dps > 0);
  const state = chartPanelState(query, paying);
  const currency = series?.currency ?? 'USD';
  return (
    <Panel
      title={t('dps.title')}
      headingLevel={3}
      state={state}
      onRetry={() => void query.refetch()}
      emptyText={t('dps.empty')}
      source={t('dps.source')}
    >
      {series && (
        <>
          <dl className="stat-row">
            <div>
              <dt>{t('dps.cagr')}</dt>
              <dd className="num">{units.fraction(series.cagr5y, { signed: true })}</dd>
            </div>
            <div>
              <dt>{t('dps.streak')}</dt>
              <dd className="num">{units.number(series.growthYears, 0)}</dd>
            </div>
          </dl>
          <BarChart
            title={t('dps.chartLabel', { ticker })}
            bars={years.map((year) => ({
              label: String(year.year),
              value: year.dps,
              detail: t('dps.detail', {
                growth: units.fraction(year.growth, { signed: true }),
                count: year.payments,
              }),
            }))}
            format={(value) => units.money(value, currency)}
          />
        </>
      )}
    </Panel>
  );
}
