import type { CompanyProfile } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../ui/panel.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { MISSING, useUnits } from '../../ui/units.ts';
import { keyRatios } from './key-ratios.ts';
import { useQuote, useTtm } from './stock-api.ts';
import './stock.css';

export interface KeyStatsProps {
  profile: CompanyProfile;
  /** Lowest and highest close of the last 52 weeks (from the price history the page already loaded). */
  yearRange: { low: number; high: number } | null;
  drawdown: { currentPct: number | null; maxPct: number | null } | null;
}

/** Key statistics beside the price chart (design.md): size, valuation, income and risk at a glance. */
export function KeyStats({ profile, yearRange, drawdown }: KeyStatsProps) {
  const { t } = useTranslation('stock');
  const units = useUnits();
  const stock = profile.kind === 'stock';
  const quote = useQuote(profile.ticker);
  const ttm = useTtm(profile.ticker, stock);
  const card = quote.data?.cards[0];
  const ratios = keyRatios(profile.price, ttm.data?.series[0]?.values ?? {});
  const money = (value: number | null | undefined) => units.money(value, profile.currency);
  const rows: { key: string; label: string; value: string; title?: string }[] = [
    ...(stock
      ? [
          { key: 'cap', label: t('stats.marketCap'), value: units.moneyCompact(profile.marketCap, profile.currency) },
          { key: 'pe', label: t('stats.pe'), value: units.multiple(ratios.pe), title: t('stats.peHint') },
          { key: 'yield', label: t('stats.yield'), value: units.pct(card?.dividendYieldPct) },
          {
            key: 'payout',
            label: t('stats.payout'),
            value: units.fraction(ratios.payout),
            title: t('stats.payoutHint'),
          },
          { key: 'margin', label: t('stats.netMargin'), value: units.fraction(ratios.netMargin) },
        ]
      : []),
    {
      key: 'range',
      label: t('stats.yearRange'),
      value: yearRange ? `${money(yearRange.low)} – ${money(yearRange.high)}` : MISSING,
    },
    { key: 'dd', label: t('stats.drawdownNow'), value: units.pct(drawdown?.currentPct, { digits: 1 }) },
    { key: 'ddMax', label: t('stats.drawdownMax'), value: units.pct(drawdown?.maxPct, { digits: 1 }) },
  ];
  const loading = quote.isPending || (stock && ttm.isPending);
  return (
    <Panel
      title={t('stats.title')}
      className="key-stats"
      state={loading ? 'loading' : 'ready'}
      skeleton={<Skeleton lines={7} />}
      asOf={profile.pricesAsOf}
      {...(ttm.data?.series[0]?.asOf
        ? { source: t('stats.ttmAsOf', { date: units.date(ttm.data.series[0].asOf) }) }
        : {})}
    >
      <dl className="key-stats__list">
        {rows.map((row) => (
          <div key={row.key} className="key-stats__row" title={row.title}>
            <dt>{row.label}</dt>
            <dd className="num">{row.value}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}
