import type { Progress } from './loader.ts';

/*
 * Progress on stderr: a bar redrawn in place on a terminal (done/total, rate, ETA), plain lines
 * otherwise (CI logs, files), at most one every few seconds so logs stay readable.
 */

const fmtSeconds = (s: number) =>
  !Number.isFinite(s)
    ? '?'
    : s < 90
      ? `${Math.round(s)}s`
      : s < 5400
        ? `${Math.round(s / 60)}m`
        : `${(s / 3600).toFixed(1)}h`;

export function consoleProgress(label: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  const tty = Boolean(stream.isTTY);
  let total = 0;
  let done = 0;
  let started = Date.now();
  let lastLine = 0;
  let processedHere = 0;
  const line = (ticker: string, outcome: string) => {
    const elapsed = (Date.now() - started) / 1000;
    const rate = processedHere / Math.max(elapsed, 0.001);
    const eta = (total - done) / rate;
    const stats = `${done}/${total} ${rate.toFixed(1)}/s ETA ${fmtSeconds(eta)}`;
    if (tty) {
      const width = 30;
      const filled = total ? Math.round((done / total) * width) : width;
      stream.write(
        `\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${stats} ${ticker} ${outcome}\x1b[K`,
      );
    } else if (Date.now() - lastLine > 2000 || done === total) {
      lastLine = Date.now();
      stream.write(`${label}: ${stats} (last: ${ticker} ${outcome})\n`);
    }
  };
  return {
    start(count, alreadyDone) {
      total = count;
      done = alreadyDone;
      started = Date.now();
      if (alreadyDone > 0) stream.write(`${label}: resuming, ${alreadyDone} of ${count} already done\n`);
    },
    tick(ticker, outcome) {
      done++;
      processedHere++;
      line(ticker, outcome);
    },
    finish() {
      if (tty) stream.write('\n');
    },
  };
}
