import { useTranslation } from 'react-i18next';
import { Panel, queryPanelState } from '../../ui/panel.tsx';
import { useUnits } from '../../ui/units.ts';
import { useDividendsByMonth } from './dividends-api.ts';
import './dividends.css';

/** Twelve month cells with the dividends by ex-date of the last year (design.md, DivvyDiary's calendar). */
export function DividendCalendar({ ticker }: { ticker: string }) {
  const { t } = useTranslation('dividends');
  const units = useUnits();
  const query = useDividendsByMonth(ticker);
  const series = query.data?.series[0];
  const state = queryPanelState(query, Boolean(series));
  const monthFormat = new Intl.DateTimeFormat(units.locale, { month: 'short', timeZone: 'UTC' });
  const monthName = (month: number) => monthFormat.format(new Date(Date.UTC(2000, month - 1, 1)));
  return (
    <Panel
      title={t('calendar.title')}
      headingLevel={3}
      state={state}
      onRetry={() => void query.refetch()}
      asOf={query.data?.to ?? null}
      {...(query.data
        ? { source: t('calendar.range', { from: units.date(query.data.from), to: units.date(query.data.to) }) }
        : {})}
    >
      {series && (
        <>
          <p className="dividend-pattern">
            {t('calendar.pattern')}: <strong>{t(`pattern.${series.pattern}`)}</strong>
          </p>
          <ol className="dividend-calendar">
            {series.months.map((month) => (
              <li
                key={month.month}
                className={`dividend-calendar__cell${month.amount > 0 ? ' is-paying' : ''}`}
                title={month.payments
                  .map((payment) =>
                    t('calendar.payment', {
                      exDate: units.date(payment.exDate),
                      payDate: units.date(payment.payDate),
                      amount: units.money(payment.amount, series.currency),
                    }),
                  )
                  .join('\n')}
              >
                <span className="dividend-calendar__month">{monthName(month.month)}</span>
                <span className="dividend-calendar__amount num">
                  {month.amount > 0 ? units.money(month.amount, series.currency) : '–'}
                </span>
                {month.amount > 0 && (
                  <span className="visually-hidden">
                    {month.payments
                      .map((payment) =>
                        t('calendar.payment', {
                          exDate: units.date(payment.exDate),
                          payDate: units.date(payment.payDate),
                          amount: units.money(payment.amount, series.currency),
                        }),
                      )
                      .join('; ')}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </Panel>
  );
}
