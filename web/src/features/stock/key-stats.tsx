import type { CompanyProfile, NextReport, SecurityStatistics } from '@app/contract';
import { meaningfulFor } from '@app/contract/statement-kinds';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSectorLabels } from '../../i18n/sector-labels.ts';
import { Panel } from '../../ui/panel.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { MISSING, type UnitFormatters, useUnits } from '../../ui/units.ts';
import { coinSizeRows } from './coin-stats.ts';
import { useNextReport, useStatistics } from './stock-api.ts';
import './stock.css';

export interface KeyStatsProps {
  profile: CompanyProfile;
}

/** One line of the key statistics: a label, its value as shown, and an optional explanation. */
export interface KeyStat {
  key: string;
  label: string;
  value: string;
  title?: string;
}

export interface StatInputs {
  profile: CompanyProfile;
  statistics: SecurityStatistics | undefined;
  /** A stock's next report, estimated from its filing calendar (issue 33). */
  nextReport?: NextReport | undefined;
}

/**
 * The rows of the key statistics (issue 22: Yahoo's summary without analyst estimates). A stock shows
 * size, earnings, valuation, trading, risk and dividends; a coin its size and supply (coin-stats.ts),
 * trading and its high. A value the sources do not give reads "—" for a stock; a coin leaves such rows
 * out (no cap, no known supply, no dividends). Every figure is the metric catalogue's (statistics.figures:
 * the same numbers as the screener's columns and the home cards).
 */
export function statRows(
  { profile, statistics, nextReport }: StatInputs,
  t: TFunction<'stock'>,
  units: UnitFormatters,
): KeyStat[] {
  const money = (value: number | null | undefined) => units.money(value, profile.currency);
  const compact = (value: number | null | undefined) => units.moneyCompact(value, profile.currency);
  const count = (value: number | null | undefined) =>
    value === null || value === undefined ? MISSING : units.compact(value);
  const range = statistics?.yearRange;
  const yearRange = {
    key: 'range',
    label: t('stats.yearRange'),
    value: range ? `${money(range.low)} – ${money(range.high)}` : MISSING,
  };
  const yearChange = {
    key: 'change1y',
    label: t('stats.change1y'),
    value: units.pct(statistics?.figures.change1yPct, { signed: true, digits: 1 }),
    title: t('stats.change1yHint'),
  };
  const exDividend = (dividend: SecurityStatistics['lastDividend'] | undefined) =>
    dividend ? `${units.date(dividend.exDate)} · ${money(dividend.amount)}` : MISSING;
  const figures = statistics?.figures;
  const drawdowns: KeyStat[] = [
    {
      key: 'dd',
      label: t('stats.drawdownNow'),
      value: units.pct(figures?.drawdownPct, { digits: 1 }),
      title: t('stats.drawdownHint'),
    },
    { key: 'ddMax', label: t('stats.drawdownMax'), value: units.pct(figures?.maxDrawdownPct, { digits: 1 }) },
  ];
  if (profile.kind === 'crypto') {
    const high = statistics?.allTimeHigh;
    const size = coinSizeRows(profile, statistics?.supply, t, units);
    return [
      // Market cap and FDV, then the volumes, then the supply (CoinGecko's order).
      ...size.valuation,
      { key: 'volume', label: t('stats.volume24h'), value: count(statistics?.volume.lastDay) },
      { key: 'volume30', label: t('stats.averageVolume30d'), value: count(statistics?.volume.average30d) },
      ...size.supply,
      {
        key: 'ath',
        label: t('stats.allTimeHigh'),
        value: high ? `${money(high.close)} · ${units.date(high.day)}` : MISSING,
      },
      {
        key: 'fromAth',
        label: t('stats.fromAllTimeHigh'),
        value: units.pct(statistics?.fromAllTimeHighPct, { digits: 1 }),
      },
      yearRange,
      yearChange,
      // "Drawdown now" of a coin is the distance from its all-time high, shown above.
      ...drawdowns.slice(1),
    ];
  }
  const next = statistics?.nextDividend;
  return [
    { key: 'cap', label: t('stats.marketCap'), value: compact(figures?.marketCap) },
    // A figure the company's kind gives no meaning (a bank's enterprise value) says so instead of a dash.
    figures?.template && !meaningfulFor(figures.template, 'enterpriseValue')
      ? { key: 'ev', label: t('stats.enterpriseValue'), value: t('kindNote.value'), title: t('kindNote.bank') }
      : {
          key: 'ev',
          label: t('stats.enterpriseValue'),
          value: compact(figures?.enterpriseValue),
          title: t('stats.enterpriseValueHint'),
        },
    { key: 'eps', label: t('stats.eps'), value: money(figures?.epsTtm) },
    {
      key: 'pe',
      label: t('stats.pe'),
      value: units.multiple(figures?.pe),
      // On diluted EPS, basic where none is filed: the hover says which (finance-definitions.md).
      title: t(
        figures?.peEps === 'diluted'
          ? 'stats.peDilutedHint'
          : figures?.peEps === 'basic'
            ? 'stats.peBasicHint'
            : 'stats.peHint',
      ),
    },
    { key: 'shares', label: t('stats.shares'), value: count(figures?.sharesOutstanding) },
    { key: 'volume3m', label: t('stats.averageVolume3m'), value: count(statistics?.volume.average3m) },
    {
      key: 'beta',
      label: t('stats.beta'),
      value: units.number(statistics?.beta?.value, 2),
      title: t('stats.betaHint'),
    },
    yearRange,
    yearChange,
    { key: 'yield', label: t('stats.yield'), value: units.pct(figures?.dividendYieldPct) },
    {
      key: 'payout',
      label: t('stats.payout'),
      value: units.fraction(figures?.payoutRatio),
      title: t('stats.payoutHint'),
    },
    { key: 'lastEx', label: t('stats.lastExDividend'), value: exDividend(statistics?.lastDividend) },
    {
      key: 'nextEx',
      label: next?.estimated ? t('stats.nextExDividendEstimated') : t('stats.nextExDividend'),
      value: exDividend(next),
      ...(next?.estimated ? { title: t('stats.estimatedHint') } : {}),
    },
    { key: 'margin', label: t('stats.netMargin'), value: units.fraction(figures?.netMargin) },
    nextReportRow(nextReport, t, units),
    ...drawdowns,
    restatementsRow(figures, t, units),
  ];
}

