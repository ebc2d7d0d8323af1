import { performance } from 'node:perf_hooks';

/*
 * Long computations on a serving process (the screener as of a day on read, the month rows written in
 * the background) give the event loop a turn every few milliseconds of work: no other request waits on
 * them longer than that (issue 43: nothing on a request path holds the loop over ~50 ms).
 */

/** Work between two turns: well under the 50 ms a waiting request may be held, above a setImmediate's cost. */
const WORK_MS = 20;

/** A function to await between steps of work: it yields once WORK_MS of work has passed since the last turn. */
export function turnTaker(workMs = WORK_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < workMs) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}
