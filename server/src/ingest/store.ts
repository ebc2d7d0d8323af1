import type { Transaction } from 'kysely';
import type { FinancialFactsTable, Schema } from '../db/schema.ts';
import { upsertRows } from '../db/upsert.ts';
import { type StatementFact, writeFactStatements } from '../derived/fact-statements.ts';
import { writePriceYears } from '../derived/price-years.ts';
import { adjustCloses, splitFactorAfter } from '../finance/adjust.ts';
import { type GreenOverride, greenFlags } from './green.ts';
import { deleteFactsNotSent, mergeSplits } from './merge.ts';
import { writeCoinSupply } from './store-supply.ts';
import { writeFactVersions } from './store-versions.ts';
import type { FactRecord, SecurityBundle, SecurityProfile } from './types.ts';

/*
 * Writing one security inside the caller's transaction: merge what the source sent with what is
 * stored, recompute the adjusted columns over the whole history, and write only rows that differ.
 * Writing only differences is what makes a second identical run change nothing.
 */

type Tx = Transaction<Schema>;

const same = (a: number | null | undefined, b: number | null | undefined) =>
  a == null || b == null
    ? (a ?? null) === (b ?? null)
    : a === b || Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));

export interface WriteCounts {
  prices: number;
  dividends: number;
  splits: number;
  facts: number;
  /** Coins: days of market cap and supply (store-supply.ts). */
  supply: number;
  profile: boolean;
}

const nowIso = () => new Date().toISOString();

const PROFILE_COLUMNS = {
  name: 'name',
  exchange: 'exchange',
  sector: 'sector',
  industry: 'industry',
  country: 'country',
  currency: 'currency',
  description: 'description',
  website: 'website',
  investorRelationsUrl: 'investor_relations_url',
  cik: 'cik',
  sicCode: 'sic_code',
  sicDescription: 'sic_description',
  fiscalYearEnd: 'fiscal_year_end',
  launchedOn: 'launched_on',
} as const satisfies Partial<Record<keyof SecurityProfile, keyof Schema['securities']>>;

async function upsertSecurity(
  tx: Tx,
  profile: SecurityProfile,
  demo: boolean,
  overrides: readonly GreenOverride[],
): Promise<{ id: number; changed: boolean }> {
  const existing = await tx
    .selectFrom('securities')
    .selectAll()
    .where('ticker', '=', profile.ticker)
    .executeTakeFirst();
  const values: Record<string, string | number | null> = {};
  for (const [key, column] of Object.entries(PROFILE_COLUMNS)) {
    const v = profile[key as keyof typeof PROFILE_COLUMNS];
    if (v !== undefined) values[column] = v;
  }
  const merged = { ...(existing ?? {}), ...values } as Partial<Schema['securities']>;
  const green = greenFlags(
    {
      ticker: profile.ticker,
      sicCode: merged.sic_code ?? null,
      industry: merged.industry ?? null,
      name: merged.name ?? null,
      description: merged.description ?? null,
    },
    overrides,
  );
  Object.assign(values, {
    kind: profile.kind,
    is_green_energy: green.isGreenEnergy ? 1 : 0,
    is_green_transport: green.isGreenTransport ? 1 : 0,
    is_green_water: green.isGreenWater ? 1 : 0,
    is_green_waste: green.isGreenWaste ? 1 : 0,
    green_rules: JSON.stringify(green.rules),
    ...(demo ? { is_demo: 1 } : {}),
  });
  if (!existing) {
    const row = await tx
      .insertInto('securities')
      .values({
        ticker: profile.ticker,
        kind: profile.kind,
        name: profile.name ?? profile.ticker,
        currency: profile.currency ?? 'USD',
        ...values,
        created_at: nowIso(),
        updated_at: nowIso(),
      } as Schema['securities'] & { id?: never })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, changed: true };
  }
  const row = existing as unknown as Record<string, unknown>;
  const changes = Object.fromEntries(Object.entries(values).filter(([k, v]) => row[k] !== v));
  if (Object.keys(changes).length === 0) return { id: existing.id, changed: false };
  await tx
    .updateTable('securities')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', existing.id)
    .execute();
  return { id: existing.id, changed: true };
}

