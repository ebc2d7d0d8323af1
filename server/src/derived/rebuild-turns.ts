/*
 * How the derived rows of another version are rewritten after a start (ADR 0016): securities in turns,
 * one transaction per turn, the event loop let run between turns, so the server answers meanwhile (the
 * other way, with the same bytes, for what is not rewritten yet). Shared by the chart points, the
 * screener rows and the statement values; derived/rebuild.ts runs the three.
 */

export interface RebuildCounts {
  /** Securities whose rows were rewritten. */
  written: number;
  /** Securities whose rows could not be (their data changed under the transaction): answered the other way. */
  failed: number;
}

export interface TurnOptions {
  /** Checked before each turn: true ends the rebuild there (a shutdown). */
  stopping?: () => boolean;
  onError?: (securityId: number, error: unknown) => void;
}

/** Rewrites `ids` `perTurn` at a time with `write`; a turn that throws counts its securities as failed. */
export async function rebuildInTurns(
  ids: readonly number[],
  perTurn: number,
  write: (turn: number[]) => Promise<void>,
  options: TurnOptions,
): Promise<RebuildCounts> {
  let written = 0;
  let failed = 0;
  for (let i = 0; i < ids.length; i += perTurn) {
    if (options.stopping?.()) break;
    const turn = ids.slice(i, i + perTurn);
    try {
      await write(turn);
      written += turn.length;
    } catch (error) {
      failed += turn.length;
      for (const id of turn) options.onError?.(id, error);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { written, failed };
}
