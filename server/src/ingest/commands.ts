import { readFile } from 'node:fs/promises';
import type { Config } from '../config.ts';
import type { Database } from '../db/index.ts';
import { bumpDataVersion } from '../db/meta.ts';
import type { SecurityKind } from '../db/schema.ts';
import { FEEDS_USAGE, feedsCommand } from '../news/cli.ts';
import { bulkCommands } from './bulk/commands.ts';
import { demoSource } from './demo/source.ts';
import { type GreenOverride, greenFlags, parseGreenOverrides } from './green.ts';
import { createHttpClient } from './http-client.ts';
import { recomputeIndicators } from './indicators.ts';
import { type RunSummary, runIngest } from './loader.ts';
import { consoleProgress } from './progress.ts';
import { binanceSource, coinGeckoSource } from './sources/crypto.ts';
import { csvFolderSource, stooqSource } from './sources/csv.ts';
import { secSource } from './sources/sec.ts';
import { yahooSource } from './sources/yahoo.ts';
import type { Source } from './types.ts';

/*
 * The ingest CLI's commands: one entry per command in `commands`, so another area (news feeds) adds
 * its own with one line. A command gets the parsed arguments, the configuration and the database,
 * prints what it did, and returns the process exit code.
 */

export interface CommandArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

export interface CommandContext {
  args: CommandArgs;
  /** The arguments after the command name, unparsed, for commands with their own syntax (feeds). */
  argv: string[];
  config: Config;
  database: Database;
  print(line: string): void;
  /** True once SIGTERM/SIGINT arrived: a loading command stops after the security it is writing. */
  stopping?: () => boolean;
}

export interface Command {
  usage: string;
  summary: string;
  run(context: CommandContext): Promise<number>;
}

export function parseArgs(argv: string[]): CommandArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) positional.push(arg);
    else if (arg.includes('=')) flags.set(arg.slice(2, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1));
    else if (
      ['--dir', '--overrides', '--companies', '--end', '--companyfacts', '--submissions'].includes(arg) &&
      argv[i + 1] !== undefined
    )
      flags.set(arg.slice(2), argv[++i] as string);
    else flags.set(arg.slice(2), true);
  }
  return { positional, flags };
}

async function loadOverrides(context: CommandContext): Promise<GreenOverride[]> {
  const file = context.args.flags.get('overrides') ?? context.config.GREEN_OVERRIDES_FILE;
  if (typeof file !== 'string') return [];
  const { overrides, errors } = parseGreenOverrides(await readFile(file, 'utf8'));
  for (const e of errors) context.print(`green overrides ${file}: ${e}`);
  return overrides;
}

async function tickersOfKind(database: Database, kind: SecurityKind): Promise<string[]> {
  const rows = await database.db
    .selectFrom('securities')
    .select('ticker')
    .where('kind', '=', kind)
    .orderBy('ticker')
    .execute();
  return rows.map((r) => r.ticker);
}

export function printSummary(summary: RunSummary, print: (line: string) => void): void {
  print(
    `${summary.source}: ${summary.loaded} loaded, ${summary.unchanged} unchanged, ${summary.failed.length} failed, ` +
      (summary.noStatements.length ? `${summary.noStatements.length} with no statements, ` : '') +
      `${summary.rejected.length} records rejected` +
      (summary.skipped ? `, ${summary.skipped} already done (resumed run ${summary.resumedFrom})` : '') +
      (summary.retried ? `, ${summary.retried} tried again after failing before` : '') +
      ` | rows written: ${summary.counts.prices} prices, ${summary.counts.dividends} dividends, ${summary.counts.splits} splits, ${summary.counts.facts} facts` +
      (summary.counts.supply ? `, ${summary.counts.supply} coin supply days` : '') +
      (summary.dataVersion ? ` | data version ${summary.dataVersion}` : ' | nothing changed'),
  );
  for (const f of summary.failed.slice(0, 50)) print(`  failed ${f.ticker}: ${f.error}`);
  if (summary.failed.length > 50) print(`  ... and ${summary.failed.length - 50} more failures`);
  for (const n of summary.noStatements.slice(0, 50)) print(`  no statements ${n.ticker}: ${n.reason}`);
  if (summary.noStatements.length > 50)
    print(
      `  ... and ${summary.noStatements.length - 50} more with no statements (table ingest_run_items, run ${summary.runId})`,
    );
  for (const r of summary.rejected.slice(0, 50)) print(`  rejected ${r.source} ${r.ticker} ${r.field}: ${r.reason}`);
  if (summary.rejected.length > 50)
    print(`  ... and ${summary.rejected.length - 50} more (table ingest_rejections, run ${summary.runId})`);
  if (summary.sourceFailed) print(`${summary.source}: the whole source failed`);
  else if (summary.noStatementsAtAll) print(`${summary.source}: no company of the run yielded statements`);
}

