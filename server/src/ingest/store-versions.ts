import type { Transaction } from 'kysely';
import type { FactVersionsTable, Schema } from '../db/schema.ts';
import { upsertRows } from '../db/upsert.ts';
import type { FactRecord } from './types.ts';

/*
 * The versions of the stored facts (table fact_versions, migration 019; statements as filed on a day),
 * written with the facts in the security's transaction: a reload replaces them with the facts, never
 * half. Only what financial_facts does not already say is stored: a fact's last version when it is the
 * fact row's value on the fact row's day is left out, so a fact filed once has no row at all.
 */

type Tx = Transaction<Schema>;

/** A fact's key in both tables: kind of period, line item and period end. */
const keyOf = (f: { period: string; line_item: string; period_end: string }) =>
  `${f.period}|${f.line_item}|${f.period_end}`;

/** The fact_versions rows of one fact as a source sent it. */
export function versionRows(securityId: number, f: FactRecord): FactVersionsTable[] {
  const versions = [...(f.versions ?? [])];
  const last = versions.at(-1);
  // The fact row is its own last version from its filing day on: a version of that same day is never read.
  if (last && last.value === f.value && last.filed === f.filed) versions.pop();
  return versions.map((v) => ({
    security_id: securityId,
    period: f.period,
    line_item: f.lineItem,
    period_end: f.periodEnd,
    filed: v.filed ?? '',
    value: v.value,
    accession: v.accession,
  }));
}

const text = (rows: readonly FactVersionsTable[] | undefined) =>
  (rows ?? []).map((r) => `${r.filed}|${r.value}|${r.accession ?? ''}`).join(';');

/**
 * Brings the security's versions to what was sent: the facts of `sent` get theirs (none when the source
 * gives no history), the facts no longer stored (`kept` lacks them) lose theirs, the others keep what is
 * stored. Rewrites the security's rows only when one fact's differ. Returns how many facts' versions changed.
 */
export async function writeFactVersions(
  tx: Tx,
  securityId: number,
  sent: ReadonlyMap<string, FactRecord>,
  kept: ReadonlySet<string>,
): Promise<number> {
  const stored = await tx
    .selectFrom('fact_versions')
    .selectAll()
    .where('security_id', '=', securityId)
    .orderBy('period')
    .orderBy('line_item')
    .orderBy('period_end')
    .orderBy('filed')
    .execute();
  const before = new Map<string, FactVersionsTable[]>();
  for (const row of stored) {
    const key = keyOf(row);
    const list = before.get(key);
    if (list) list.push(row);
    else before.set(key, [row]);
  }
  const after = new Map([...before].filter(([key]) => kept.has(key)));
  for (const [key, f] of sent) {
    const rows = versionRows(securityId, f);
    if (rows.length > 0) after.set(key, rows);
    else after.delete(key);
  }
  let changed = 0;
  for (const key of new Set([...before.keys(), ...after.keys()]))
    if (text(before.get(key)) !== text(after.get(key))) changed++;
  if (changed === 0) return 0;
  await tx.deleteFrom('fact_versions').where('security_id', '=', securityId).execute();
  await upsertRows(
    tx,
    'fact_versions',
    [...after.values()].flat(),
    ['security_id', 'period', 'line_item', 'period_end', 'filed'],
    ['value', 'accession'],
  );
  return changed;
}
