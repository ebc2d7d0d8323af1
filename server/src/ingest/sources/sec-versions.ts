import type { FactVersion } from '../types.ts';
import type { RawFact } from './sec-facts.ts';

/*
 * Statements as filed on a day (issue 32): every value a fact had over the company's filings, oldest
 * first. companyfacts holds each filing's occurrence of each fact, so what a reader of the filings knew on
 * any day is the period's fact chosen among those filed by then (the chain's first concept, then the
 * latest filing, as for today's value). Only the changes are kept: a version is the state at the end of
 * a filing day whose value differs from the one before, with the filing that first gave it.
 */

/** Two filed values are the same figure (binary noise of restated per-share values aside). */
const sameValue = (a: number, b: number) => a === b || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));

/** The versions of one period's fact from every fact filed for it, `better` choosing as for the latest value. */
export function versionsOf(candidates: readonly RawFact[], better: (a: RawFact, b: RawFact) => RawFact): FactVersion[] {
  const sorted = [...candidates].sort(
    (a, b) => (a.filed ?? '').localeCompare(b.filed ?? '') || (a.accn ?? '').localeCompare(b.accn ?? ''),
  );
  const out: FactVersion[] = [];
  let best: RawFact | undefined;
  sorted.forEach((f, i) => {
    best = best ? better(best, f) : f;
    // One state per filing day: two filings of one day are one step (asOf is a day).
    if ((sorted[i + 1]?.filed ?? null) === (f.filed ?? null) && i + 1 < sorted.length) return;
    const last = out.at(-1);
    if (last && sameValue(last.value, best.val)) return;
    out.push({ value: best.val, accession: best.accn, filed: best.filed });
  });
  return out;
}

/** The version of a history known on `day` (filed on or before it), or undefined before the first. */
export function versionOn(history: readonly FactVersion[], day: string): FactVersion | undefined {
  let found: FactVersion | undefined;
  for (const v of history) if ((v.filed ?? '') <= day) found = v;
  return found;
}

/**
 * The history of a value computed from others (Q2 = H1 - Q1, a sum of parts, Q4 = FY - Q1..Q3): on every
 * day one of them changed, once all are known, the computed value naming the filings of the inputs' versions.
 */
export function combinedVersions(
  histories: readonly (readonly FactVersion[])[],
  compute: (values: number[]) => number,
): FactVersion[] {
  const days = [...new Set(histories.flatMap((h) => h.map((v) => v.filed ?? '')))].sort();
  const out: FactVersion[] = [];
  for (const day of days) {
    const known = histories.map((h) => versionOn(h, day));
    if (known.some((v) => v === undefined)) continue;
    const inputs = known as FactVersion[];
    const value = Number(compute(inputs.map((v) => v.value)).toPrecision(12));
    const last = out.at(-1);
    if (last && sameValue(last.value, value)) continue;
    const accessions = [...new Set(inputs.flatMap((v) => v.accession?.split(',') ?? []))];
    out.push({ value, accession: accessions.length > 0 ? accessions.join(',') : null, filed: day === '' ? null : day });
  }
  return out;
}

/** A fact's history, or the fact alone as its one version (a fact without one: computed elsewhere). */
export const historyOf = (f: RawFact): FactVersion[] =>
  f.history ?? [{ value: f.val, accession: f.accn, filed: f.filed }];
