import { Worker } from 'node:worker_threads';
import { type FeedJob, type FeedRead, fetchesOf, type ReaderReply } from './read-feed.ts';

/*
 * Feed fetching and reading off the event loop (ADR 0011). A reader is one worker thread (feed-worker.ts)
 * reading one feed at a time under two budgets:
 * - a deadline: the fetch has FEED_FETCH_TIMEOUT_MS per request (safe-fetch.ts enforces it; here a
 *   backstop), then reading the document has FEED_PARSE_TIMEOUT_MS from the moment it arrived;
 * - a memory cap: the thread's heap is limited to FEED_WORKER_MEMORY_MB (resourceLimits).
 * A feed over either budget fails with a FeedBudgetError naming it; the thread is ended (a thread stuck in
 * a parse cannot be interrupted otherwise) and the next feed gets a new one.
 */

export interface ReaderLimits {
  fetchTimeoutMs: number;
  parseTimeoutMs: number;
  memoryMb: number;
}

export class FeedBudgetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedBudgetError';
  }
}

export interface FeedReader {
  /** `onReading`: the document has arrived and the thread is reading it. */
  read(job: FeedJob, onReading?: () => void): Promise<FeedRead>;
  /** Ends the thread; a read in progress fails. */
  close(): Promise<void>;
}

/** Time for a thread to start (a TypeScript loader compiles the reader first when run from source). */
const START_MS = 10_000;

export function openFeedReader(limits: ReaderLimits): FeedReader {
  let worker: Worker | undefined;
  let sequence = 0;

  const read = (job: FeedJob, onReading?: () => void) =>
    new Promise<FeedRead>((resolve, reject) => {
      const thread = worker ?? startReaderThread(limits.memoryMb);
      if (thread !== worker) {
        worker = thread;
        thread.once('exit', () => {
          if (worker === thread) worker = undefined;
        });
      }
      const id = ++sequence;
      let timer: NodeJS.Timeout;
      const cleanUp = () => {
        clearTimeout(timer);
        thread.off('message', onMessage);
        thread.off('error', onError);
        thread.off('exit', onExit);
      };
      const fail = (error: Error) => {
        cleanUp();
        if (worker === thread) worker = undefined;
        void thread.terminate();
        reject(error);
      };
      const onMessage = (reply: ReaderReply) => {
        if (reply.id !== id) return;
        if ('phase' in reply) {
          onReading?.();
          clearTimeout(timer);
          timer = setTimeout(
            () =>
              fail(
                new FeedBudgetError(
                  `over its time budget: reading the feed took longer than ${limits.parseTimeoutMs} ms (FEED_PARSE_TIMEOUT_MS)`,
                ),
              ),
            limits.parseTimeoutMs,
          );
          return;
        }
        cleanUp();
        if ('read' in reply) resolve(reply.read);
        else reject(new Error(reply.error));
      };
      const onError = (error: Error & { code?: string }) =>
        fail(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new FeedBudgetError(
                `over its memory budget: reading the feed needed more than ${limits.memoryMb} MB (FEED_WORKER_MEMORY_MB)`,
              )
            : new Error(`feed reader failed: ${error.message}`),
        );
      const onExit = (code: number) => fail(new Error(`feed reader stopped (exit code ${code})`));
      const fetchMs = limits.fetchTimeoutMs * fetchesOf(job) + START_MS;
      timer = setTimeout(
        () => fail(new FeedBudgetError(`over its time budget: not fetched within ${fetchMs} ms`)),
        fetchMs,
      );
      thread.on('message', onMessage);
      thread.on('error', onError);
      thread.on('exit', onExit);
      thread.postMessage({ id, job });
    });

  return {
    read,
    async close() {
      const thread = worker;
      worker = undefined;
      await thread?.terminate();
    },
  };
}

function startReaderThread(memoryMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: memoryMb };
  const here = import.meta.url;
  let thread: Worker;
  if (here.endsWith('.ts')) {
    // Run from source (vitest, `node --import tsx`): a worker does not inherit the TypeScript loader of
    // the thread that starts it (Node 20), so the thread registers it before importing its entry.
    const loader = import.meta.resolve('tsx/esm/api');
    const entry = new URL('./feed-worker.ts', here).href;
    const source = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
    thread = new Worker(source, { eval: true, resourceLimits });
  } else {
    // The esbuild bundle (ADR 0004): scripts/build.mjs writes feed-worker.js beside main.js and ingest.js.
    thread = new Worker(new URL('./feed-worker.js', here), { resourceLimits });
  }
  // An idle reader never keeps the process alive; a read in progress does, by its timer.
  thread.unref();
  // A read listens for errors while it runs; between reads an error (the thread ends with it) must not
  // become an unhandled 'error' event of the server.
  thread.on('error', () => undefined);
  return thread;
}
