// Golden figures of the corpus, worked out from the companyfacts alone, independently of the app's code
// (no import from server/src). Run: node server/test/corpus/golden.mjs > server/test/corpus/golden.json, then
// npx biome format --write server/test/corpus/golden.json (the layout the lint keeps).
//
// Rules (stated here, applied by hand-simple code):
// 1. Sources: only periodic reports (10-K, 10-Q, 20-F, 40-F, 6-K, 10-KT, 10-QT and their /A).
// 2. A period is its start and end; a year is 340-380 days, a quarter 75-105 days.
// 3. A figure takes the first concept of its list that has a value for the period, then the latest filing
//    (then the greater accession): net income NetIncomeLoss, ProfitLoss, ifrs ProfitLossAttributableToOwnersOfParent,
//    ifrs ProfitLoss; EPS EarningsPerShareBasic, EarningsPerShareBasicAndDiluted, ifrs BasicEarningsLossPerShare.
// 4. Label: the fiscal year (fy) the company's own annual report gives the year (the earliest report whose
//    latest year it is); a year only reported as a comparative: the next year's label minus one.
// 5. Q4 = FY - (Q1 + Q2 + Q3) with the three 10-Q quarters of the year, naming the 10-K then Q1, Q2, Q3.
// 6. Per share "today": a value as filed is in the share terms of its filing day (US GAAP restates earlier
//    periods for a split before the report is issued); divided by every split paid after that day.
//    Splits come from the companies' announcements (SPLITS below), not from the facts.
// 7. As filed on day d: the latest value filed on or before d, divided by the splits paid after its filing
//    day and on or before d.
// 8. Restated years (RESTATED below: years whose net income a later filing changed, found by comparing the
//    values filed for one period): net income and EPS of the year as filed on each day named, by rule 7.
// 9. Currency: a company's reporting currency is the currency of most of its monetary facts; a figure is
//    read in it (TSMC files each amount in TWD and again in USD, a convenience translation), a per-share
//    figure in it per share.
// 10. A fiscal-year change: the transition period is the period a transition report (10-KT, 10-QT) gives
//    for its own fiscal period, between the old fiscal year's end and the new one's start; its figures are
//    chosen as a year's (rule 3), labelled TP and the fy of the transition report, today and as filed on the
//    days named (TRANSITION below). The last year before the change keeps its own label (rule 4).
// 11. A REIT (EXTRA below): revenue (Revenues, then RevenueFromContractWithCustomerExcludingAssessedTax) and
//    real estate investments, net (RealEstateInvestmentPropertyNet, the balance at the year's end) of the
//    three latest years, chosen by rule 3.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const PERIODIC = /^(10-K|10-Q|20-F|40-F|6-K|10-KT|10-QT)(\/A)?$/;
const ANNUAL_FORM = /^(10-K|20-F|40-F)(\/A)?$/;