export async function writeSecurity(
  tx: Tx,
  bundle: SecurityBundle,
  options: { source: string; demo: boolean; overrides: readonly GreenOverride[] },
): Promise<{ securityId: number; counts: WriteCounts }> {
  const { id, changed } = await upsertSecurity(tx, bundle.profile, options.demo, options.overrides);
  const counts: WriteCounts = { prices: 0, dividends: 0, splits: 0, facts: 0, supply: 0, profile: changed };

  // Splits first: every adjusted value depends on all of them.
  const { splits, changed: splitChanges } = await mergeSplits(tx, id, bundle.splits ?? [], options.source);
  counts.splits = splitChanges;

  // Dividends: as paid, plus the split-adjusted amount (which changes for old rows when a split arrives).
  const storedDivs = await tx.selectFrom('dividends').selectAll().where('security_id', '=', id).execute();
  const divByDay = new Map(storedDivs.map((d) => [d.ex_date, d]));
  const divRows: Schema['dividends'][] = [];
  const incomingDivs = new Map((bundle.dividends ?? []).map((d) => [d.exDate, d]));
  for (const exDate of new Set([...divByDay.keys(), ...incomingDivs.keys()])) {
    const old = divByDay.get(exDate);
    const inc = incomingDivs.get(exDate);
    const amount = inc?.amount ?? (old as Schema['dividends']).amount;
    const row: Schema['dividends'] = {
      security_id: id,
      ex_date: exDate,
      pay_date: inc?.payDate ?? old?.pay_date ?? null,
      record_date: inc?.recordDate ?? old?.record_date ?? null,
      declared_date: inc?.declaredDate ?? old?.declared_date ?? null,
      amount,
      amount_split_adj: amount * splitFactorAfter(splits, exDate),
      currency: inc?.currency ?? old?.currency ?? 'USD',
      source: old?.source ?? options.source,
    };
    if (
      !old ||
      !same(old.amount, row.amount) ||
      !same(old.amount_split_adj, row.amount_split_adj) ||
      old.pay_date !== row.pay_date ||
      old.record_date !== row.record_date ||
      old.declared_date !== row.declared_date
    )
      divRows.push(row);
    divByDay.set(exDate, row);
  }
  await upsertRows(
    tx,
    'dividends',
    divRows,
    ['security_id', 'ex_date'],
    ['pay_date', 'record_date', 'declared_date', 'amount', 'amount_split_adj', 'currency'],
  );
  counts.dividends = divRows.length;

  // Prices: merge, then adjust the whole history (a new split or dividend changes every earlier day).
  if ((bundle.prices?.length ?? 0) > 0 || splitChanges > 0 || divRows.length > 0) {
    const stored = await tx
      .selectFrom('daily_prices')
      .selectAll()
      .where('security_id', '=', id)
      .orderBy('day')
      .execute();
    const byDay = new Map(stored.map((p) => [p.day, p]));
    const merged = new Map<
      string,
      {
        day: string;
        open: number | null;
        high: number | null;
        low: number | null;
        close: number;
        volume: number | null;
      }
    >(stored.map((p) => [p.day, p]));
    for (const p of bundle.prices ?? []) merged.set(p.day, p);
    const days = [...merged.values()].sort((a, b) => (a.day < b.day ? -1 : 1));
    const adjusted = adjustCloses(
      days,
      splits,
      [...divByDay.values()].map((d) => ({ exDate: d.ex_date, amount: d.amount })),
    );
    const priceRows: Schema['daily_prices'][] = [];
    days.forEach((p, i) => {
      const adj = adjusted[i] as (typeof adjusted)[number];
      const old = byDay.get(p.day);
      if (
        old &&
        same(old.close, p.close) &&
        same(old.open, p.open) &&
        same(old.high, p.high) &&
        same(old.low, p.low) &&
        same(old.volume, p.volume) &&
        same(old.close_split_adj, adj.closeSplitAdj) &&
        same(old.close_adj, adj.closeAdj)
      )
        return;
      priceRows.push({
        security_id: id,
        day: p.day,
        open: p.open,
        high: p.high,
        low: p.low,
        close: p.close,
        volume: p.volume,
        close_split_adj: adj.closeSplitAdj,
        close_adj: adj.closeAdj,
      });
    });
    await upsertRows(
      tx,
      'daily_prices',
      priceRows,
      ['security_id', 'day'],
      ['open', 'high', 'low', 'close', 'volume', 'close_split_adj', 'close_adj'],
    );
    counts.prices = priceRows.length;
    // The year chunks of the read side (derived/price-years.ts) for every year a changed day falls in.
    const history = days.map((p, i) => {
      const adj = adjusted[i] as (typeof adjusted)[number];
      const { day, open, high, low, close, volume } = p;
      return { day, open, high, low, close, volume, closeSplitAdj: adj.closeSplitAdj, closeAdj: adj.closeAdj };
    });
    await writePriceYears(tx, id, history, new Set(priceRows.map((p) => Number(p.day.slice(0, 4)))));
  }

  // Facts: keyed (period, line item, period end); an older filing never overwrites a newer one.
  if ((bundle.facts?.length ?? 0) > 0) {
    const stored = await tx
      .selectFrom('financial_facts')
      .select([
        'period',
        'line_item',
        'period_end',
        'value',
        'filed',
        'accession',
        'concept',
        'period_start',
        'fiscal_year',
        'fiscal_period',
        'unit',
        'derived',
        'first_value',
        'first_accession',
        'first_filed',
      ])
      .where('security_id', '=', id)
      .execute();
    const byKey = new Map<
      string,
      StatementFact & {
        filed: string | null;
        concept: string;
      }
    >(stored.map((f) => [factKey(f), f]));
    const factRows: Schema['financial_facts'][] = [];
    const seen = new Set<string>();
    /** The facts taken from what was sent (an older filing than the stored one is not): their versions with them. */
    const accepted = new Map<string, FactRecord>();
    for (const f of bundle.facts ?? []) {
      const key = `${f.period}|${f.lineItem}|${f.periodEnd}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const old = byKey.get(key);
      if (old?.filed && f.filed && f.filed < old.filed) continue;
      accepted.set(key, f);
      if (
        old &&
        same(old.value, f.value) &&
        old.accession === f.accession &&
        old.concept === f.concept &&
        old.unit === f.unit &&
        old.period_start === f.periodStart &&
        old.fiscal_year === f.fiscalYear &&
        old.fiscal_period === f.fiscalPeriod &&
        (old.first_value ?? null) === (f.firstFiled?.value ?? null) &&
        (old.first_accession ?? null) === (f.firstFiled?.accession ?? null) &&
        (old.first_filed ?? null) === (f.firstFiled?.filed ?? null)
      )
        continue;
      factRows.push(factRow(id, f));
    }
    await upsertRows(
      tx,
      'financial_facts',
      factRows,
      ['security_id', 'period', 'line_item', 'period_end'],
      [
        'period_start',
        'fiscal_year',
        'fiscal_period',
        'value',
        'unit',
        'concept',
        'accession',
        'form',
        'filed',
        'derived',
        'first_value',
        'first_accession',
        'first_filed',
      ],
    );
    counts.facts = factRows.length;
    // The statements of the read side (derived/fact-statements.ts) for every kind of period a changed fact is in.
    for (const row of factRows) byKey.set(factKey(row), row);
    const touched = new Set(factRows.map((f) => f.period));
    if (bundle.factsComplete) {
      const removed = await deleteFactsNotSent(tx, id, bundle.facts ?? [], byKey);
      counts.facts += removed.length;
      for (const period of removed) touched.add(period);
    }
    const versionChanges = await writeFactVersions(tx, id, accepted, new Set(byKey.keys()));
    // A fact whose versions changed though its latest value did not is a change of the data too.
    counts.facts = Math.max(counts.facts, versionChanges);
    await writeFactStatements(tx, id, [...byKey.values()], touched);
  }
  counts.supply = await writeCoinSupply(tx, id, bundle.supply ?? []);
  return { securityId: id, counts };
}

/** A stored fact's key: kind of period, line item and period end (the table's key but the security). */
const factKey = (f: Pick<StatementFact, 'period' | 'line_item' | 'period_end'>) =>
  `${f.period}|${f.line_item}|${f.period_end}`;

/** A normalised fact as its financial_facts row (the loader's writes and bench/ingest's baseline). */
export function factRow(securityId: number, f: FactRecord): FinancialFactsTable {
  return {
    security_id: securityId,
    line_item: f.lineItem,
    period: f.period,
    period_start: f.periodStart,
    period_end: f.periodEnd,
    fiscal_year: f.fiscalYear,
    fiscal_period: f.fiscalPeriod,
    value: f.value,
    unit: f.unit,
    concept: f.concept,
    accession: f.accession,
    form: f.form,
    filed: f.filed,
    derived: f.derived ? 1 : 0,
    first_value: f.firstFiled?.value ?? null,
    first_accession: f.firstFiled?.accession ?? null,
    first_filed: f.firstFiled?.filed ?? null,
  };
}

export function changedAnything(c: WriteCounts): boolean {
  return c.profile || c.prices + c.dividends + c.splits + c.facts + c.supply > 0;
}
