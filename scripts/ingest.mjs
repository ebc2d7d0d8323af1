#!/usr/bin/env node
// `npm run ingest -- <command> [args]`: build the server bundle if it is out of date (the web app is not
// needed), then run the ingest CLI bundle (server/dist/ingest.js) with the same environment as the server.
// SIGINT and SIGTERM are passed on to it (scripts/child.mjs): it stops after the company being written.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOutdated } from './build.mjs';
import { runChild } from './child.mjs';

const HEAP = '--max-old-space-size=1024';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await buildOutdated({ only: ['server'], log: (line) => process.stderr.write(`${line}\n`) });
const cli = path.join(root, 'server', 'dist', 'ingest.js');
// The heap capped at 1 GB: a whole-market load (ingest sec-bulk) holds one company at a time (about 20 MB
// stay live), but V8 would let garbage grow towards its default limit (a quarter of the RAM) before
// collecting; the cap keeps the process within issue 35's 1.5 GB budget. SEC's largest companyfacts fit.
process.exitCode = await runChild(process.execPath, ['--enable-source-maps', HEAP, cli, ...process.argv.slice(2)], {
  ipc: true,
});
