import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { webBuildArgs, webBuildEnv } from '../../scripts/build.mjs';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web');

/*
 * `npm start` builds the web app in whatever environment the server runs in. Vite takes NODE_ENV from
 * it, so a server started with NODE_ENV=development (its default, and the benches') built React's
 * development bundle: 570 kB, several times slower, and kept for every later start. The build is the
 * production one whatever the server's NODE_ENV.
 */
describe('the web build', () => {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-build-'));
  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it('is a production build when the server runs with NODE_ENV=development', () => {
    expect(webBuildEnv({ NODE_ENV: 'development', PATH: 'x' })).toEqual({ NODE_ENV: 'production', PATH: 'x' });
    const result = spawnSync(
      process.execPath,
      webBuildArgs('--outDir', outDir, '--emptyOutDir', '--sourcemap', 'false'),
      {
        cwd: web,
        env: webBuildEnv({ ...process.env, NODE_ENV: 'development' }),
        encoding: 'utf8',
      },
    );
    expect(result.status, result.stderr).toBe(0);
    const entry = fs
      .readFileSync(path.join(outDir, 'index.html'), 'utf8')
      .match(/src="\/(assets\/index-[^"]+\.js)"/)?.[1];
    expect(entry).toBeDefined();
    const code = fs.readFileSync(path.join(outDir, entry as string), 'utf8');
    // React's production bundle reports its errors by number; the development one carries its warnings.
    expect(code).toContain('Minified React error');
    expect(code).not.toContain('jsxDEV');
  }, 120_000);
});
