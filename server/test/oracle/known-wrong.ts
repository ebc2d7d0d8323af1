/*
 * KNOWN_WRONG_UNTIL_MERGED: the oracle's checks that today's server fails, each with the reason and the
 * branch fixing it. oracle.test.ts skips exactly these (it.skip with this reason in the title); delete a
 * line once its fix is merged and the check runs again. Never a place to park a check that is merely hard.
 * Empty since the oracle2 branch (issue 42): every check runs.
 */
// Each value is the reason, with an example as "answer vs oracle" (the engine-independent demo data).
export const KNOWN_WRONG_UNTIL_MERGED: Record<string, string> = {};
