/*
 * The universe index behind every stock's beta (routes/company/statistics.ts), made as the first
 * key-statistics call of a data version makes it: the weekly total returns of every stock's last five
 * years, from the year chunks' adjusted close column (issue 42: weekly returns replaced the month ends of
 * price_months, whose index this section timed against the days before). Part of bench/api.ts ("first").
 */
import { openDatabase } from '../server/src/db/index.ts';
import { readCloseColumn } from '../server/src/derived/price-years.ts';
import { betaWeeks, equalWeightIndex, weeklyReturns } from '../server/src/market-stats/beta.ts';

const FROM = '2019-06-01';

export async function compareUniverseIndex(sqliteFile: string, runs: number, out: (line: string) => void) {
  const database = openDatabase({ sqliteFile });
  const db = database.db;
  try {
    const ids = (await db.selectFrom('securities').select('id').where('kind', '=', 'stock').execute()).map(
      (row) => row.id,
    );
    const { fromWeek } = betaWeeks(new Date().toISOString().slice(0, 10));
    const times: number[] = [];
    let weeks = 0;
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const closes = await readCloseColumn(db, ids, { from: FROM }, 'close_adj');
      const index = equalWeightIndex([...closes.values()].map((s) => weeklyReturns(s.numbers, s.closes, fromWeek)));
      times.push(performance.now() - started);
      weeks = index.size;
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)] as number;
    out(`\nThe beta's universe index (${ids.length} stocks, ${weeks} weeks from ${FROM})`);
    out(
      `  from the adjusted close column (price_years): ${median(times).toFixed(0).padStart(6)} ms  runs: ${times.map((t) => t.toFixed(0)).join(', ')}`,
    );
  } finally {
    await database.close();
  }
}
