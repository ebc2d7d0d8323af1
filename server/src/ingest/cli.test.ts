import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/index.ts';
import { commands } from './commands.ts';
import { consoleProgress } from './progress.ts';
import { buildIngestCli, type IngestCli } from './testing/ingest-cli.ts';
import { json, type LocalServer, localServer } from './testing/local-http.ts';

/*
 * The ingest CLI as an operator runs it (testing/ingest-cli.ts: the bundle as the build makes it, in a
 * child process with its own DATA_DIR and a minimal environment, output on pipes).
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const goldenOk = path.join(here, 'sources/__golden__/ok');

const ESC = String.fromCharCode(27); // starts the terminal control sequences a plain log must not have
let dataDir = '';
let csvDir = '';
let cli: IngestCli | undefined;
const ingest = (args: string[], env: Record<string, string> = {}) => (cli as IngestCli).run(args, env);

async function countRows() {
  const database = openDatabase({ sqliteFile: path.join(dataDir, 'ledgerlight.db') });
  try {
    const db = database.db;
    const count = async (table: 'securities' | 'daily_prices' | 'dividends') =>
      Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return {
      securities: await count('securities'),
      prices: await count('daily_prices'),
      dividends: await count('dividends'),
    };
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  const base = mkdtempSync(path.join(tmpdir(), 'ingest-cli-'));
  dataDir = path.join(base, 'data');
  csvDir = path.join(base, 'csv');
  cli = await buildIngestCli(dataDir);
  mkdirSync(dataDir);
  mkdirSync(csvDir);
  copyFileSync(path.join(goldenOk, 'prices.csv'), path.join(csvDir, 'QZAP.csv'));
  copyFileSync(path.join(goldenOk, 'dividends.csv'), path.join(csvDir, 'dividends.csv'));
});

afterEach(() => {
  // A test that failed half-way must not leave a CLI running: stop what is left, by pid.
  cli?.stopAll();
});

afterAll(() => {
  rmSync(path.dirname(dataDir), { recursive: true, force: true });
  cli?.dispose();
});

describe('ingest CLI', () => {
  it('--help exits 0 and documents every command; no command exits 2 with the help', async () => {
    const help = await ingest(['--help']);
    expect(help.code).toBe(0);
    for (const [name, command] of Object.entries(commands)) {
      expect(help.stdout).toContain(`  ${name.padEnd(10)} ${command.summary}`);
      expect(help.stdout).toContain(command.usage);
    }
    expect(help.stdout).toMatch(/exits 1 when a company of the run failed/);
    const bare = await ingest([]);
    expect(bare.code).toBe(2);
    expect(bare.stdout).toContain('Usage: npm run ingest --');
  });

  it('loads a CSV folder with plain progress lines, and a second identical run changes nothing', async () => {
    const first = await ingest(['csv', '--dir', csvDir, 'QZAP']);
    expect(first.stderr).not.toContain('\r');
    expect(first.stderr).not.toContain(ESC);
    expect(first.stderr).toContain('csv: 1/1');
    expect(first.stderr).toContain('(last: QZAP loaded)');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(
      /^csv: 1 loaded, 0 unchanged, 0 failed, 0 records rejected \| rows written: 3 prices, 2 dividends, 0 splits, 0 facts \| data version 1$/m,
    );
    const after = await countRows();
    expect(after).toEqual({ securities: 1, prices: 3, dividends: 2 });

    const second = await ingest(['csv', '--dir', csvDir, 'QZAP']);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(
      /^csv: 0 loaded, 1 unchanged, 0 failed, .*rows written: 0 prices, 0 dividends, 0 splits, 0 facts \| nothing changed$/m,
    );
    expect(await countRows()).toEqual(after);
  });

  it('exits 1 with the summary when a whole source failed', async () => {
    let server: LocalServer | undefined;
    try {
      server = await localServer((_req, res) => json(res, 503, { error: 'down for maintenance' }));
      const outcome = await ingest(['stooq', 'QZAP', 'QZBB'], {
        STOOQ_BASE_URL: server.baseUrl,
        PRICE_REQUESTS_PER_SECOND: '50',
        INGEST_RETRIES: '0',
      });
      expect(outcome.code).toBe(1);
      expect(outcome.stdout).toMatch(/^stooq: 0 loaded, 0 unchanged, 2 failed, 0 records rejected/m);
      expect(outcome.stdout).toContain(`  failed QZAP: HTTP 503 from ${server.baseUrl}/q/d/l/?s=qzap.us&i=d`);
      expect(outcome.stdout).toContain('  failed QZBB: HTTP 503');
      expect(outcome.stdout).toMatch(/^stooq: the whole source failed$/m);
      expect(server.hits).toHaveLength(2);
    } finally {
      await server?.close();
    }
  });

  it('explains a missing SEC_USER_AGENT and an unknown command with exit 2', async () => {
    const sec = await ingest(['sec', 'QZAP']);
    expect(sec.code).toBe(2);
    expect(sec.stdout).toContain('SEC_USER_AGENT is not set');
    const unknown = await ingest(['nasdaq', 'QZAP']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "nasdaq"');
  });

  it('feeds add, list and remove', async () => {
    const url = 'https://news.example/markets.xml';
    const add = await ingest(['feeds', 'add', url, '--kind', 'home', '--locale', 'de']);
    expect(add).toMatchObject({ code: 0, stdout: `added home feed ${url} (de)\n` });
    const list = await ingest(['feeds', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout.split('\n')).toContain(['home', 'de', '-', 'cli', url, 'not fetched yet'].join('\t'));
    const remove = await ingest(['feeds', 'remove', url]);
    expect(remove).toMatchObject({ code: 0, stdout: `removed ${url}\n` });
    const again = await ingest(['feeds', 'remove', url]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`no feed ${url}`);
    expect((await ingest(['feeds', 'list'])).stdout).not.toContain(url);
  });
});

describe('console progress', () => {
  const capture = (isTTY: boolean) => {
    const chunks: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString());
        done();
      },
    }) as unknown as NodeJS.WriteStream;
    stream.isTTY = isTTY;
    return { stream, chunks };
  };

  it('draws a bar in place on a terminal: done/total, rate and ETA', () => {
    const { stream, chunks } = capture(true);
    const progress = consoleProgress('demo', stream);
    progress.start(4, 0);
    progress.tick('AAA', 'loaded');
    progress.tick('BBB', 'failed');
    progress.finish();
    // Each redraw returns to the line start and clears what is left of the previous one.
    expect(chunks.slice(0, 2).every((c) => c.startsWith('\r') && c.endsWith(`${ESC}[K`))).toBe(true);
    expect(chunks[0]).toMatch(/^\rdemo \[#{8}\.{22}\] 1\/4 [\d.]+\/s ETA \S+ AAA loaded/);
    expect(chunks[1]).toMatch(/^\rdemo \[#{15}\.{15}\] 2\/4 .* BBB failed/);
    expect(chunks.at(-1)).toBe('\n');
  });

  it('writes plain lines otherwise, throttled, always including the last one', () => {
    const { stream, chunks } = capture(false);
    const progress = consoleProgress('demo', stream);
    progress.start(3, 1);
    for (const t of ['AAA', 'BBB']) progress.tick(t, 'unchanged');
    progress.finish();
    expect(chunks[0]).toBe('demo: resuming, 1 of 3 already done\n');
    // The first tick prints (no line yet), the second is inside the throttle window but is the last.
    expect(chunks.slice(1)).toHaveLength(2);
    expect(chunks.at(-1)).toMatch(/^demo: 3\/3 [\d.]+\/s ETA \S+ \(last: BBB unchanged\)\n$/);
    expect(chunks.join('')).not.toContain('\r');
    expect(chunks.join('')).not.toContain(ESC);
  });
});
