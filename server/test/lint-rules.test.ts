import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types; its two exports are used as below.
import { commentsOf, missingNames } from '../../scripts/check-named-files.mjs';

/*
 * The rules `npm run lint` keeps (issue 44), each shown to fail on a planted case: a file a doc names that
 * does not exist (scripts/check-named-files.mjs), an import cycle and an upward import (biome.json).
 */
const repo = path.resolve(import.meta.dirname, '../..');
const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

function plant(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-lint-'));
  scratch.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.join(dir, path.dirname(name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  execFileSync('git', ['init', '-q'], { cwd: dir });
  return dir;
}

describe('every file a doc or a comment names exists', () => {
  it('names a planted missing file, and only it', () => {
    const dir = plant({
      'docs/guide.md':
        'See `server/src/http/cache.ts` and `http/missing-cache.ts`; https://example.com/x/y.ts is a URL.\n',
      'server/src/http/cache.ts':
        '// The keys: see ./keys.ts and ../db/gone.ts.\nexport const text = "not/a/comment.ts";\n',
      'server/src/http/keys.ts': 'export {};\n',
    });
    expect(missingNames(dir)).toEqual([
      { file: 'docs/guide.md', name: 'http/missing-cache.ts' },
      { file: 'server/src/http/cache.ts', name: '../db/gone.ts' },
    ]);
  });

  it('reads only the comments of code', () => {
    expect(commentsOf("const a = '// not a comment'; // a comment\n/* another */")).toBe(' a comment\n another ');
  });

  it('finds none missing in this repository', () => {
    expect(missingNames(repo)).toEqual([]);
  });
});

/** Biome's diagnostics' rule names for a planted tree linted with this repository's biome.json. */
function lintRules(files: Record<string, string>): string[] {
  const config = JSON.parse(fs.readFileSync(path.join(repo, 'biome.json'), 'utf8')) as Record<string, unknown>;
  delete config.$schema;
  delete config.vcs;
  const dir = plant({ ...files, 'biome.json': JSON.stringify(config) });
  const result = spawnSync(
    path.join(repo, 'node_modules/.bin/biome'),
    ['lint', '--reporter=json', '--max-diagnostics=none', '.'],
    { cwd: dir, encoding: 'utf8' },
  );
  const report = JSON.parse(result.stdout) as { diagnostics: { category: string }[] };
  return report.diagnostics.map((d) => d.category);
}

describe('the import rules of biome.json', () => {
  it('refuses an import cycle', () => {
    const rules = lintRules({
      'web/src/ui/a.ts': "import { b } from './b.ts';\nexport const a = (): number => b();\n",
      'web/src/ui/b.ts': "import { a } from './a.ts';\nexport const b = (): number => a();\n",
    });
    expect(rules).toContain('lint/suspicious/noImportCycles');
  });

  it('refuses finance/ importing the app, and derived/ importing metrics/', () => {
    const rules = lintRules({
      'server/src/finance/ratio.ts': "import { x } from '../metrics/x.ts';\nexport const ratio = (): number => x;\n",
      'server/src/metrics/x.ts': 'export const x = 1;\n',
      'server/src/derived/rows.ts': "import { x } from '../metrics/x.ts';\nexport const rows = (): number => x;\n",
    });
    expect(rules.filter((rule) => rule === 'lint/style/noRestrictedImports')).toHaveLength(2);
  });

  it('refuses news/ importing ingest/ (the demo feeds are handed the hand-made tickers), tests aside', () => {
    const rules = lintRules({
      'server/src/news/feeds.ts': "import { x } from '../ingest/demo/x.ts';\nexport const feeds = (): number => x;\n",
      'server/src/news/feeds.test.ts': "import { x } from '../ingest/demo/x.ts';\nexport const y = (): number => x;\n",
      'server/src/ingest/demo/x.ts': 'export const x = 1;\n',
    });
    expect(rules.filter((rule) => rule === 'lint/style/noRestrictedImports')).toHaveLength(1);
  });

  it('refuses a migration importing a contract subpath', () => {
    const rules = lintRules({
      'server/src/db/migrations/099-x.ts': "import { x } from '@app/contract/metrics';\nexport const y = x;\n",
    });
    expect(rules).toContain('lint/style/noRestrictedImports');
  });
});
