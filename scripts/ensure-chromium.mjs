#!/usr/bin/env node
// First step of `npm test`: the end-to-end tests drive Debian's Chromium (never a downloaded browser,
// docs/decisions/0004 and stack-notes). When it is missing, install it where we can (root with apt-get:
// a fresh Debian machine or CI), or stop at once with the one command to run, before lint and the unit
// tests spend minutes only to fail at the end.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const browser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const installCommand = 'apt-get update && apt-get install -y --no-install-recommends chromium';

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function run(command, args) {
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

if (isExecutable(browser)) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH is set but ${browser} is not an executable file.`);
  process.exit(1);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot || !hasCommand('apt-get')) {
  console.error(
    `The end-to-end tests need Debian's Chromium at ${browser}. Install it first (as root):\n\n  ${installCommand}\n`,
  );
  process.exit(1);
}

console.error(`Chromium is missing: installing Debian's package (${installCommand}).`);
if (
  !run('apt-get', ['update', '-qq']) ||
  !run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'])
) {
  console.error(`Installing Chromium failed. Run this as root, then npm test again:\n\n  ${installCommand}\n`);
  process.exit(1);
}
if (!isExecutable(browser)) {
  console.error(`apt-get installed chromium, but ${browser} is still missing.`);
  process.exit(1);
}
