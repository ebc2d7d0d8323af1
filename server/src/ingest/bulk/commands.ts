import type { Command, CommandContext } from '../commands.ts';
import type { GreenOverride } from '../green.ts';
import { type Progress, type RunSummary, runIngest } from '../loader.ts';
import { consoleProgress } from '../progress.ts';
import { type BulkPlan, planSecBulk } from './sec-bulk.ts';
import { planStooqBulk } from './stooq-bulk.ts';
import { ZipError } from './zip-reader.ts';

/*
 * The bulk commands (issue 35): a plan from the archives (which entries changed since the last load),
 * then the same loader as the per-company commands with the plan's source, one transaction per company
 * with its entry's fingerprint. A killed run is resumed by the next one (run key "--bulk"); what it had
 * loaded carries fingerprints, so the resumed run reads only the rest.
 */

export interface BulkOutcome {
  summary: RunSummary | null;
  unchanged: number;
  rejected: BulkPlan['rejected'];
}

export async function runBulk(
  context: Pick<CommandContext, 'database' | 'stopping' | 'print'>,
  label: string,
  plan: BulkPlan,
  overrides: readonly GreenOverride[] = [],
  /** true: no progress bar; or the progress to report to instead of the console's bar. */
  quiet: boolean | Progress = false,
): Promise<BulkOutcome> {
  try {
    for (const r of plan.rejected) context.print(`  rejected entry ${r.entry}: ${r.reason}`);
    context.print(
      `${label}: ${plan.tickers.length} to load, ${plan.unchanged} unchanged since they were loaded, ${plan.rejected.length} entries rejected`,
    );
    if (plan.tickers.length === 0) return { summary: null, unchanged: plan.unchanged, rejected: plan.rejected };
    const summary = await runIngest({
      db: context.database.db,
      source: plan.source,
      tickers: plan.tickers,
      runKey: JSON.stringify(['--bulk']),
      overrides: [...overrides],
      onWritten: plan.onWritten,
      // PostgreSQL: two companies written at once (the loader's `writers`); SQLite writes one at a time.
      writers: context.database.engine === 'postgres' ? 2 : 1,
      ...(quiet === true ? {} : { progress: quiet === false ? consoleProgress(label) : quiet }),
      ...(context.stopping ? { stopping: context.stopping } : {}),
      onStorageFull: (ticker, waitMs) =>
        process.stderr.write(`${ticker}: the disk is full; retrying in ${Math.round(waitMs / 1000)} s\n`),
    });
    if (summary.resumedFrom !== null)
      context.print(`${label}: resumed run ${summary.resumedFrom}, which an interruption had left unfinished`);
    return { summary, unchanged: plan.unchanged, rejected: plan.rejected };
  } finally {
    await plan.close();
  }
}

/** The exit code: 130 interrupted, 1 when anything was rejected or failed (the rest is loaded), else 0. */
export function bulkExitCode(outcome: BulkOutcome): number {
  if (outcome.summary?.interrupted) return 130;
  const failed = (outcome.summary?.failed.length ?? 0) + outcome.rejected.length;
  return failed > 0 || outcome.summary?.noStatementsAtAll ? 1 : 0;
}

async function guarded(context: CommandContext, body: () => Promise<number>): Promise<number> {
  try {
    return await body();
  } catch (error) {
    if (!(error instanceof ZipError)) throw error;
    context.print(`rejected archive: ${error.message}`);
    return 1;
  }
}

export function bulkCommands(
  loadOverrides: (context: CommandContext) => Promise<GreenOverride[]>,
  printSummary: (summary: RunSummary, print: (line: string) => void) => void,
): Record<string, Command> {
  const finish = (context: CommandContext, label: string, outcome: BulkOutcome) => {
    if (outcome.summary) printSummary(outcome.summary, context.print);
    if (outcome.summary?.interrupted)
      context.print(`${label}: interrupted; run the same command again to resume run ${outcome.summary.runId}`);
    return bulkExitCode(outcome);
  };
  return {
    'sec-bulk': {
      usage: 'ingest sec-bulk --companyfacts companyfacts.zip --submissions submissions.zip',
      summary: "SEC's nightly archives: every company with XBRL facts (profiles and statements), changed ones only",
      run: (context) =>
        guarded(context, async () => {
          const companyfacts = context.args.flags.get('companyfacts');
          const submissions = context.args.flags.get('submissions');
          if (typeof companyfacts !== 'string' || typeof submissions !== 'string') {
            context.print('sec-bulk needs --companyfacts <zip> and --submissions <zip>');
            return 2;
          }
          let last = 0;
          const plan = await planSecBulk(context.database.db, { companyfacts, submissions }, (done, total) => {
            if (Date.now() - last < 2000 && done < total) return;
            last = Date.now();
            process.stderr.write(`sec-bulk: comparing entries ${done}/${total}\n`);
          });
          return finish(context, 'sec-bulk', await runBulk(context, 'sec-bulk', plan, await loadOverrides(context)));
        }),
    },
    'stooq-bulk': {
      usage: 'ingest stooq-bulk <d_us_txt.zip>',
      summary: "Stooq's archive of daily US histories: prices of the known stocks, changed files only",
      run: (context) =>
        guarded(context, async () => {
          const file = context.args.positional[0];
          if (!file) {
            context.print('stooq-bulk needs the archive: ingest stooq-bulk <zip>');
            return 2;
          }
          const plan = await planStooqBulk(context.database.db, file);
          if (plan.unknown > 0)
            context.print(`stooq-bulk: ${plan.unknown} files of tickers that are no known stock (load sec-bulk first)`);
          return finish(
            context,
            'stooq-bulk',
            await runBulk(context, 'stooq-bulk', plan, await loadOverrides(context)),
          );
        }),
    },
  };
}
