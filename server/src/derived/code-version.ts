import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/*
 * The version of stored derived rows, computed from the code that produces them (issue 24): a hash of
 * the source text of a module and of every module it imports values from, transitively (relative
 * imports, and for '@app/contract' the contract files that declare the values imported). A change to any of them, and only to them,
 * gives another version; rows of another version are never read and are rebuilt in the background
 * (statement-values.ts). Nobody bumps a number, and an unrelated edit rebuilds nothing.
 *
 * Type-only imports (`import type`) are left out: they shape no value. The server and the ingest CLI run
 * the same sources, so they agree on the version whichever of them wrote a row.
 */

/** Where the sources of '@app/contract' are (relative imports resolve from their file). */
interface SourceRoots {
  contract: string;
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gm;
const BARE_IMPORT = /^\s*import\s*['"]([^'"]+)['"]/gm;

/** The files whose values `entry` depends on, itself first, each once, in a stable order. */
export function sourceClosure(entry: string, roots: SourceRoots): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    order.push(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const [, , typeOnly, names, specifier] = match;
      // `import type {...}` and `export type {...}` shape no value.
      if (typeOnly || !specifier || names === undefined) continue;
      if (specifier === '@app/contract') {
        for (const name of valueNames(names)) {
          const declaring = contractFileOf(name, roots.contract);
          if (declaring) visit(declaring);
        }
        continue;
      }
      const target = resolveRelative(file, specifier);
      if (target) visit(target);
    }
    for (const match of text.matchAll(BARE_IMPORT)) {
      const target = match[1] ? resolveRelative(file, match[1]) : undefined;
      if (target) visit(target);
    }
  };
  visit(entry);
  return order;
}

function resolveRelative(from: string, specifier: string): string | undefined {
  return specifier.startsWith('.') ? path.resolve(path.dirname(from), specifier) : undefined;
}

/** The value names of an import list: `{ a, type B, c as d }` gives a and c. */
function valueNames(list: string): string[] {
  const inner = /\{([^}]*)\}/.exec(list)?.[1] ?? '';
  return inner
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0] as string);
}

/*
 * The contract is one package whose index re-exports every area: taking all of it would rebuild the
 * stored values for a change to the news schemas. A value imported from it counts by the contract file
 * that declares it (and what that file takes values from).
 */
const declarations = new Map<string, Map<string, string>>();

function contractFileOf(name: string, contractDir: string): string | undefined {
  let byName = declarations.get(contractDir);
  if (!byName) {
    byName = new Map();
    for (const entry of fs.readdirSync(contractDir).sort()) {
      if (!entry.endsWith('.ts') || entry.endsWith('.test.ts')) continue;
      const file = path.join(contractDir, entry);
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/^export\s+(?:const|let|function|class|enum)\s+([A-Za-z_$][\w$]*)/gm))
        if (match[1]) byName.set(match[1], file);
    }
    declarations.set(contractDir, byName);
  }
  return byName.get(name);
}

/**
 * A positive 31-bit number (the column is a 32-bit integer on PostgreSQL) from the text of the files,
 * named relative to `base` so the checkout's location does not matter. Never 0: that marks rows stored
 * before their table had a version (migration 013).
 */
export function versionOfSources(files: readonly string[], base: string): number {
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(base, file).split(path.sep).join('/')).update('\0');
    hash.update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest().readUInt32BE(0) & 0x7fff_ffff || 1;
}

/**
 * The version of the code behind a module of this folder (derived/), e.g. 'statement-values.ts'. The
 * built server runs from one bundle (server/dist) beside its sources (the whole tree ships, Dockerfile);
 * without them the bundle's own text stands in: every build then counts as a change.
 */
export function derivedCodeVersion(moduleName: string): number {
  const here = fileURLToPath(import.meta.url);
  const fromBundle = path.basename(path.dirname(here)) === 'dist';
  const serverSrc = fromBundle ? path.resolve(path.dirname(here), '../src') : path.resolve(path.dirname(here), '..');
  const entry = path.join(serverSrc, 'derived', moduleName);
  if (!fs.existsSync(entry)) return versionOfSources([here], path.dirname(here));
  const contract = path.resolve(serverSrc, '../../contract/src');
  return versionOfSources(sourceClosure(entry, { contract }), path.dirname(serverSrc));
}