/** The restatement ledger's figures (issue 32): values a filing of the last 3 years changed, and the largest change. */
function restatementsRow(
  figures: SecurityStatistics['figures'] | undefined,
  t: TFunction<'stock'>,
  units: UnitFormatters,
): KeyStat {
  const count = figures?.restatements3y;
  const largest = figures?.largestRestatementPct;
  const value =
    count === null || count === undefined
      ? MISSING
      : largest === null || largest === undefined
        ? units.number(count, 0)
        : t('restatements.value', { count: units.number(count, 0), largest: units.pct(largest, { digits: 1 }) });
  return { key: 'restatements', label: t('restatements.label'), value, title: t('restatements.hint') };
}

/** The next report's expected day, always marked as an estimate, with what it was read from. */
function nextReportRow(report: NextReport | undefined, t: TFunction<'stock'>, units: UnitFormatters): KeyStat {
  const expected = report?.expected;
  if (!expected)
    return { key: 'nextReport', label: t('nextReport.label'), value: MISSING, title: t('nextReport.none') };
  const period =
    expected.fiscalPeriod === 'FY'
      ? t('nextReport.annual')
      : t('nextReport.quarter', { quarter: expected.fiscalPeriod });
  return {
    key: 'nextReport',
    label: t('nextReport.label'),
    value: units.date(expected.date),
    title: t('nextReport.hint', { period, periodEnd: units.date(expected.periodEnd), days: expected.lagDays }),
  };
}

/** Key statistics beside the price chart (design.md): size, valuation, income and risk at a glance. */
export function KeyStats({ profile }: KeyStatsProps) {
  const { t, i18n } = useTranslation('stock');
  const units = useUnits();
  const labels = useSectorLabels();
  const stock = profile.kind === 'stock';
  const statistics = useStatistics(profile.ticker);
  const nextReport = useNextReport(profile.ticker, stock);
  const rows = statRows({ profile, statistics: statistics.data, nextReport: nextReport.data }, t, units);
  const loading = statistics.isPending || (stock && nextReport.isPending);
  const ttmAsOf = statistics.data?.figures.fundamentalsAsOf;
  return (
    <Panel
      title={t('stats.title')}
      className="key-stats"
      state={loading ? 'loading' : 'ready'}
      skeleton={<Skeleton lines={12} />}
      asOf={profile.pricesAsOf}
      {...(ttmAsOf ? { source: t('stats.ttmAsOf', { date: units.date(ttmAsOf) }) } : {})}
    >
      <dl className="key-stats__list">
        {rows.map((row) => (
          <div key={row.key} className="key-stats__row" title={row.title} data-stat={row.key}>
            <dt>{row.label}</dt>
            <dd className="num">{row.value}</dd>
          </div>
        ))}
      </dl>
      {stock && (
        <div className="key-stats__about">
          <h3 className="key-stats__about-title">{t('about.title')}</h3>
          <p className="security-about">
            {/* An invented company's English line, told in the page's language from its facts (issue 23). */}
            {profile.demo && i18n.language !== 'en'
              ? t('about.demoCompany', {
                  name: profile.name,
                  industry: labels.industry(profile.industry) || labels.sector(profile.sector),
                  country: units.country(profile.country),
                })
              : (profile.description ?? t('about.none'))}
          </p>
        </div>
      )}
    </Panel>
  );
}
