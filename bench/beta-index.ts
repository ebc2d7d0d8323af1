/*
 * The universe index behind every stock's beta (routes/company/statistics.ts), made as the first
 * key-statistics call of a data version makes it, two ways on the same database in turn: from the days
 * of every stock's six years (price_years, how it was made before migration 014; 7.3 s for that first
 * call on 2,000 companies) and from each stock's month ends (price_months, now). Both must give the same
 * index. Part of bench/api.ts (section "first").
 */
import { openDatabase } from '../server/src/db/index.ts';
import { readCloseSeries, readMonthEnds } from '../server/src/derived/price-years.ts';
import { equalWeightIndex, monthlyReturns, returnsOfMonthEnds } from '../server/src/market-stats/beta.ts';

const FROM_MONTH = '2019-06';

export async function compareUniverseIndex(sqliteFile: string, runs: number, out: (line: string) => void) {
  const database = openDatabase({ sqliteFile });
  const db = database.db;
  try {
    const ids = (await db.selectFrom('securities').select('id').where('kind', '=', 'stock').execute()).map(
      (row) => row.id,
    );
    const fromDays = async () => {
      const series = await readCloseSeries(db, ids, { from: `${FROM_MONTH}-01` }, 'close_adj');
      return equalWeightIndex(
        [...series.values()].map((s) => monthlyReturns(s.days.map((day, i) => ({ day, close: Number(s.closes[i]) })))),
      );
    };
    const fromMonths = async () => {
      const ends = await readMonthEnds(db, ids, FROM_MONTH);
      return equalWeightIndex([...ends.values()].map((e) => returnsOfMonthEnds(e.months, e.closes)));
    };
    const times: [number[], number[]] = [[], []];
    let indexes: Map<string, number>[] = [];
    for (let run = 0; run < runs; run++) {
      indexes = [];
      for (const [k, make] of [fromDays, fromMonths].entries()) {
        const started = performance.now();
        indexes.push(await make());
        times[k]?.push(performance.now() - started);
      }
    }
    const [days, months] = indexes as [Map<string, number>, Map<string, number>];
    const differ = [...days].filter(([month, value]) => months.get(month) !== value).length;
    if (differ > 0 || days.size !== months.size) throw new Error(`the two indexes differ in ${differ} months`);
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)] as number;
    out(
      `\nThe beta's universe index (${ids.length} stocks, months from ${FROM_MONTH}; the same ${days.size} values both ways)`,
    );
    out(
      `  from the days (price_years, before):  ${median(times[0]).toFixed(0).padStart(6)} ms  runs: ${times[0].map((t) => t.toFixed(0)).join(', ')}`,
    );
    out(
      `  from the month ends (price_months):   ${median(times[1]).toFixed(0).padStart(6)} ms  runs: ${times[1].map((t) => t.toFixed(0)).join(', ')}`,
    );
  } finally {
    await database.close();
  }
}
