/*
 * The storage layouts that are not answers (issue 31: they stay only if the budgets need them), each
 * read as the read side reads it and as it would be read without it, on the same database in turn:
 *   - price_years (a year of closes per row) against daily_prices, for the whole-history closes of one
 *     stock that key statistics and every screener row start from (metrics/snapshot.ts), and for its
 *     whole-history bars (the OHLCV chart: the chunks' `bars` against daily_prices' rows);
 *   - fact_statements (the statement matrices) against financial_facts made into the same matrices, for
 *     one stock's statements (every statement call, the TTM, the snapshot);
 *   - price_months (each stock's month ends) against daily_prices, for the beta's universe index that the
 *     first key-statistics call after a data change makes (the "first" section compares it with
 *     price_years).
 * Figures: CPU and wall time per read in this process (the median of --runs runs). Part of bench/api.ts
 * (section "layouts").
 */
import { openDatabase } from '../server/src/db/index.ts';
import {
  packFactStatement,
  STATEMENT_FACT_COLUMNS,
  type StatementFact,
  selectFactStatements,
} from '../server/src/derived/fact-statements.ts';
import { monthEndsOfHistory, readBothCloses, readMonthEnds, readPriceBars } from '../server/src/derived/price-years.ts';

const FROM_MONTH = '2019-06';

type Read = (id: number) => Promise<unknown>;

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const list = out.get(key(item));
    if (list) list.push(item);
    else out.set(key(item), [item]);
  }
  return out;
}

export async function compareStorageLayouts(sqliteFile: string, runs: number, out: (line: string) => void) {
  const database = openDatabase({ sqliteFile });
  const db = database.db;
  const cpuMs = () => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  };
  try {
    const stocks = (
      await db.selectFrom('securities').select('id').where('kind', '=', 'stock').orderBy('id').execute()
    ).map((row) => row.id);
    /** [cpu, wall] ms per read, the median run of `runs`, over `reads` stocks in turn. */
    const measure = async (read: Read, reads: number): Promise<[number, number]> => {
      for (let i = 0; i < Math.min(5, reads); i++) await read(stocks[i] as number);
      const results: [number, number][] = [];
      for (let run = 0; run < runs; run++) {
        const [cpu, wall] = [cpuMs(), performance.now()];
        for (let i = 0; i < reads; i++) await read(stocks[(i * 7 + run) % stocks.length] as number);
        results.push([(cpuMs() - cpu) / reads, (performance.now() - wall) / reads]);
      }
      return results.sort((a, b) => a[1] - b[1])[Math.floor((results.length - 1) / 2)] as [number, number];
    };
    const closesFromDays: Read = async (id) => {
      const rows = await db
        .selectFrom('daily_prices')
        .select(['day', 'close_split_adj', 'close_adj'])
        .where('security_id', '=', id)
        .orderBy('day')
        .execute();
      return {
        split: rows.map((r) => ({ day: r.day, close: r.close_split_adj })),
        adjusted: rows.map((r) => ({ day: r.day, close: r.close_adj })),
      };
    };
    const barsFromDays: Read = (id) =>
      db
        .selectFrom('daily_prices')
        .select(['day', 'open', 'high', 'low', 'close', 'volume', 'close_split_adj', 'close_adj'])
        .where('security_id', '=', id)
        .orderBy('day')
        .execute();
    const statementsFromFacts: Read = async (id) => {
      const facts = (await db
        .selectFrom('financial_facts')
        .select([...STATEMENT_FACT_COLUMNS])
        .where('security_id', '=', id)
        .execute()) as StatementFact[];
      const byPeriod = groupBy(facts, (f) => f.period);
      return [...byPeriod.values()].map((list) => packFactStatement(id, list));
    };
    const monthEndsFromDays = async () => {
      const rows = await db
        .selectFrom('daily_prices')
        .select(['security_id', 'day', 'close_adj'])
        .where('day', '>=', `${FROM_MONTH}-01`)
        .orderBy('security_id')
        .orderBy('day')
        .execute();
      const bySecurity = groupBy(rows, (r) => r.security_id);
      return new Map(
        [...bySecurity].map(([id, days]) => [
          id,
          monthEndsOfHistory(days.map((d) => ({ day: d.day, closeSplitAdj: 0, closeAdj: d.close_adj }))),
        ]),
      );
    };
    const rows: [string, [number, number], [number, number]][] = [
      [
        'whole-history closes of one stock (both columns)',
        await measure((id) => readBothCloses(db, [id]), 200),
        await measure(closesFromDays, 200),
      ],
      [
        'whole-history bars of one stock (the OHLCV chart)',
        await measure((id) => readPriceBars(db, [id], {}), 200),
        await measure(barsFromDays, 200),
      ],
      [
        'statements of one stock (annual and quarterly)',
        await measure((id) => selectFactStatements(db, [id]), 200),
        await measure(statementsFromFacts, 50),
      ],
      [
        `month ends of ${stocks.length} stocks since ${FROM_MONTH} (the beta's index)`,
        await measure(() => readMonthEnds(db, stocks, FROM_MONTH), 3),
        await measure(monthEndsFromDays, 1),
      ],
    ];
    const ms = ([cpu, wall]: [number, number]) => `${cpu.toFixed(2)} / ${wall.toFixed(2)} ms`.padStart(22);
    out('\nStorage layouts, with and without (CPU / wall per read, in-process, the median run)');
    out(`${'read'.padEnd(64)} ${'with the layout'.padStart(22)} ${'from the source rows'.padStart(22)}`);
    for (const [name, layout, source] of rows) out(`${name.padEnd(64)} ${ms(layout)} ${ms(source)}`);
  } finally {
    await database.close();
  }
}
