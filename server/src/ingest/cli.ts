import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/index.ts';
import { checkDatabaseFile, checkDataDir, StartupError } from '../db/startup-errors.ts';
import { commands, helpText, parseArgs } from './commands.ts';

/* Entry point of `npm run ingest -- <command> ...` (bundled to server/dist/ingest.js). */
async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${helpText()}\n`);
    return name ? 0 : 2;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`Unknown command "${name}".\n\n${helpText()}\n`);
    return 2;
  }
  const config = loadConfig();
  // A signal ends the run after the security being written (one transaction each), never in the middle;
  // the exit code then says which signal (130 SIGINT, 143 SIGTERM), as a shell reports it.
  let stoppedBy: NodeJS.Signals | null = null;
  let stoppedAt = 0;
  const stop = (signal: NodeJS.Signals) => {
    if (stoppedBy) {
      // Ctrl-C reaches every process of the terminal's group, and `npm run ingest` and scripts/ingest.mjs
      // pass it on too: the same key press arrives two or three times within milliseconds. Only a signal
      // a second later is the operator insisting.
      if (Date.now() - stoppedAt < 1000) return;
      process.exit(signal === 'SIGTERM' ? 143 : 130);
    }
    stoppedBy = signal;
    stoppedAt = Date.now();
    process.stderr.write(`\nstopping after the current security (${signal}; signal again to quit at once)\n`);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Started by scripts/ingest.mjs with a channel to it: the wrapper gone (killed outright), nobody is left
  // to pass on a stop, so the load stops as for SIGTERM instead of running on as an orphan.
  process.channel?.unref();
  process.on('disconnect', () => stop('SIGTERM'));
  const sqliteFile = path.join(config.DATA_DIR, 'ledgerlight.db');
  if (!config.DATABASE_URL) {
    // Another program's file is refused before the migrations write into it, as the server does.
    checkDataDir(config.DATA_DIR);
    checkDatabaseFile(config.DATA_DIR, sqliteFile);
  }
  const database = openDatabase({
    url: config.DATABASE_URL,
    sqliteFile,
    poolMax: 4,
  });
  try {
    await migrateToLatest(database);
    const code = await command.run({
      args: parseArgs(rest),
      argv: rest,
      config,
      database,
      print: (line) => process.stdout.write(`${line}\n`),
      stopping: () => stoppedBy !== null,
    });
    return code === 130 && stoppedBy === 'SIGTERM' ? 143 : code;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const message =
      error instanceof ConfigError || error instanceof StartupError
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
    process.stderr.write(`ingest failed: ${message}\n`);
    process.exitCode = 1;
  },
);
