import path from 'node:path';
import { Piscina } from 'piscina';
import type { SecurityBundle } from '../types.ts';
import { entryLabel, type ParseJob } from './parse-entry.ts';
import type { ParseAnswer } from './parse-worker.ts';

/*
 * The bulk commands parse on a thread of their own (parse-worker.ts, run by piscina): reading, inflating
 * and parsing a company's entry (JSON.parse of companyfacts, the fact -> statement work, a Stooq file's
 * CSV) was about a third of the main thread's work, and with the loader's prefetch it overlaps the writes
 * of the companies before it. The thread reads several entries side by side. A thread that dies (out of
 * memory on a huge entry, a crash, close()) fails the entries it held, each error naming its entry, and
 * the next entry starts a new thread: the rest of the archive is loaded.
 */

export interface EntryParser {
  parse(job: ParseJob): Promise<SecurityBundle>;
  close(): Promise<void>;
}

/**
 * Heap of the parsing thread: the ingest CLI's own cap (scripts/ingest.mjs), so any entry the main thread
 * parsed before still parses (SEC's largest companyfacts entries are tens of MB of JSON). V8 cannot always
 * stop a thread over its limit in the middle of JSON.parse: then the process ends, as it did before.
 */
const DEFAULT_MEMORY_MB = 1024;
/** Entries one thread reads at once (its file reads overlap; the parsing itself takes turns). */
const ENTRIES_AT_ONCE = 8;

/**
 * The worker's module: the esbuild bundle's (scripts/build.mjs writes bulk-parse-worker.js beside
 * ingest.js), or, run from source, a shim that registers tsx first (a worker thread does not inherit
 * its parent's TypeScript loader on Node 20).
 */
function workerFile(): string {
  const here = import.meta.url;
  return here.endsWith('.ts')
    ? new URL('./parse-worker-tsx.mjs', here).href
    : new URL('./bulk-parse-worker.js', here).href;
}

export function parsingThread(options: { memoryMb?: number } = {}): EntryParser {
  let pool: Piscina | undefined;
  const start = () =>
    new Piscina({
      filename: workerFile(),
      minThreads: 0,
      maxThreads: 1,
      concurrentTasksPerWorker: ENTRIES_AT_ONCE,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb ?? DEFAULT_MEMORY_MB },
    });
  return {
    async parse(job) {
      pool ??= start();
      let answer: ParseAnswer;
      try {
        answer = (await pool.run(job)) as ParseAnswer;
      } catch (error) {
        // The thread itself stopped (an entry's own failure comes back as an answer, below).
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`${entryLabel(job, path.basename(job.archive))}: the parsing thread stopped (${reason})`);
      }
      if ('error' in answer) throw new Error(answer.error);
      return answer.bundle;
    },
    async close() {
      const stopping = pool;
      pool = undefined;
      await stopping?.destroy();
    },
  };
}
