import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startFlags } from '../../bench/api-builds.ts';

/*
 * The server process runs with the Node.js flags of package.json's "start" (docs/operations.md, "The
 * Node.js process"), whichever way it is started: `npm start`, the container image, and the benchmarks,
 * which run each build's bundle with its own start command's flags. One list, checked here so that the
 * three cannot drift apart.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The exec-form CMD of the Dockerfile, as its words. */
function dockerCommand(): string[] {
  const line = readFileSync(path.join(root, 'Dockerfile'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith('CMD ['));
  if (!line) throw new Error('Dockerfile has no exec-form CMD');
  return JSON.parse(line.slice('CMD '.length)) as string[];
}

describe('the start command', () => {
  let scratch: string | undefined;
  afterEach(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    scratch = undefined;
  });

  it('gives the container and the benchmarks the flags npm start gives', () => {
    const flags = startFlags(root);
    expect(flags).toContain('--max-semi-space-size=64');
    expect(dockerCommand()).toEqual(['node', ...flags, 'scripts/start.mjs']);
  });

  it('reads any checkout’s flags, and refuses a start script of another shape', () => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'start-flags-'));
    const write = (start: string) =>
      writeFileSync(path.join(scratch as string, 'package.json'), JSON.stringify({ scripts: { start } }));
    write('node scripts/start.mjs');
    expect(startFlags(scratch)).toEqual([]);
    write('node  --max-semi-space-size=32 --stack-size=2000 scripts/start.mjs ');
    expect(startFlags(scratch)).toEqual(['--max-semi-space-size=32', '--stack-size=2000']);
    write('tsx server/src/main.ts');
    expect(() => startFlags(scratch as string)).toThrow(/is not "node \[flags\] scripts\/start.mjs"/);
  });
});
