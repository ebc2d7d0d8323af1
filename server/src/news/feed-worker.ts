import fs from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { type ReaderReply, type ReaderRequest, readFeed } from './read-feed.ts';

/*
 * A feed reader thread (feed-reader.ts starts it): fetches and reads the feeds it is sent, one at a time.
 * The thread that runs it has a heap cap, and the refresher ends it when a feed passes its deadline.
 * Built as its own entry beside main.js (scripts/build.mjs).
 */

/** Nice value of a reader thread: background work, below the event loop that answers requests. */
const READER_NICENESS = 10;

/**
 * On Linux a thread has its own scheduling priority: lower this one's, so that on a small machine the
 * thread serving requests gets the CPU first while a large feed is read (a 50 MB feed is seconds of CPU).
 */
function lowerPriority(): void {
  if (process.platform !== 'linux') return;
  try {
    const thread = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
    if (thread > 0) os.setPriority(thread, READER_NICENESS);
  } catch {
    // No /proc, or not permitted: the thread keeps the process's priority.
  }
}

const port = parentPort;
if (port) {
  lowerPriority();
  port.on('message', ({ id, job }: ReaderRequest) => {
    const reply = (message: ReaderReply) => port.postMessage(message);
    readFeed(job, () => reply({ id, phase: 'reading' })).then(
      (read) => reply({ id, read }),
      (error: unknown) => reply({ id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
