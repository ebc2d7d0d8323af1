// Compression of the built web app's text files, once at build (issue 20): the server only picks a file.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** Text files the server sends compressed (server/src/web/static.ts has the same list). */
const TEXT_FILE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes name.br (brotli 11) and name.gz (gzip 9) beside every text file of the build, where smaller:
 * compressed once here at the highest levels, so the server only picks a file (issue 20). index.html's
 * come last: they mark a finished build (the web target's output).
 */
export async function precompress(dir) {
  const files = [];
  const visit = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (TEXT_FILE.test(entry.name)) files.push(file);
    }
  };
  visit(dir);
  const index = path.join(dir, 'index.html');
  const write = async (file) => {
    const raw = fs.readFileSync(file);
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      }),
      gzip(raw, { level: 9 }),
    ]);
    for (const [ext, bytes] of [
      ['.br', br],
      ['.gz', gz],
    ]) {
      if (bytes.length < raw.length) fs.writeFileSync(file + ext, bytes);
      else fs.rmSync(file + ext, { force: true });
    }
  };
  // A few at a time: zlib's thread pool does the work.
  const rest = files.filter((f) => f !== index);
  for (let i = 0; i < rest.length; i += 8) await Promise.all(rest.slice(i, i + 8).map(write));
  await write(index);
}
