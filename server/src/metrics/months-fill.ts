import type { Db } from '../db/index.ts';
import { turnTaker } from './event-loop-turns.ts';
import { lastMonthEndBefore, staleMonthSecurities, writeIndicatorMonths } from './indicator-months.ts';

/*
 * The serving process keeps the month rows (indicator-months.ts) up to date in the background: at start
 * after the repair, after the demo seed, and whenever a reader of a day finds securities whose rows are
 * behind their data (a load since, a new month end). Writing a security's months costs seconds (every
 * month's snapshot, the statements rebuilt at each filing), so no load waits for it and readers compute on
 * read what is not written yet: the same function either way (ADR 0026). It works 10 ms then rests 30: a
 * quarter of a core at most, the requests first. One pass at a time per database; a kick during a pass
 * runs one more after it.
 */

export interface MonthsFill {
  kick(): void;
  /** Ends the pass after the security it is writing; resolves when it has. */
  stop(): Promise<void>;
  /** The pass under way (tests and the bench wait for it). */
  idle(): Promise<void>;
}

const fills = new WeakMap<Db, MonthsFill>();

/** Starts keeping `db`'s month rows; `onError` hears a failed pass (the next kick tries again). */
export function startMonthsFill(db: Db, onError: (error: unknown) => void): MonthsFill {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const pass = async () => {
    do {
      again = false;
      const stale = await staleMonthSecurities(db, lastMonthEndBefore(new Date().toISOString().slice(0, 10)));
      await writeIndicatorMonths(db, stale, { stopping: () => stopped, turn: turnTaker(10, 30) });
    } while (again && !stopped);
  };
  const fill: MonthsFill = {
    kick() {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = pass()
        .catch((error: unknown) => {
          if (!stopped) onError(error);
        })
        .finally(() => {
          running = null;
        });
    },
    async stop() {
      stopped = true;
      await running;
      fills.delete(db);
    },
    async idle() {
      await running;
    },
  };
  fills.set(db, fill);
  return fill;
}

/** Asks the fill of `db` for a pass, when the process runs one (a serving process; not a test's app). */
export function kickMonthsFill(db: Db): void {
  fills.get(db)?.kick();
}
