import { DividendCalendar } from './dividend-calendar.tsx';
import { DividendHistoryPanel } from './dividend-history-panel.tsx';
import { DpsPanel } from './dps-panel.tsx';
import { PayoutPanel } from './payout-panel.tsx';
import { YieldHistoryPanel } from './yield-history-panel.tsx';
import { YieldPercentilePanel } from './yield-percentile-panel.tsx';
import './dividends.css';

/** The stock page's Dividends tab (design.md): DPS by year, calendar, yield with its band, payout,
 * every payment. */
export function DividendsTab({ ticker }: { ticker: string }) {
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
