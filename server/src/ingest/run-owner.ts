import { randomBytes } from 'node:crypto';
import os from 'node:os';

/*
 * The owner of an ingest run (issue 34): "host:pid:boot", boot being random per process, so a restarted
 * container (same host name, same pid 1) is not taken for the process that died in it.
 */

const BOOT = randomBytes(4).toString('hex');

/** How long a run on another host may go without writing a security before it counts as abandoned. */
export const RUN_LEASE_MS = 10 * 60_000;

export function runOwner(): string {
  return `${os.hostname()}:${process.pid}:${BOOT}`;
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process that owns a 'running' run is still loading it. This process: yes. Another on this
 * host: while its pid lives (not ours: our pid under another boot is a process that died before us). On
 * another host, which cannot be asked: while its heartbeat is younger than the lease. No owner (a run from
 * before owners were kept): gone.
 */
export function ownerAlive(owner: string | null, heartbeatAt: string | null, now = Date.now()): boolean {
  if (!owner) return false;
  if (owner === runOwner()) return true;
  const parts = owner.split(':');
  const boot = parts.pop();
  const pid = Number(parts.pop());
  const host = parts.join(':');
  if (!boot || !Number.isInteger(pid)) return false;
  if (host === os.hostname()) return pid !== process.pid && processExists(pid);
  const beat = heartbeatAt ? Date.parse(heartbeatAt) : Number.NaN;
  return Number.isFinite(beat) && now - beat < RUN_LEASE_MS;
}
