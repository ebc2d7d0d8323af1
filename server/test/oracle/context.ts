import type { Answers } from './answers.ts';
import type { Differences } from './compare.ts';
import { type Figures, type Kind, kindOf, snapshotOf } from './figures.ts';
import type { Security } from './stored.ts';

/* What every check reads: the stored rows, the oracle's figures from them, and the server's answers. */
export interface Context {
  stored: Map<string, Security>;
  answers: Answers;
  oracle: Map<string, Figures>;
  kinds: Map<string, Kind>;
}

/** A named check: it adds each difference it finds; none is a pass. */
export interface Check {
  name: string;
  run(ctx: Context, d: Differences): void;
}

export function contextOf(stored: Map<string, Security>, answers: Answers): Context {
  const oracle = new Map<string, Figures>();
  const kinds = new Map<string, Kind>();
  for (const s of stored.values()) {
    oracle.set(s.ticker, snapshotOf(s));
    kinds.set(s.ticker, kindOf(s));
  }
  return { stored, answers, oracle, kinds };
}