/** A command that loads tickers from a source: shared by every source. */
function sourceCommand(usage: string, summary: string, make: (c: CommandContext) => Source | string): Command {
  return {
    usage,
    summary,
    async run(context) {
      const source = make(context);
      if (typeof source === 'string') {
        context.print(source);
        return 2;
      }
      const all = context.args.flags.has('all');
      if (!all && context.args.positional.length === 0) {
        context.print(`Give tickers or --all. Usage: ${usage}`);
        return 2;
      }
      const result = await runIngest({
        db: context.database.db,
        source,
        tickers: all ? 'all' : context.args.positional,
        overrides: await loadOverrides(context),
        progress: consoleProgress(source.name),
        resume: !context.args.flags.has('restart'),
        ...(context.stopping ? { stopping: context.stopping } : {}),
        // A full disk: the run waits and goes on by itself once there is room (docs/operations.md).
        onStorageFull: (ticker, waitMs) =>
          process.stderr.write(`${ticker}: the disk is full; retrying in ${Math.round(waitMs / 1000)} s\n`),
      });
      printSummary(result, context.print);
      if (result.interrupted) {
        context.print(`${source.name}: interrupted; run the same command again to resume run ${result.runId}`);
        return 130;
      }
      // Any company of the run failed, in this try or an earlier one it resumed: a cron job must see it.
      return result.failed.length > 0 || result.noStatementsAtAll ? 1 : 0;
    },
  };
}

const http = (config: Config, baseUrl: string, rps = config.PRICE_REQUESTS_PER_SECOND) =>
  createHttpClient({
    baseUrl,
    userAgent: config.SEC_USER_AGENT ?? 'Ledgerlight market-data ingest',
    requestsPerSecond: rps,
    timeoutMs: config.INGEST_TIMEOUT_MS,
    retries: config.INGEST_RETRIES,
  });

