import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/index.ts';
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
  // A signal ends the run after the security being written (one transaction each), never in the middle.
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(130); // a second signal: the operator insists
    stopping = true;
    process.stderr.write('\nstopping after the current security (signal again to quit at once)\n');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  const database = openDatabase({
    url: config.DATABASE_URL,
    sqliteFile: path.join(config.DATA_DIR, 'ledgerlight.db'),
    poolMax: 4,
  });
  try {
    await migrateToLatest(database);
    return await command.run({
      args: parseArgs(rest),
      argv: rest,
      config,
      database,
      print: (line) => process.stdout.write(`${line}\n`),
      stopping: () => stopping,
    });
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
      error instanceof ConfigError
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error);
    process.stderr.write(`ingest failed: ${message}\n`);
    process.exitCode = 1;
  },
);