// First day of trading in the new terms, from each company's announcement (ratio new shares per old).
const SPLITS = {
  AAPL: [
    ['2014-06-09', 7],
    ['2020-08-31', 4],
  ],
  NVDA: [
    ['2021-07-20', 4],
    ['2024-06-10', 10],
  ],
  GOOGL: [
    ['2014-04-03', 2],
    ['2022-07-18', 20],
  ],
  TSLA: [
    ['2020-08-31', 5],
    ['2022-08-25', 3],
  ],
  MRVL: [],
  SNOW: [['2018-11-30', 2]],
  LPA: [],
  TSM: [],
  DLR: [],
  // Not checked: Under Armour's splits are tagged without a ratio (StockIssuedDuringPeriodSharesStockSplits
  // = 1 at 2012-07-09 and 2014-04-14; the Class C shares of 2016 as a stock dividend), so the filings hold no
  // split list to check; every figure checked is of a later year.
  UAA: null,
  // 1-for-10 (AMC's reverse split, effective after the close of 2023-08-24). The APE units distributed in
  // August 2022 (one per share, counted as shares in EPS, which AMC restated back: FY2020 EPS -39.15 as first
  // filed, -19.58 from the 10-K of 2023-02-28) were not a split of the common stock; the values as filed keep them.
  AMC: [['2023-08-25', 0.1]],
  KHC: [],
};
const COMPANIES = [
  ['AAPL', '0000320193'],
  ['NVDA', '0001045810'],
  ['GOOGL', '0001652044'],
  ['TSLA', '0001318605'],
  ['MRVL', '0001835632'],
  ['SNOW', '0001640147'],
  ['LPA', '0001997711'],
  ['TSM', '0001046179'],
  ['DLR', '0001297996'],
  ['UAA', '0001336917'],
  ['AMC', '0001411579'],
  ['KHC', '0001637459'],
];
// As filed on a day: Alphabet between its 20-for-1's announcement and payout, and after it.
// AMC: FY2022 EPS before its 1-for-10 reverse split and after it (then times 10).
const AS_FILED = {
  GOOGL: ['2022-05-01', '2022-11-01'],
  TSLA: ['2022-08-01', '2022-11-01'],
  AMC: ['2023-08-01', '2023-11-01'],
};
// Restated years, by period end, and the days to read them as filed: Apple's 10-K/A of 2010-01-25 restated
// fiscal 2008 and 2009 (net income 4,834 and 5,704 million in the 10-K of 2009-10-27, 6,119 and 8,235 after).
const RESTATED = {
  AAPL: [
    ['2008-09-27', ['2009-12-01', '2010-02-01']],
    ['2009-09-26', ['2009-12-01', '2010-02-01']],
  ],
  // Kraft Heinz's 10-K for 2018, filed late on 2019-06-07, restated 2017 (10,999 million, then 10,941).
  KHC: [['2017-12-30', ['2019-01-01', '2019-07-01']]],
  // Under Armour's 10-K of 2024-05-29 restated fiscal 2023 (386.8 million, then 374.5).
  UAA: [['2023-03-31', ['2023-06-01', '2024-07-01']]],
};
// Fiscal-year changes (rule 10): the transition period's end, and the days to read it as filed. Under Armour
// moved its year end from December 31 to March 31: the 10-QT of 2022-05-09 covers January to March 2022.
const TRANSITION = { UAA: [['2022-03-31', ['2022-06-01']]] };
// Extra items (rule 11), each a concept chain and whether it is a balance (an instant).
const EXTRA = {
  DLR: [
    ['revenue', ['us-gaap:Revenues', 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax'], false],
    ['real_estate_investments', ['us-gaap:RealEstateInvestmentPropertyNet'], true],
  ],
};

const NET_INCOME = [
  'us-gaap:NetIncomeLoss',
  'us-gaap:ProfitLoss',
  'ifrs-full:ProfitLossAttributableToOwnersOfParent',
  'ifrs-full:ProfitLoss',
];
const EPS = [
  'us-gaap:EarningsPerShareBasic',
  'us-gaap:EarningsPerShareBasicAndDiluted',
  'ifrs-full:BasicEarningsLossPerShare',
];

const days = (a, b) => (Date.parse(b) - Date.parse(a)) / 86_400_000;
const isYear = (f) => f.start && days(f.start, f.end) >= 340 && days(f.start, f.end) <= 380;
const isQuarter = (f) => f.start && days(f.start, f.end) >= 75 && days(f.start, f.end) <= 105;

/** The reporting currency (rule 9): the three-letter unit with the most facts. */
function currencyOf(json) {
  const count = new Map();
  for (const taxonomy of Object.values(json.facts))
    for (const concept of Object.values(taxonomy))
      for (const [unit, list] of Object.entries(concept.units))
        if (/^[A-Z]{3}$/.test(unit)) count.set(unit, (count.get(unit) ?? 0) + list.length);
  return [...count].reduce((a, b) => (b[1] > a[1] ? b : a))[0];
}

function factsOf(json, chain, perShare, currency) {
  return chain.map((qualified) => {
    const [taxonomy, name] = qualified.split(':');
    const units = json.facts[taxonomy]?.[name]?.units ?? {};
    return Object.entries(units)
      .filter(([unit]) => unit === currency || (perShare && unit === `${currency}/shares`))
      .flatMap(([, list]) => list)
      .filter((f) => PERIODIC.test(f.form ?? ''));
  });
}

/** The chosen fact of a period (start, end) filed on or before `until`. */
function choose(byConcept, start, end, until = '9999-12-31') {
  for (const list of byConcept) {
    const found = list.filter((f) => f.start === start && f.end === end && f.filed <= until);
    if (found.length === 0) continue;
    return found.reduce((a, b) => (b.filed > a.filed || (b.filed === a.filed && b.accn > a.accn) ? b : a));
  }
  return undefined;
}

const splitsBetween = (ticker, after, upTo) =>
  (SPLITS[ticker] ?? []).filter(([day]) => day > after && day <= upTo).reduce((p, [, r]) => p * r, 1);

function goldenOf(ticker, cik) {
  const json = JSON.parse(gunzipSync(readFileSync(path.join(here, `companyfacts-CIK${cik}.json.gz`))));
  const currency = currencyOf(json);
  const income = factsOf(json, NET_INCOME, false, currency);
  const eps = factsOf(json, EPS, true, currency);
  const all = Object.values(json.facts).flatMap((t) => Object.values(t).flatMap((c) => Object.values(c.units).flat()));
  const years = new Map();
  for (const f of income.flat()) if (isYear(f)) years.set(f.end, f.start);
  // The fy each annual report gives its own year (the latest year it reports); a year only ever reported as
  // a comparative (the first report's earlier years) is the next year's label minus one.
  const own = new Map();
  const byReport = new Map();
  for (const f of all)
    if (f.fp === 'FY' && ANNUAL_FORM.test(f.form ?? '') && isYear(f)) {
      const r = byReport.get(f.accn) ?? { fy: f.fy, filed: f.filed, end: f.end };
      if (f.end > r.end) r.end = f.end;
      byReport.set(f.accn, r);
    }
  for (const r of [...byReport.values()].sort((a, b) => b.filed.localeCompare(a.filed))) own.set(r.end, r.fy);
  const label = (end) => {
    if (own.has(end)) return own.get(end);
    const next = [...own.keys()].filter((e) => e > end).sort()[0];
    return next ? own.get(next) - 1 : null;
  };
  const lastSplit = (SPLITS[ticker] ?? []).at(-1)?.[0] ?? null;
  const figures = [];
  const ends = [...years.keys()].sort().slice(-3);
  for (const end of ends) {
    const start = years.get(end);
    const fy = label(end);
    const ni = choose(income, start, end);
    if (ni)
      figures.push({
        item: 'net_income',
        period: 'annual',
        label: `FY${fy}`,
        start,
        end,
        value: ni.val,
        accession: ni.accn,
        basis: null,
      });
    const e = choose(eps, start, end);
    if (e)
      figures.push({
        item: 'eps_basic',
        period: 'annual',
        label: `FY${fy}`,
        start,
        end,
        value: e.val / splitsBetween(ticker, e.filed, '9999-12-31'),
        accession: e.accn,
        basis: lastSplit,
      });
  }
  // Q4 of the latest year with its three quarters filed in 10-Qs.
  for (const end of [...ends].reverse()) {
    const start = years.get(end);
    const quarters = income
      .flat()
      .filter((f) => isQuarter(f) && f.start >= start && f.end < end && /^10-Q/.test(f.form))
      .map((f) => [f.start, f.end]);
    const distinct = [...new Map(quarters.map((q) => [q.join('|'), q])).values()].sort((a, b) =>
      a[1].localeCompare(b[1]),
    );
    if (distinct.length !== 3) continue;
    const year = choose(income, start, end);
    const three = distinct.map(([s, e]) => choose(income, s, e));
    if (!year || three.some((q) => !q)) continue;
    figures.push({
      item: 'net_income',
      period: 'quarterly',
      label: `Q4 FY${label(end)}`,
      start: null,
      end,
      value: year.val - three.reduce((sum, q) => sum + q.val, 0),
      accession: [...new Set([year, ...three].map((f) => f.accn))].join(','),
      basis: null,
    });
    break;
  }
  // As filed: EPS of the fiscal year before each as-filed day's split, on that day's basis.
  for (const day of AS_FILED[ticker] ?? []) {
    const end = [...years.keys()]
      .filter((e) => e < day)
      .sort()
      .at(-1);
    const start = years.get(end);
    const e = choose(eps, start, end, day);
    if (!e) continue;
    figures.push({
      item: 'eps_basic',
      period: 'annual',
      label: `FY${label(end)}`,
      start,
      end,
      value: e.val / splitsBetween(ticker, e.filed, day),
      accession: e.accn,
      basis: day,
      asOf: day,
    });
  }
  // Extra items of the three latest years (rule 11).
  for (const [item, chain, balance] of EXTRA[ticker] ?? []) {
    const facts = factsOf(json, chain, false, currency);
    for (const end of ends) {
      const start = balance ? undefined : years.get(end);
      const f = choose(facts, start, end);
      if (f)
        figures.push({
          item,
          period: 'annual',
          label: `FY${label(end)}`,
          start: start ?? null,
          end,
          value: f.val,
          accession: f.accn,
          basis: null,
        });
    }
  }
  // The transition period of a fiscal-year change (rule 10): today and as filed on the days named.
  for (const [end, days] of TRANSITION[ticker] ?? []) {
    const own = income.flat().find((f) => f.end === end && /^10-[KQ]T(\/A)?$/.test(f.form) && f.start);
    if (!own) continue;
    const { start, fy } = own;
    for (const day of [undefined, ...days]) {
      const ni = choose(income, start, end, day);
      const e = choose(eps, start, end, day);
      const at = day ? { asOf: day } : {};
      if (ni)
        figures.push({
          item: 'net_income',
          period: 'annual',
          label: `TP FY${fy}`,
          start,
          end,
          value: ni.val,
          accession: ni.accn,
          basis: null,
          ...at,
        });
      if (e)
        figures.push({
          item: 'eps_basic',
          period: 'annual',
          label: `TP FY${fy}`,
          start,
          end,
          value: e.val / splitsBetween(ticker, e.filed, day ?? '9999-12-31'),
          accession: e.accn,
          basis: day ?? lastSplit,
          ...at,
        });
    }
  }
  // The last year before the change keeps its own label (rule 10).
  for (const [tpEnd] of TRANSITION[ticker] ?? []) {
    const end = [...years.keys()]
      .filter((e) => e < tpEnd)
      .sort()
      .at(-1);
    const ni = end && choose(income, years.get(end), end);
    if (ni)
      figures.push({
        item: 'net_income',
        period: 'annual',
        label: `FY${label(end)}`,
        start: years.get(end),
        end,
        value: ni.val,
        accession: ni.accn,
        basis: null,
      });
  }
  // Restated years as filed on the days named (rule 8): before and after the filing that changed them.
  for (const [end, days] of RESTATED[ticker] ?? []) {
    const start = years.get(end);
    for (const day of days) {
      const ni = choose(income, start, end, day);
      if (ni)
        figures.push({
          item: 'net_income',
          period: 'annual',
          label: `FY${label(end)}`,
          start,
          end,
          value: ni.val,
          accession: ni.accn,
          basis: null,
          asOf: day,
        });
      const e = choose(eps, start, end, day);
      if (e)
        figures.push({
          item: 'eps_basic',
          period: 'annual',
          label: `FY${label(end)}`,
          start,
          end,
          value: e.val / splitsBetween(ticker, e.filed, day),
          accession: e.accn,
          basis: day,
          asOf: day,
        });
    }
  }
  return { ticker, cik, currency, splits: SPLITS[ticker], figures };
}

const out = COMPANIES.map(([ticker, cik]) => goldenOf(ticker, cik));
process.stdout.write(`${JSON.stringify(out, null, 1)}\n`);
