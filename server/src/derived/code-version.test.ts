import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { derivedCodeVersion, sourceClosure, versionOfSources } from './code-version.ts';

/* The version of stored derived rows, from the code that produces them (issue 24: no number to bump). */
describe('a code version', () => {
  let dir: string;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A tiny source tree: a producer, what it takes values from, a type-only import, an unrelated file. */
  function tree() {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-version-'));
    const write = (name: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), text);
    };
    write(
      'src/producer.ts',
      [
        "import { rate } from './formula.ts';",
        "import type { Shape } from './shape.ts';",
        "import { type Unit, metricNames } from '@app/contract';",
        'export const produce = (s: Shape, u: Unit) => rate * metricNames.length;',
      ].join('\n'),
    );
    write('src/formula.ts', "import { half } from './deep/half.ts';\nexport const rate = half(3);\n");
    write('src/deep/half.ts', 'export const half = (n: number) => n / 2;\n');
    write('src/shape.ts', 'export interface Shape { n: number }\n');
    write('src/unrelated.ts', 'export const other = 1;\n');
    write('contract/metrics.ts', "export const metricNames = ['revenue'];\n");
    write('contract/news.ts', 'export const feeds = [];\nexport type Unit = string;\n');
    const version = () => {
      const files = sourceClosure(path.join(dir, 'src/producer.ts'), { contract: path.join(dir, 'contract') });
      return versionOfSources(files, dir);
    };
    return { write, version };
  }

  it('follows value imports transitively, and the contract file that declares an imported value', () => {
    const { version } = tree();
    const files = sourceClosure(path.join(dir, 'src/producer.ts'), { contract: path.join(dir, 'contract') });
    expect(files.map((file) => path.relative(dir, file))).toEqual([
      'src/producer.ts',
      'src/formula.ts',
      'src/deep/half.ts',
      'contract/metrics.ts',
    ]);
    expect(version()).toBeGreaterThan(0);
    expect(version()).toBeLessThan(2 ** 31);
  });

  it('changes with any file the values come from, and with nothing else', () => {
    const { write, version } = tree();
    const before = version();
    write('src/unrelated.ts', 'export const other = 2;\n');
    write('src/shape.ts', 'export interface Shape { n: number; m: string }\n');
    write('contract/news.ts', 'export const feeds = [1];\nexport type Unit = number;\n');
    expect(version()).toBe(before);
    write('src/deep/half.ts', 'export const half = (n: number) => n * 0.5;\n');
    const formulaChanged = version();
    expect(formulaChanged).not.toBe(before);
    write('contract/metrics.ts', "export const metricNames = ['revenue', 'roe'];\n");
    expect(version()).not.toBe(formulaChanged);
  });

  it('of the stored statement values covers the metrics and the finance functions, not the routes', () => {
    const server = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
    const files = sourceClosure(path.join(server, 'src/derived/statement-values.ts'), {
      contract: path.resolve(server, '../contract/src'),
    }).map((file) => path.relative(server, file));
    expect(files).toEqual(
      expect.arrayContaining([
        'src/derived/period-metrics.ts',
        'src/derived/fiscal-periods.ts',
        'src/finance/statements.ts',
        '../contract/src/financial-metrics.ts',
      ]),
    );
    expect(files.filter((file) => file.includes('/routes/') || file.endsWith('db/index.ts'))).toEqual([]);
    expect(derivedCodeVersion('statement-values.ts')).toBe(derivedCodeVersion('statement-values.ts'));
  });

  /** A copy of the server's derived/ and db/ sources and of the contract, and the versions of the three kinds of derived rows in it. */
  function serverCopy() {
    const server = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-version-server-'));
    for (const folder of ['src/derived', 'src/db', 'src/finance', 'src/http', 'src/odata']) {
      fs.cpSync(path.join(server, folder), path.join(dir, 'server', folder), { recursive: true });
    }
    fs.cpSync(path.resolve(server, '../contract/src'), path.join(dir, 'contract/src'), { recursive: true });
    const closure = (module: string) =>
      sourceClosure(path.join(dir, 'server/src/derived', module), { contract: path.join(dir, 'contract/src') });
    const versions = () => ({
      chart: versionOfSources(closure('chart-points.ts'), path.join(dir, 'server')),
      screener: versionOfSources(closure('screener-rows.ts'), path.join(dir, 'server')),
      statements: versionOfSources(closure('statement-values.ts'), path.join(dir, 'server')),
    });
    const edit = (file: string) => fs.appendFileSync(path.join(dir, 'server/src', file), '\n// edited\n');
    return { closure, versions, edit };
  }

  it('of the chart points and the screener rows cover the code that makes their text, and nothing of the other kinds', () => {
    const { closure, versions } = serverCopy();
    const names = (module: string) => closure(module).map((file) => path.relative(path.join(dir, 'server/src'), file));
    expect(names('chart-points.ts')).toEqual([
      'derived/chart-points.ts',
      'derived/chunk-layout.ts',
      'derived/code-version.ts',
    ]);
    expect(names('screener-rows.ts')).toEqual([
      'derived/screener-rows.ts',
      'db/rows-json.ts',
      'derived/code-version.ts',
    ]);
    // The copy gives the versions the server runs with, and the three differ.
    expect(versions()).toEqual({
      chart: derivedCodeVersion('chart-points.ts'),
      screener: derivedCodeVersion('screener-rows.ts'),
      statements: derivedCodeVersion('statement-values.ts'),
    });
    expect(new Set(Object.values(versions())).size).toBe(3);
  });

  it('of each kind moves with the files that make it, and with nothing else', () => {
    const { versions, edit } = serverCopy();
    const before = versions();
    // Read code, other formats, the loader of the years: no kind is rebuilt.
    for (const file of [
      'db/read-formats.ts',
      'derived/statement-values-format.ts',
      'derived/price-years.ts',
      'derived/rebuild.ts',
      'db/index.ts',
    ])
      edit(file);
    expect(versions()).toEqual(before);
    // A metric: the statement values only.
    edit('derived/period-metrics.ts');
    const metric = versions();
    expect(metric).toEqual({ ...before, statements: metric.statements });
    expect(metric.statements).not.toBe(before.statements);
    // The screener's rows format: the screener rows only.
    edit('db/rows-json.ts');
    const rows = versions();
    expect(rows).toEqual({ ...metric, screener: rows.screener });
    expect(rows.screener).not.toBe(metric.screener);
    // The chart's text: the chart points only.
    edit('derived/chart-points.ts');
    const chart = versions();
    expect(chart).toEqual({ ...rows, chart: chart.chart });
    expect(chart.chart).not.toBe(rows.chart);
    // The day layout the chart and the statements share: both.
    edit('derived/chunk-layout.ts');
    const layout = versions();
    expect(layout.screener).toBe(chart.screener);
    expect(layout.chart).not.toBe(chart.chart);
    expect(layout.statements).not.toBe(chart.statements);
  });
});