export const commands: Record<string, Command> = {
  sec: sourceCommand(
    'ingest sec <tickers...> | --all',
    'SEC EDGAR profiles and statements (needs SEC_USER_AGENT)',
    ({ config }) =>
      config.SEC_USER_AGENT
        ? secSource({
            data: http(config, config.SEC_DATA_URL, config.SEC_REQUESTS_PER_SECOND),
            tickersUrl: config.SEC_TICKERS_URL,
          })
        : 'SEC_USER_AGENT is not set: SEC asks every client to name itself and a contact e-mail, e.g. SEC_USER_AGENT="Ledgerlight admin@example.com".',
  ),
  yahoo: sourceCommand(
    'ingest yahoo <tickers...> | --all',
    'daily prices, dividends and splits from the Yahoo v8 chart API',
    (c) => yahooSource(http(c.config, c.config.YAHOO_BASE_URL), () => tickersOfKind(c.database, 'stock')),
  ),
  stooq: sourceCommand('ingest stooq <tickers...> | --all', 'daily prices as CSV from Stooq', (c) =>
    stooqSource(http(c.config, c.config.STOOQ_BASE_URL), () => tickersOfKind(c.database, 'stock')),
  ),
  csv: sourceCommand(
    'ingest csv --dir <folder> <tickers...> | --all',
    'prices from <TICKER>.csv (Date,Open,High,Low,Close,Volume) and dividends.csv in a folder',
    ({ args }) => {
      const dir = args.flags.get('dir');
      return typeof dir === 'string' ? csvFolderSource(dir) : 'csv needs --dir <folder>';
    },
  ),
  binance: sourceCommand('ingest binance <TICKER...> | --all', 'crypto daily klines from Binance (TICKER/USDT)', (c) =>
    binanceSource(http(c.config, c.config.BINANCE_BASE_URL), () => tickersOfKind(c.database, 'crypto')),
  ),
  coingecko: sourceCommand(
    'ingest coingecko <TICKER[=coin-id]...> | --all',
    'crypto daily prices, market caps and supply from CoinGecko (market_chart and the coin)',
    (c) => coinGeckoSource(http(c.config, c.config.COINGECKO_BASE_URL), () => tickersOfKind(c.database, 'crypto')),
  ),
  demo: sourceCommand(
    'ingest demo --all [--companies N] [--end YYYY-MM-DD]',
    'the generated demo universe (fictional companies and coins); --companies adds synthetic ones',
    ({ args }) => {
      const companies = Number(args.flags.get('companies') ?? 0) || undefined;
      const end = args.flags.get('end');
      return demoSource({ ...(companies ? { companies } : {}), ...(typeof end === 'string' ? { endDay: end } : {}) });
    },
  ),
  ...bulkCommands(loadOverrides, printSummary),
  feeds: {
    usage: FEEDS_USAGE.replace(/^usage: /, ''),
    summary: 'register, list or remove news feeds (home, analysis, company)',
    run: ({ database, argv, print }) =>
      feedsCommand(database.db, argv, { out: print, err: (line) => process.stderr.write(`${line}\n`) }),
  },
  green: {
    usage: 'ingest green [--overrides file.csv]',
    summary: 'recompute the green flags of every security from the rules and the overrides CSV',
    async run(context) {
      const overrides = await loadOverrides(context);
      const db = context.database.db;
      const rows = await db.selectFrom('securities').selectAll().execute();
      const changed: number[] = [];
      for (const s of rows) {
        const g = greenFlags(
          { ticker: s.ticker, sicCode: s.sic_code, industry: s.industry, name: s.name, description: s.description },
          overrides,
        );
        const values = {
          is_green_energy: g.isGreenEnergy ? 1 : 0,
          is_green_transport: g.isGreenTransport ? 1 : 0,
          is_green_water: g.isGreenWater ? 1 : 0,
          is_green_waste: g.isGreenWaste ? 1 : 0,
          green_rules: JSON.stringify(g.rules),
        } as const;
        if (Object.entries(values).every(([k, v]) => (s as unknown as Record<string, unknown>)[k] === v)) continue;
        await db.updateTable('securities').set(values).where('id', '=', s.id).execute();
        changed.push(s.id);
      }
      if (changed.length) {
        await recomputeIndicators(db, changed);
        context.print(`green: ${changed.length} securities changed, data version ${await bumpDataVersion(db)}`);
      } else context.print('green: nothing changed');
      return 0;
    },
  },
};

export function helpText(): string {
  const lines = [
    'Usage: npm run ingest -- <command> [tickers...] [--all] [--restart] [options]',
    '',
    'Loads market data into the database (DATABASE_URL, or SQLite under DATA_DIR), one transaction per',
    'security; an interrupted run resumes when started again with the same arguments, trying again what failed',
    '(--restart: start over). SIGINT or SIGTERM stops it after the security being written (exit 130 or 143).',
    'Ends with a summary of what was loaded, rejected and failed; exits 1 when a company of the run failed (the',
    'rest is loaded; "the whole source failed" when all did), or when no company of the run yielded statements',
    '(sec: each is listed with the reason).',
    '',
    'Commands:',
    ...Object.entries(commands).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}\n  ${''.padEnd(10)} ${c.usage}`),
    '',
    'Configuration (environment): SEC_USER_AGENT, SEC_DATA_URL, SEC_TICKERS_URL, SEC_REQUESTS_PER_SECOND,',
    'YAHOO_BASE_URL, STOOQ_BASE_URL, BINANCE_BASE_URL, COINGECKO_BASE_URL, PRICE_REQUESTS_PER_SECOND,',
    'INGEST_TIMEOUT_MS, INGEST_RETRIES, GREEN_OVERRIDES_FILE. See README.md and docs/data-sources.md.',
  ];
  return lines.join('\n');
}
