import { useTranslation } from 'react-i18next';
import { Panel } from '../../ui/panel.tsx';
import { DividendCalendar } from './dividend-calendar.tsx';
import { DividendHistoryPanel } from './dividend-history-panel.tsx';
import { paysDividends } from './dividend-maths.ts';
import { useDividendsPerShare } from './dividends-api.ts';
import { DpsPanel } from './dps-panel.tsx';
import { PayoutPanel } from './payout-panel.tsx';
import { YieldHistoryPanel } from './yield-history-panel.tsx';
import { YieldPercentilePanel } from './yield-percentile-panel.tsx';
import './dividends.css';

/** The stock page's Dividends tab (design.md): DPS by year, calendar, yield with its band, payout,
 * every payment. */
export function DividendsTab({ ticker }: { ticker: string }) {
  const { t } = useTranslation('dividends');
  // The DPS panel's own answer (one request): a company that never paid gets one empty state (issue 33).
  const dps = useDividendsPerShare(ticker);
  const loaded = dps.data?.series[0];
  if (dps.data && !paysDividends(loaded?.years ?? [])) {
    return (
      <div className="dividends-grid">
        <Panel
          title={t('noDividends.title')}
          headingLevel={3}
          state="empty"
          emptyText={t('noDividends.body', { ticker })}
          className="dividends-none"
        />
      </div>
    );
  }
  return (
    <div className="dividends-grid">
      <DpsPanel ticker={ticker} />
      <DividendCalendar ticker={ticker} />
      <YieldHistoryPanel ticker={ticker} />
      <YieldPercentilePanel ticker={ticker} headingLevel={3} />
      <PayoutPanel ticker={ticker} />
      <DividendHistoryPanel ticker={ticker} />
    </div>
  );
}
