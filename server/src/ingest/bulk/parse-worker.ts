import path from 'node:path';
import type { SecurityBundle } from '../types.ts';
import { type ParseJob, parseEntry } from './parse-entry.ts';
import { openZip, type ZipArchive } from './zip-reader.ts';

/*
 * The bulk commands' parsing thread (bulk/parse-pool.ts, run by piscina): reads an archive entry through
 * its own handle on the zip file, inflates and parses it into the loader's bundle and answers with it, so
 * the main thread only writes. An entry that cannot be read or parsed answers with its error, naming it.
 */

export type ParseAnswer = { bundle: SecurityBundle } | { error: string };

const archives = new Map<string, Promise<ZipArchive>>();

function archive(file: string): Promise<ZipArchive> {
  let zip = archives.get(file);
  if (!zip) {
    zip = openZip(file);
    archives.set(file, zip);
  }
  return zip;
}

export default async function parse(job: ParseJob): Promise<ParseAnswer> {
  try {
    const data = await (await archive(job.archive)).read(job.entry);
    return { bundle: parseEntry(job, data, path.basename(job.archive)) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
