import { useTranslation } from 'react-i18next';
import { BarChart } from '../../ui/bar-chart.tsx';
import { Panel, queryPanelState } from '../../ui/panel.tsx';
import { StatRow } from '../../ui/stat-row.tsx';
import { useUnits } from '../../ui/units.ts';
import { useDividendsPerShare } from './dividends-api.ts';
import './dividends.css';

/** The most recent years offered to the chart; it shows as many of the newest as fit with their labels. */
const YEARS_SHOWN = 12;

/**
 * Dividends per share by calendar year (issue 22): an axis, each year's amount on its bar and its growth
 * under it; the current year, not over yet, hatched and marked "so far". With the 5-year CAGR and the streak.
 */
export function DpsPanel({ ticker }: { ticker: string }) {
  const { t } = useTranslation('dividends');
  const units = useUnits();
  const query = useDividendsPerShare(ticker);
  const series = query.data?.series[0];
  const years = (series?.years ?? []).slice(-YEARS_SHOWN);
  const paying = years.some((year) => year.dps > 0);
  const state = queryPanelState(query, paying);
  const currency = series?.currency ?? 'USD';
  // Ex-dates are calendar days: the year of today is the one still running.
  const thisYear = new Date().getUTCFullYear();
  const partial = years.find((year) => year.year === thisYear);
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
          <StatRow
            stats={[
              { label: t('dps.cagr'), value: units.fraction(series.cagr5y, { signed: true }) },
              { label: t('dps.streak'), value: units.number(series.growthYears, 0) },
            ]}
          />
          <BarChart
            title={t('dps.chartLabel', { ticker })}
            bars={years.map((year) => {
              const running = year.year === thisYear;
              return {
                label: String(year.year),
                value: year.dps,
                partial: running,
                detail: running
                  ? t('dps.partialDetail', { count: year.payments })
                  : t('dps.detail', { growth: units.fraction(year.growth, { signed: true }), count: year.payments }),
                note: running
                  ? { text: t('dps.soFar'), tone: 'muted' as const }
                  : {
                      text: units.fraction(year.growth, { signed: true, digits: 0 }),
                      tone:
                        year.growth === null || year.growth === 0
                          ? ('muted' as const)
                          : year.growth < 0
                            ? ('loss' as const)
                            : ('gain' as const),
                    },
              };
            })}
            format={(value, ticks) => units.money(value, currency, ticks)}
          />
          {partial && (
            <p className="panel-note">{t('dps.partialNote', { year: partial.year, count: partial.payments })}</p>
          )}
        </>
      )}
    </Panel>
  );
}
