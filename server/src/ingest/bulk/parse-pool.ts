import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SecurityBundle } from '../types.ts';
import { entryLabel, type ParseJob } from './parse-entry.ts';

/*
 * The bulk commands parse on a thread of their own (parse-worker.ts): reading, inflating and parsing a
 * company's entry (JSON.parse of companyfacts, the fact -> statement work, a Stooq file's CSV) was about a
 * third of the main thread's work, and with the loader's prefetch it now overlaps the writes of the
 * companies before it. Each answer names its job (the thread reads entries side by side: a small entry
 * sent after a large one may be answered first). A thread that dies (out of memory on a huge
 * entry, a crash) fails the entries it held, each error naming its entry, and the next entry starts a
 * new thread: the rest of the archive is loaded.
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

interface Pending {
  job: ParseJob;
  resolve: (bundle: SecurityBundle) => void;
  reject: (error: Error) => void;
}

export function parsingThread(options: { memoryMb?: number } = {}): EntryParser {
  let thread: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  const failAll = (reason: string) => {
    for (const [id, p] of pending) {
      pending.delete(id);
      p.reject(new Error(`${entryLabel(p.job, path.basename(p.job.archive))}: the parsing thread stopped (${reason})`));
    }
  };

  const start = (): Worker => {
    const worker = startParseThread(options.memoryMb ?? DEFAULT_MEMORY_MB);
    worker.on('message', (message: { id: number; bundle?: SecurityBundle; error?: string }) => {
      const p = pending.get(message.id);
      if (!p) return;
      pending.delete(message.id);
      if (message.error !== undefined) p.reject(new Error(message.error));
      else p.resolve(message.bundle as SecurityBundle);
    });
    worker.on('error', (error) => {
      if (thread === worker) thread = undefined;
      failAll(error.message);
    });
    worker.on('exit', (code) => {
      if (thread === worker) thread = undefined;
      failAll(`exit code ${code}`);
    });
    // Idle between jobs, the thread does not keep the process alive.
    worker.unref();
    return worker;
  };

  return {
    parse(job) {
      thread ??= start();
      const id = nextId++;
      const worker = thread;
      return new Promise<SecurityBundle>((resolve, reject) => {
        pending.set(id, { job, resolve, reject });
        worker.ref();
        worker.postMessage({ id, job });
      }).finally(() => {
        if (pending.size === 0 && thread === worker) worker.unref();
      });
    },
    async close() {
      const worker = thread;
      thread = undefined;
      await worker?.terminate();
    },
  };
}

function startParseThread(memoryMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: memoryMb };
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    // Run from source (vitest, `node --import tsx`): a worker does not inherit the TypeScript loader of the
    // thread that starts it (Node 20), so the thread registers it before importing its entry.
    const loader = import.meta.resolve('tsx/esm/api');
    const entry = new URL('./parse-worker.ts', here).href;
    const source = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
    return new Worker(source, { eval: true, resourceLimits });
  }
  // The esbuild bundle (ADR 0004): scripts/build.mjs writes bulk-parse-worker.js beside ingest.js.
  return new Worker(new URL('./bulk-parse-worker.js', here), { resourceLimits });
}
