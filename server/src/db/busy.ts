/*
 * A write that could not get the database's write lock (issue 45). SQLite: SQLITE_BUSY and its extended
 * codes once the busy timeout has passed, SQLITE_LOCKED within one process. PostgreSQL: lock_not_available
 * (55P03, a lock_timeout), a deadlock victim (40P01) or a serialization failure (40001). Each one is
 * worth trying again a moment later; none is a fault of the request.
 */

const BUSY_CODES = new Set(['55P03', '40P01', '40001']);

export function isDatabaseBusy(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string') continue;
    if (BUSY_CODES.has(code) || /^SQLITE_(BUSY|LOCKED)(_|$)/.test(code)) return true;
  }
  return false;
}
