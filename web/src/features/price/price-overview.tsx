import type { CompanyProfile, DrawdownChart } from '@app/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawdownPanel } from './drawdown-panel.tsx';
import { PricePanel } from './price-panel.tsx';
import { useCompareParam } from './price-params.ts';

export type DrawdownLine = DrawdownChart['series'][number];

export interface PriceOverviewProps {
  profile: CompanyProfile;
  /** What stands beside the price chart (the key statistics). */
  beside: ReactNode;
  /** What stands beside the drawdown chart (a stock's yield gauge, a coin's description). */
  besideDrawdown: ReactNode;
}

/**
 * The overview of a stock or a coin (design.md): the price chart with the compare list kept in the URL
 * (?compare=A,B), then downside potential, each beside a block the page brings from another feature.
 */
export function PriceOverview({ profile, beside, besideDrawdown }: PriceOverviewProps) {
  const { t } = useTranslation('stock');
  const [compare, setCompare] = useCompareParam(profile.ticker);
  const source = profile.demo ? t('header.demo') : undefined;
  return (
    <>
      <div className="security-grid">
        <PricePanel
          kind={profile.kind}
          ticker={profile.ticker}
          name={profile.name}
          currency={profile.currency}
          compare={compare}
          onCompareChange={setCompare}
          asOf={profile.pricesAsOf}
          {...(source ? { source } : {})}
        />
        {beside}
      </div>
      <div className="security-grid">
        <DrawdownPanel
          kind={profile.kind}
          ticker={profile.ticker}
          name={profile.name}
          lastDay={profile.pricesAsOf}
          {...(source ? { source } : {})}
        />
        {besideDrawdown}
      </div>
    </>
  );
}
