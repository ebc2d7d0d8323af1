#!/usr/bin/env node
/**
 * Every file a doc or a code comment names exists (issue 44): a doc that sends a reader to a file that was
 * renamed or deleted is worse than no doc. Part of `npm run lint`.
 *
 * A name is a path-like token ending in a source or doc extension (`http/data-cache.ts`,
 * `docs/scaling.md`, `ingest/repair.ts`). It is found when some tracked file's path ends with it (so
 * `metrics/closes.ts` finds `server/src/metrics/closes.ts`), or, when it starts with `./` or `../`, when it
 * resolves from the naming file's folder. Bare names without a folder (`closes.ts`) must match a tracked
 * file's name. In code files only comments are read: an import that names a missing file already fails
 * the typecheck, and strings may be URLs or patterns.
 *
 * Usage: node scripts/check-named-files.mjs [root]   (root: a git work tree, default this repository)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['ts', 'tsx', 'mts', 'mjs', 'cjs', 'js', 'md', 'css', 'sql', 'sh', 'yaml', 'yml'];
const NAME = new RegExp(
  String.raw`(?<![\w@/.-])((?:\.{1,2}/)*[\w.-]+(?:/[\w.-]+)*\.(?:${EXTENSIONS.join('|')}))(?![\w/-])`,
  'g',
);
const SHARED_DOCS = new Set(
  ['spec', 'architecture', 'conventions', 'design', 'finance-definitions', 'stack-notes'].map((n) => `${n}.md`),
);
const CODE = /\.(ts|tsx|mts|mjs|cjs|js)$/;

/** The comments of a JS/TS source, line by line (strings and template literals skipped). */
export function commentsOf(source) {
  const out = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      out.push(source.slice(i + 2, end === -1 ? source.length : end));
      i = end === -1 ? source.length : end;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      out.push(source.slice(i + 2, end === -1 ? source.length : end));
      i = end === -1 ? source.length : end + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      i++;
      while (i < source.length && source[i] !== c) i += source[i] === '\\' ? 2 : 1;
      i++;
    } else {
      i++;
    }
  }
  return out.join('\n');
}

/** Tokens that name a file, from a text (a doc, or a source's comments). */
export function namesIn(text) {
  const names = new Set();
  for (const match of text.matchAll(NAME)) {
    const name = match[1];
    const before = text.slice(Math.max(0, match.index - 12), match.index);
    // A URL's path, a glob, a placeholder or a package's file are not this repository's files.
    if (/[:*<>{}]|https?$|\w\/$/.test(before.slice(-1)) || /:\/\/\S*$/.test(before)) continue;
    // Product names (a capitalised name before .js) and version-like tokens are not files.
    if (
      /^[A-Z]\w*\.js$/.test(name) ||
      /^[\d.]+\.\w+$/.test(name) ||
      name.startsWith('node_modules/') ||
      name.includes('node_modules')
    )
      continue;
    names.add(name);
  }
  return [...names];
}

export function missingNames(root) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && fs.existsSync(path.join(root, file)));
  const paths = new Set(files);
  const baseNames = new Set(files.map((file) => path.posix.basename(file)));
  const shared = path.join(root, '..', 'shared');
  // The server's bundles are built, not tracked: a `.js` name is one when scripts/build.mjs has an entry of
  // that name (server/dist/ingest.js, feed-worker.js).
  const buildScript = path.join(root, 'scripts', 'build.mjs');
  const bundles = new Set(
    fs.existsSync(buildScript)
      ? [...fs.readFileSync(buildScript, 'utf8').matchAll(/^\s*'?([\w-]+)'?: at\('server', 'src'/gm)].map((m) => m[1])
      : [],
  );
  function exists(name, from) {
    if (name.endsWith('.js') && bundles.has(path.posix.basename(name, '.js'))) return true;
    // The product's shared documents sit beside the repository (../shared), when it is there.
    if (!name.includes('/') && (fs.existsSync(shared) ? fs.existsSync(path.join(shared, name)) : SHARED_DOCS.has(name)))
      return true;
    // A package's own file, named from its package folder (oidc-provider/lib/helpers/router.js).
    if (fs.existsSync(path.join(root, 'node_modules', name))) return true;
    if (name.startsWith('./') || name.startsWith('../')) {
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(from), name));
      return paths.has(resolved) || fs.existsSync(path.join(root, resolved));
    }
    if (!name.includes('/')) return baseNames.has(name);
    const suffix = `/${name}`;
    return paths.has(name) || files.some((file) => file.endsWith(suffix));
  }
  const missing = [];
  for (const file of files) {
    const isCode = CODE.test(file);
    if (!isCode && !file.endsWith('.md')) continue;
    // A provenance record names the files of the repository the data came from, not of this one.
    if (path.posix.basename(file) === 'PROVENANCE.md') continue;
    const source = fs.readFileSync(path.join(root, file), 'utf8');
    const text = isCode ? commentsOf(source) : source;
    for (const name of namesIn(text)) if (!exists(name, file)) missing.push({ file, name });
  }
  return missing;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
  const missing = missingNames(root);
  for (const { file, name } of missing) console.error(`${file}: names ${name}, which does not exist`);
  if (missing.length > 0) {
    console.error(`${missing.length} named file(s) missing: fix the name or the text (scripts/check-named-files.mjs)`);
    process.exit(1);
  }
}
