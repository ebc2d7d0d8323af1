import { performance } from 'node:perf_hooks';

/*
 * Long computations on a serving process (the screener as of a day on read, the month rows written in
 * the background) give the event loop a turn every few milliseconds of work: no other request waits on
 * them longer than that (issue 43: nothing on a request path holds the loop over ~50 ms).
 */

/** Work between two turns: well under the 50 ms a waiting request may be held, above a setImmediate's cost. */
const WORK_MS = 20;

/**
 * A function to await between steps of work: it yields once `workMs` of work has passed since the last
 * turn, for `restMs` (0: a setImmediate, the next turn of the loop after what waits). Background work rests:
 * it takes at most workMs / (workMs + restMs) of a core from the requests.
 */
export function turnTaker(workMs = WORK_MS, restMs = 0): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < workMs) return;
    await new Promise<void>((resolve) => (restMs > 0 ? setTimeout(resolve, restMs) : setImmediate(resolve)));
    since = performance.now();
  };
}
