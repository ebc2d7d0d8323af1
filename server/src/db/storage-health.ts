import fs from 'node:fs';
import path from 'node:path';

/*
 * A full disk while running (issue 34): SQLite says SQLITE_FULL (or the file system ENOSPC), PostgreSQL
 * 53100 disk_full. The process remembers since when writes fail for it: /readyz answers 503 with the reason
 * until a write goes through again, the loader waits and retries the security it was writing, and a request
 * whose write failed for it gets 503 storage_full (http/error-handler.ts), never a 500.
 */

const FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', '53100', 'EDQUOT']);

export function isStorageFull(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && FULL_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && /database or disk is full|no space left on device/i.test(message)) return true;
  }
  return false;
}

let fullSince: string | null = null;

/** Call with a write's error: true (and remembered) when it failed for want of space. */
export function noteWriteError(error: unknown): boolean {
  if (!isStorageFull(error)) return false;
  fullSince ??= new Date().toISOString();
  return true;
}

/** A write went through: the disk has room again. */
export function noteWriteOk(): void {
  fullSince = null;
}

/** Since when writes fail for a full disk, or null. */
export function storageFullSince(): string | null {
  return fullSince;
}

/**
 * Whether the folder has room again: writes (and removes) 1 MB there. An UPDATE of SQLite could go through
 * in pages it already has while the disk is still full, so the file system is asked instead.
 */
export function folderHasRoom(dir: string): boolean {
  const probe = path.join(dir, `.room-check-${process.pid}`);
  try {
    fs.writeFileSync(probe, Buffer.alloc(1024 * 1024));
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { force: true });
  }
}

/** The reason /readyz gives while the disk is full, or null (rechecked on each call for SQLite). */
export function storageFullReason(sqliteFile: string | null): string | null {
  const since = storageFullSince();
  if (since === null) return null;
  if (sqliteFile && folderHasRoom(path.dirname(sqliteFile))) {
    noteWriteOk();
    return null;
  }
  return `The disk is full: writes have failed since ${since}`;
}
