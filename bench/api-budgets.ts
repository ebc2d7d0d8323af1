/*
 * bench:api's rows: each figure beside its budget (issue 31) and, per build measured (the build before
 * with `--before`, then this one), its value and whether it keeps the budget. Budget-less rows are
 * context (the ceiling, the open loop). A summary at the end counts each build's misses.
 */

export interface Budget {
  /** `max`: the figure must be at most `value`; `min`: at least. */
  kind: 'max' | 'min';
  value: number;
  unit: 'ms' | '%' | 'kB' | 'req/s';
}

export const atMost = (value: number, unit: Budget['unit']): Budget => ({ kind: 'max', value, unit });
export const atLeast = (value: number, unit: Budget['unit']): Budget => ({ kind: 'min', value, unit });

const FIGURE = 72;
const COLUMN = 18;

const format = (value: number, unit: Budget['unit']) => {
  if (!Number.isFinite(value)) return '-';
  const digits = unit === 'ms' ? (value < 10 ? 2 : 1) : unit === 'kB' ? 1 : 0;
  return `${value.toFixed(digits)} ${unit}`;
};

export function budgetPrinter(labels: readonly string[], out: (line: string) => void) {
  const tally = labels.map(() => ({ kept: 0, missed: [] as string[] }));
  /** The section's short name, for the summary's list of misses. */
  let context = '';

  /** A section's title; `short` names it in the summary. */
  function heading(title: string, short = title): void {
    context = short;
    out(`\n${title}`);
    out(`${'figure'.padEnd(FIGURE)} ${'budget'.padStart(10)}  ${labels.map((l) => l.padEnd(COLUMN)).join(' ')}  notes`);
  }

  /**
   * One figure: its budget (or none) and its value for each build, in the order of `labels`. `unit` is the
   * budget's unit, or the figure's own when there is no budget.
   */
  function row(
    figure: string,
    budget: Budget | undefined,
    values: readonly number[],
    unit: Budget['unit'] = budget?.unit ?? 'ms',
    note = '',
  ): void {
    const budgetText = budget ? `${budget.kind === 'max' ? '<=' : '>='} ${budget.value} ${budget.unit}` : '';
    const cells = values.map((value, k) => {
      let verdict = '';
      if (budget) {
        const kept = Number.isFinite(value) && (budget.kind === 'max' ? value <= budget.value : value >= budget.value);
        verdict = kept ? 'pass' : 'FAIL';
        const entry = tally[k];
        if (entry) {
          if (kept) entry.kept++;
          else entry.missed.push(`${context}: ${figure}`);
        }
      }
      return `${format(value, unit)} ${verdict}`.padEnd(COLUMN);
    });
    out(`${figure.padEnd(FIGURE)} ${budgetText.padStart(10)}  ${cells.join(' ')}  ${note}`.trimEnd());
  }

  function summary(): void {
    out('\nBudgets kept:');
    for (const [k, label] of labels.entries()) {
      const entry = tally[k];
      if (!entry) continue;
      const total = entry.kept + entry.missed.length;
      out(`  ${label}: ${entry.kept} of ${total}${entry.missed.length ? '; missed:' : ''}`);
      for (const figure of entry.missed) out(`    ${figure}`);
    }
  }

  return { heading, row, summary };
}
