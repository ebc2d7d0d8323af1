#!/usr/bin/env node
// `npm start`: build whatever is not built yet, then run the server in this process.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildOutdated } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await buildOutdated();
await import(pathToFileURL(path.join(root, 'server', 'dist', 'main.js')).href);
