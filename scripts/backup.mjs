#!/usr/bin/env node
// `npm run backup -- <file>` and `npm run restore -- <file>`: build the server bundle if it is out of date,
// then run the backup bundle (server/dist/backup.js) with the same environment as the server; a signal is
// passed on to it (scripts/child.mjs).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOutdated } from './build.mjs';
import { runChild } from './child.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await buildOutdated({ only: ['server'], log: (line) => process.stderr.write(`${line}\n`) });
const cli = path.join(root, 'server', 'dist', 'backup.js');
process.exitCode = await runChild(process.execPath, ['--enable-source-maps', cli, ...process.argv.slice(2)]);
