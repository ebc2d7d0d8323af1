import { type ChartRange, rangeStart } from '../../../web/src/ui/chart-range.ts';
import type { PerSecurity } from './answers.ts';
import type { Differences } from './compare.ts';
import type { Check, Context } from './context.ts';
import { monthsEarlier, plusDays } from './days.ts';
import { statisticsExtras } from './figures.ts';
import { changeOver, dayChange } from './prices.ts';
import type { Security } from './stored.ts';

/*
 * The price page's range changes, key statistics' price extras and the markets page's indices, against the
 * stored daily closes (issue 42, finance-definitions.md "Price figures").
 */
const answersOf = (ctx: Context, ticker: string) => ctx.answers.bySecurity.get(ticker) as PerSecurity;

/**
 * The change the price page shows for a range: the server's (the price answer's rangeChangesPct, which the
 * page shows for every range button since issue 42), against the oracle's from the stored daily closes.
 */
function rangeCheck(name: string, ranges: readonly ChartRange[]): Check {
  return {
    name,
    run(ctx, d) {
      for (const s of ctx.stored.values()) {
        const a = answersOf(ctx, s.ticker);
        const lastDay = s.closes.at(-1)?.day ?? '';
        for (const range of ranges) {
          const start = rangeStart(range, lastDay);
          const page = a.priceWhole?.rangeChangesPct?.[range] ?? null;
          d.check(`${range} change`, s.ticker, 'price page', changeOver(s.closes, start), page);
        }
      }
    },
  };
}

export const RANGE_CHECKS: Check[] = [
  rangeCheck("range change (1M, 6M, YTD, 1Y): last close / the close on or before the range's start - 1", [
    '1M',
    '6M',
    'YTD',
    '1Y',
  ]),
  rangeCheck("range change (5Y, 10Y): last close / the daily close on or before the range's start - 1", ['5Y', '10Y']),
  rangeCheck('range change (Max): from the first daily close', ['MAX']),
];

export const STATISTICS_EXTRAS_CHECK: Check = {
  name: 'key statistics: all-time high, its distance and the last ex-dividend day',
  run(ctx, d) {
    for (const s of ctx.stored.values()) {
      const stats = answersOf(ctx, s.ticker).stats;
      const o = statisticsExtras(s);
      d.check(
        'all-time high',
        s.ticker,
        'key statistics',
        o.allTimeHigh?.close ?? null,
        stats.allTimeHigh?.close ?? null,
      );
      d.check(
        'all-time high day',
        s.ticker,
        'key statistics',
        o.allTimeHigh?.day ?? null,
        stats.allTimeHigh?.day ?? null,
      );
      d.check('from all-time high', s.ticker, 'key statistics', o.fromAllTimeHighPct, stats.fromAllTimeHighPct);
      d.check(
        'last ex-date',
        s.ticker,
        'key statistics',
        o.lastDividend?.exDate ?? null,
        stats.lastDividend?.exDate ?? null,
      );
      d.check(
        'last dividend',
        s.ticker,
        'key statistics',
        o.lastDividend?.amount ?? null,
        stats.lastDividend?.amount ?? null,
      );
    }
  },
};

/** An equal-weighted index on the given days: the mean of the members' daily changes, chained from 100. */
function indexOn(days: readonly string[], members: readonly Security[]): number[] {
  const values: number[] = [];
  const byDay = members.map((s) => new Map(s.closes.map((c, i) => [c.day, i])));
  for (const [n, day] of days.entries()) {
    if (n === 0) {
      values.push(100);
      continue;
    }
    let sum = 0;
    let count = 0;
    members.forEach((s, k) => {
      const i = byDay[k]?.get(day);
      const today = i === undefined ? undefined : s.closes[i];
      const before = i === undefined ? undefined : s.closes[i - 1];
      if (today && before) {
        sum += today.split / before.split - 1;
        count++;
      }
    });
    values.push((values[n - 1] as number) * (count ? 1 + sum / count : 1));
  }
  return values;
}

function compareIndex(
  d: Differences,
  label: string,
  days: readonly string[],
  members: readonly Security[],
  answer: {
    companies: number;
    dayPct: number | null;
    monthPct: number | null;
    yearPct: number | null;
    values: (number | null)[];
  },
): void {
  const values = indexOn(days, members);
  for (const [i, v] of values.entries())
    d.check('index value', label, `market/indices ${days[i]}`, v, answer.values[i]);
  const last = days.length - 1;
  const at = (day: string) => {
    let found: number | undefined;
    days.forEach((x, i) => {
      if (x <= day) found = values[i];
    });
    return found;
  };
  const change = (base: number | undefined) =>
    base === undefined ? null : ((values[last] as number) / base - 1) * 100;
  const asOf = days[last] as string;
  const counted = members.filter((s) => s.closes.at(-1)?.day === asOf && s.closes.length > 1).length;
  d.check('index companies', label, 'market/indices', counted, answer.companies);
  d.check('index day change', label, 'market/indices', change(values[last - 1]), answer.dayPct);
  d.check('index month change', label, 'market/indices', change(at(monthsEarlier(asOf, 1))), answer.monthPct);
  d.check('index year change', label, 'market/indices', change(at(monthsEarlier(asOf, 12))), answer.yearPct);
}

export const MARKET_INDICES_CHECK: Check = {
  name: 'markets page: equal-weighted indices of the universe and each sector, their changes and movers',
  run(ctx, d) {
    const answer = ctx.answers.indices;
    const stocks = [...ctx.stored.values()].filter((s) => s.kind === 'stock');
    const asOf =
      stocks
        .map((s) => s.closes.at(-1)?.day ?? '')
        .sort()
        .at(-1) ?? '';
    // The trading days of the last year and a week: the same date a year earlier, less seven days.
    const from = plusDays(monthsEarlier(asOf, 12), -7);
    const days = [...new Set(stocks.flatMap((s) => s.closes.map((c) => c.day)))].filter((x) => x >= from).sort();
    d.check('index days', 'universe', 'market/indices', days.join(), answer.days.join());
    d.check('asOf', 'universe', 'market/indices', asOf, answer.asOf);
    compareIndex(d, 'universe', answer.days, stocks, answer.universe);
    const sectors = new Map<string, Security[]>();
    for (const s of stocks) sectors.set(s.sector ?? '', [...(sectors.get(s.sector ?? '') ?? []), s]);
    d.check(
      'sectors',
      'universe',
      'market/indices',
      [...sectors.keys()].sort().join(),
      answer.sectors
        .map((x) => x.sector)
        .sort()
        .join(),
    );
    for (const sector of answer.sectors) {
      const members = sectors.get(sector.sector) ?? [];
      compareIndex(d, sector.sector, answer.days, members, sector);
      // Movers: the sector's largest day changes, each list the extreme ones in order.
      const changes = members
        .map((s) => ({ ticker: s.ticker, change: dayChange(s.closes) }))
        .filter((x): x is { ticker: string; change: number } => x.change !== null)
        .sort((a, b) => b.change - a.change);
      const top = changes.slice(0, sector.gainers.length).map((x) => x.ticker);
      const bottom = [...changes]
        .reverse()
        .slice(0, sector.losers.length)
        .map((x) => x.ticker);
      d.check('gainers', sector.sector, 'market/indices', top.join(), sector.gainers.map((m) => m.ticker).join());
      d.check('losers', sector.sector, 'market/indices', bottom.join(), sector.losers.map((m) => m.ticker).join());
    }
  },
};
