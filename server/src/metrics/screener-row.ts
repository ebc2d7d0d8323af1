import { type ScreenerFigureColumns, screenerColumnOf, screenerFigures } from '@app/contract';
import type { Selectable } from 'kysely';
import type { Schema } from '../db/schema.ts';
import type { IndicatorColumns } from '../derived/screener-rows.ts';
import { computeSnapshot, type SnapshotInputs } from './snapshot.ts';

/*
 * A security's screener row (the indicators table): the loader stores it after every load
 * (ingest/indicators.ts), the screener as of a day makes it on the fly (universe-as-of.ts).
 */

type SecurityRow = Selectable<Schema['securities']>;

/** A security's screener row: its descriptive columns and its snapshot's figures (the catalogue's columns). */
export function indicatorRow(security: SecurityRow, inputs: SnapshotInputs): IndicatorColumns {
  const snapshot = computeSnapshot(inputs);
  const figures = Object.fromEntries(
    screenerFigures.map((name) => [screenerColumnOf(name), snapshot[name]]),
  ) as ScreenerFigureColumns;
  return {
    security_id: security.id,
    ticker: security.ticker,
    name: security.name,
    kind: security.kind,
    exchange: security.exchange,
    sector: security.sector,
    industry: security.industry,
    country: security.country,
    currency: security.currency,
    ...figures,
    is_green_energy: security.is_green_energy,
    is_green_transport: security.is_green_transport,
    is_green_water: security.is_green_water,
    is_green_waste: security.is_green_waste,
    as_of: snapshot.asOf,
    updated_at: new Date().toISOString(),
  };
}
