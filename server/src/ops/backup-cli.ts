import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { BackupError, backupDatabase, restoreDatabase } from './backup.ts';

/* Entry point of `npm run backup -- <file>` and `npm run restore -- <file>` (bundled to server/dist/backup.js). */
const USAGE =
  'Usage: npm run backup -- <file>    (while the server runs)\n       npm run restore -- <file>   (with the server stopped)';

async function main([command, file, ...rest]: string[]): Promise<number> {
  if ((command !== 'backup' && command !== 'restore') || !file || rest.length > 0) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  if (config.DATABASE_URL) {
    process.stderr.write(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore (docs/operations.md, "Backups").\n',
    );
    return 2;
  }
  const target = path.resolve(file);
  if (command === 'backup') {
    const pages = await backupDatabase(config.DATA_DIR, target);
    process.stdout.write(
      `Backed up ${path.join(path.resolve(config.DATA_DIR), 'ledgerlight.db')} to ${target} (${pages} pages)\n`,
    );
    return 0;
  }
  const kept = await restoreDatabase(config.DATA_DIR, target, config.PORT);
  process.stdout.write(
    `Restored ${target} into ${path.resolve(config.DATA_DIR)}${kept ? `; the database it replaced is ${kept}` : ''}\n`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
