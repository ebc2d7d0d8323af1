// Runs a child process for the scripts that wrap one (ingest.mjs, backup.mjs) and never leaves it behind:
// SIGINT, SIGTERM and SIGHUP sent to the wrapper (a service manager holds the wrapper's pid, `npm run`
// passes its signals to it) are passed on to the child, and the wrapper waits for it to finish its stop;
// with `ipc`, the child also gets a channel to the wrapper, whose closing tells it the wrapper is gone
// (killed outright); only for a child that unrefs it (server/src/ingest/cli.ts), or it would never end.
import { spawn } from 'node:child_process';
import os from 'node:os';

const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Spawns `command args`, passes the signals on, and resolves to the exit code to end the wrapper with. */
export function runChild(command, args, { ipc = false, ...options } = {}) {
  const stdio = ['inherit', 'inherit', 'inherit', ...(ipc ? ['ipc'] : [])];
  const child = spawn(command, args, { stdio, ...options });
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of FORWARDED) process.on(signal, forward);
  return new Promise((resolve) => {
    child.once('error', (error) => {
      process.stderr.write(`cannot run ${command}: ${error.message}\n`);
      resolve(1);
    });
    child.once('exit', (code, signal) => {
      for (const s of FORWARDED) process.off(s, forward);
      // Killed by a signal: the shell's convention, 128 + its number.
      resolve(code ?? 128 + (os.constants.signals[signal] ?? 0));
    });
  });
}
