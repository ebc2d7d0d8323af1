/*
 * How the oracle compares: a list of differences, each naming the figure, the security, the surface and
 * both values, so a failure reads as a finding rather than a boolean.
 */
export interface Difference {
  figure: string;
  ticker: string;
  surface: string;
  oracle: unknown;
  answer: unknown;
}

/**
 * Relative 1e-9: the same formula on the same stored doubles, summed perhaps in another order, differs in
 * the last bits only. The absolute floor of 1e-12 is for figures that are differences (a change, a drawdown)
 * whose true value is 0: x / x - 1 can come out as 0 or as a few ulps, and no percent shown has 12 decimals.
 */
export function sameNumber(oracle: unknown, answer: unknown): boolean {
  if (oracle === null || oracle === undefined) return answer === null || answer === undefined;
  if (typeof oracle !== 'number' || typeof answer !== 'number') return oracle === answer;
  const scale = Math.max(Math.abs(oracle), Math.abs(answer));
  return Math.abs(oracle - answer) <= Math.max(1e-9 * scale, 1e-12);
}

export interface Differences {
  readonly list: Difference[];
  /** Records a difference when the answer is not the oracle's value. */
  check(figure: string, ticker: string, surface: string, oracle: unknown, answer: unknown): void;
  /** One line per difference (the first 40, then the count), for the failure message. */
  report(): string[];
}

export function differences(): Differences {
  const list: Difference[] = [];
  return {
    list,
    check(figure, ticker, surface, oracle, answer) {
      if (!sameNumber(oracle, answer)) list.push({ figure, ticker, surface, oracle, answer });
    },
    report() {
      const lines = list
        .slice(0, 40)
        .map(
          (d) =>
            `${d.figure} ${d.ticker} [${d.surface}]: oracle ${JSON.stringify(d.oracle)} vs ${JSON.stringify(d.answer)}`,
        );
      if (list.length > 40) lines.push(`... ${list.length - 40} more`);
      return lines;
    },
  };
}
