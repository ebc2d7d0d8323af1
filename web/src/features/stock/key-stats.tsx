import type { CompanyProfile, NextReport, SecurityStatistics } from '@app/contract';
import { declarationOf, type FiguresWhere, figureMeansSomethingFor, figuresWhere } from '@app/contract/catalogue';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSectorLabels } from '../../i18n/sector-labels.ts';
import { formatFigure } from '../../ui/figure-format.ts';
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

/** Figures with a key statistics row (the catalogue's `keyStats`). */
type KeyStatFigure = FiguresWhere<{ keyStats: object }>;
const KEY_STAT_FIGURES = figuresWhere((figure) => figure.keyStats) as KeyStatFigure[];
/** Where a stock's figures go that the layout below does not place: after the margins, before the risks. */
const OTHER_FIGURES = Symbol('other figures');

/**
 * The rows of the key statistics (issue 22: Yahoo's summary without analyst estimates). A stock shows
 * size, earnings, valuation, trading, risk and dividends; a coin its size and supply (coin-stats.ts),
 * trading and its high. A value the sources do not give reads "—" for a stock; a coin leaves such rows
 * out (no cap, no known supply, no dividends). Every figure is the metric catalogue's (statistics.figures:
 * the same numbers as the screener's columns and the home cards), labelled and formatted as the catalogue
 * declares it (ui/figure-format.ts); a figure the layout does not name shows among the ratios.
 */
export function statRows(
  { profile, statistics, nextReport }: StatInputs,
  t: TFunction<'stock'>,
  units: UnitFormatters,
): KeyStat[] {
  const money = (value: number | null | undefined) => units.money(value, profile.currency);
  const count = (value: number | null | undefined) =>
    value === null || value === undefined ? MISSING : units.compact(value);
  const range = statistics?.yearRange;
  const yearRange = {
    key: 'range',
    label: t('stats.yearRange'),
    value: range ? `${money(range.low)} – ${money(range.high)}` : MISSING,
  };
  const exDividend = (dividend: SecurityStatistics['lastDividend'] | undefined) =>
    dividend ? `${units.date(dividend.exDate)} · ${money(dividend.amount)}` : MISSING;
  const figures = statistics?.figures;
  const figure = (name: KeyStatFigure) => figureRow(name, figures, profile.currency, t, units);
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
      figure('change1yPct'),
      // "Drawdown now" of a coin is the distance from its all-time high, shown above.
      figure('maxDrawdownPct'),
    ];
  }
  const next = statistics?.nextDividend;
  const layout: (KeyStatFigure | KeyStat | typeof OTHER_FIGURES)[] = [
    'marketCap',
    'enterpriseValue',
    'epsTtm',
    'pe',
    'sharesOutstanding',
    { key: 'volume3m', label: t('stats.averageVolume3m'), value: count(statistics?.volume.average3m) },
    {
      key: 'beta',
      label: t('stats.beta'),
      value: units.number(statistics?.beta?.value, 2),
      title: t('stats.betaHint'),
    },
    yearRange,
    'change1yPct',
    'dividendYieldPct',
    'payoutRatio',
    { key: 'lastEx', label: t('stats.lastExDividend'), value: exDividend(statistics?.lastDividend) },
    {
      key: 'nextEx',
      label: next?.estimated ? t('stats.nextExDividendEstimated') : t('stats.nextExDividend'),
      value: exDividend(next),
      ...(next?.estimated ? { title: t('stats.estimatedHint') } : {}),
    },
    'netMargin',
    OTHER_FIGURES,
    nextReportRow(nextReport, t, units),
    'drawdownPct',
    'maxDrawdownPct',
    restatementsRow(figures, t, units),
  ];
  const placed = new Set<string>(layout.filter((slot): slot is KeyStatFigure => typeof slot === 'string'));
  placed.add('restatements3y');
  return layout.flatMap((slot) =>
    slot === OTHER_FIGURES
      ? KEY_STAT_FIGURES.filter((name) => !placed.has(name)).map(figure)
      : typeof slot === 'string'
        ? [figure(slot)]
        : [slot],
  );
}

/**
 * A catalogue figure's row: its label, value and hint as declared; on a kind of company the figure is not
 * for, "n/m" and why; a score's tests on hover, each passed (✓), failed (✗) or unknown (—).
 */
function figureRow(
  name: KeyStatFigure,
  figures: SecurityStatistics['figures'] | undefined,
  currency: string,
  t: TFunction<'stock'>,
  units: UnitFormatters,
): KeyStat {
  const { keyStats, parts = [] } = declarationOf(name);
  const label = t(keyStats?.label ?? name);
  const template = figures?.template;
  if (template && !figureMeansSomethingFor(name, template)) {
    const why = keyStats?.notMeaningful;
    return { key: name, label, value: t('kindNote.value'), ...(why ? { title: t(why) } : {}) };
  }
  const tests = figures?.parts[name];
  // P/E is on diluted EPS, basic where none is filed: its hover says which (finance-definitions.md).
  const peEps = name === 'pe' ? figures?.peEps : null;
  const hint = peEps === 'diluted' ? 'stats.peDilutedHint' : peEps === 'basic' ? 'stats.peBasicHint' : keyStats?.hint;
  const lines = [
    ...(hint ? [t(hint)] : []),
    ...(tests
      ? parts.map((part) => {
          const passed = tests[part];
          return `${passed === true ? '✓' : passed === false ? '✗' : MISSING} ${t(`figureParts.${name}.${part}`)}`;
        })
      : []),
  ];
  return {
    key: name,
    label,
    value: formatFigure(name, figures?.[name], units, currency),
    ...(lines.length ? { title: lines.join('\n') } : {}),
  };
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
  return { key: 'restatements3y', label: t('restatements.label'), value, title: t('restatements.hint') };
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
