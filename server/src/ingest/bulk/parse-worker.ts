import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import { type ParseJob, parseEntry } from './parse-entry.ts';
import { openZip, type ZipArchive } from './zip-reader.ts';

/*
 * The bulk commands' parsing thread (bulk/parse-pool.ts): reads an archive entry through its own handle
 * on the zip file, inflates and parses it into the loader's bundle and posts the bundle back, so the main
 * thread only writes. An error is posted back as a message naming the entry.
 */

const archives = new Map<string, Promise<ZipArchive>>();

function archive(file: string): Promise<ZipArchive> {
  let zip = archives.get(file);
  if (!zip) {
    zip = openZip(file);
    archives.set(file, zip);
  }
  return zip;
}

parentPort?.on('message', async (message: { id: number; job: ParseJob }) => {
  const { id, job } = message;
  try {
    const data = await (await archive(job.archive)).read(job.entry);
    parentPort?.postMessage({ id, bundle: parseEntry(job, data, path.basename(job.archive)) });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
