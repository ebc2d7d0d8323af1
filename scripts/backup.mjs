#!/usr/bin/env node
// `npm run backup -- <file>` and `npm run restore -- <file>`: build what is out of date (as `npm start`
// does), then run the backup bundle (server/dist/backup.js) with the same environment as the server.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOutdated } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await buildOutdated({ log: (line) => process.stderr.write(`${line}\n`) });
const cli = path.join(root, 'server', 'dist', 'backup.js');
const result = spawnSync(process.execPath, ['--enable-source-maps', cli, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
