import type { IndicatorField, ODataQuery, PartialIndicatorRow } from '@app/contract';
import type { Database } from '../../db/index.ts';
import { indicatorColumns } from '../../derived/screener-rows.ts';
import { ApiError } from '../../http/errors.ts';
import { ODataError, type ODataOption } from '../../odata/errors.ts';
import { planODataQuery } from '../../odata/query.ts';
import { indicatorTableOn, withIndicatorsOf } from './as-of-table.ts';
import { countIndicators, selectIndicatorPage } from './queries.ts';

export interface ScreenerPage {
  fields: IndicatorField[];
  rows: PartialIndicatorRow[];
  total: number | undefined;
  skip: number;
  top: number;
  /** True when there were rows beyond this page (only known when asked for with `probeNext`). */
  more: boolean;
}

export interface ScreenerOptions {
  defaultTop: number;
  withCount: boolean;
  /** Read one row more than the page to learn whether a next page exists. */
  probeNext: boolean;
  /** The screener as known on this day (checked: as-of-table.ts checkAsOf); today's rows without it. */
  asOf?: string;
}

/** The OData options of a request -> one page of the screener table (and the total when asked). */
export async function screenerPage(
  database: Database,
  query: ODataQuery,
  options: ScreenerOptions,
): Promise<ScreenerPage> {
  const plan = withODataErrors(() =>
    planODataQuery(
      { filter: query.$filter, orderby: query.$orderby, select: query.$select },
      indicatorColumns,
      database.engine,
      'ticker',
    ),
  );
  const fields = plan.select as IndicatorField[];
  const top = query.$top ?? options.defaultTop;
  const skip = query.$skip ?? 0;
  const failing: ODataOption = query.$filter ? '$filter' : '$orderby';
  const source = options.asOf
    ? withIndicatorsOf(database.engine, await indicatorTableOn(database, options.asOf))
    : undefined;
  const rows = await evaluating(failing, () =>
    selectIndicatorPage(database.reader, {
      where: plan.where,
      orderBy: plan.orderBy,
      fields,
      limit: top + (options.probeNext ? 1 : 0),
      offset: skip,
      ...(source ? { source } : {}),
    }),
  );
  const total = options.withCount
    ? await evaluating('$filter', () => countIndicators(database.reader, plan.where, source))
    : undefined;
  return {
    fields,
    rows: rows.slice(0, top),
    total,
    skip,
    top,
    more: rows.length > top,
  };
}

function withODataErrors<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof ODataError) {
      const message = `Invalid query parameter "${error.option}": ${error.message}`;
      throw new ApiError(400, 'validation_error', message, {
        field: error.option,
        location: 'query',
        issues: [{ path: error.option, message: error.message }],
        position: error.position,
        expected: error.expected,
        found: error.found,
      });
    }
    throw error;
  }
}

/**
 * Type checking keeps PostgreSQL from rejecting a query, but arithmetic can still leave double precision
 * on some rows (1e300 mul 1e300 raises "value out of range" there, where SQLite yields Infinity). That is
 * the caller's expression failing on the data: a 400 (SQLSTATE class 22, data exception), not a 500.
 */
async function evaluating<T>(option: ODataOption, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) {
      const message = 'the expression cannot be evaluated on the data (a number out of range)';
      throw new ApiError(400, 'validation_error', `Invalid query parameter "${option}": ${message}`, {
        field: option,
        location: 'query',
        issues: [{ path: option, message }],
      });
    }
    throw error;
  }
}
