import type { Database } from '../server/src/db/index.ts';
import { staleDerived } from '../server/src/derived/rebuild.ts';

/** Without progress for this long, the rebuild is taken as stuck (a security that failed): measured as it is. */
const STUCK_MS = 60_000;

/**
 * Waits for the server to rewrite the derived rows written by code of another version (ADR 0016): the
 * screener rows, the chart points and the statement values of a dataset made before a migration that
 * versions them, or by code that made them otherwise. The server does it in the background at start and
 * answers those rows the other way meanwhile: the same bytes, not the same speed. Measured once done.
 */
export async function derivedRebuilt(database: Database, out: (line: string) => void): Promise<void> {
  const started = performance.now();
  let reported = false;
  let last = Number.POSITIVE_INFINITY;
  let progressed = started;
  for (;;) {
    const stale = Object.entries(await staleDerived(database.db)).filter(([, securities]) => securities > 0);
    const left = stale.reduce((sum, [, securities]) => sum + securities, 0);
    if (left === 0) break;
    if (!reported) {
      const kinds = stale.map(([kind, securities]) => `${kind} of ${securities} securities`).join(', ');
      out(`waiting for the server to rebuild the ${kinds}`);
      reported = true;
    }
    if (left < last) {
      last = left;
      progressed = performance.now();
    } else if (performance.now() - progressed > STUCK_MS) {
      out(`derived rows: ${left} securities not rebuilt (see the server's log); measuring as it is`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  if (reported) out(`derived rows rebuilt in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
