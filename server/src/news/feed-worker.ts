import { parentPort } from 'node:worker_threads';
import { type ReaderReply, type ReaderRequest, readFeed } from './read-feed.ts';

/*
 * A feed reader thread (feed-reader.ts starts it): fetches and reads the feeds it is sent, one at a time.
 * The thread that runs it has a heap cap, and the refresher ends it when a feed passes its deadline.
 * Built as its own entry beside main.js (scripts/build.mjs).
 */

const port = parentPort;
if (port) {
  port.on('message', ({ id, job }: ReaderRequest) => {
    const reply = (message: ReaderReply) => port.postMessage(message);
    readFeed(job, () => reply({ id, phase: 'reading' })).then(
      (read) => reply({ id, read }),
      (error: unknown) => reply({ id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
