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
