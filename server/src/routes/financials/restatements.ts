import { errorBody, type RestatementsResponse, restatementsResponse, tickerQuery } from '@app/contract';
import type { AppContext, ZodApp } from '../../context.ts';
import { selectSplits } from '../../derived/series-queries.ts';
import { splitFactorAfter } from '../../finance/adjust.ts';
import { dataCache } from '../../http/data-cache.ts';
import { resolveTicker } from '../market/securities.ts';

/*
 * The restatement ledger (issue 32): the stored facts a later filing changed (financial_facts.first_value,
 * written by the loader from companyfacts, migration 015), newest first. A ledger of a few rows per
 * company, read from financial_facts by its non-null first values rather than from the statement matrices,
 * which keep the latest values only.
 */
const PER_SHARE = new Set(['eps_basic', 'eps_diluted', 'dividends_per_share']);
const SHARES = new Set(['shares_basic', 'shares_diluted', 'shares_outstanding']);
const camel = (item: string) => item.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export function restatementsRoutes(app: ZodApp, { database }: AppContext): void {
  app.get(
    '/api/data/financials/restatements',
    {
      schema: {
        tags: ['financials'],
        summary: 'Values a later filing changed: first filed and latest, with both filings',
        querystring: tickerQuery,
        response: { 200: restatementsResponse, 400: errorBody, 404: errorBody },
      },
      ...dataCache(database).hooks,
    },
    async (request): Promise<RestatementsResponse> => {
      const db = database.reader;
      const security = await resolveTicker(db, request.query.ticker);
      const [rows, splits, statement] = await Promise.all([
        db
          .selectFrom('financial_facts')
          .select([
            'period',
            'fiscal_year',
            'fiscal_period',
            'period_end',
            'line_item',
            'value',
            'accession',
            'filed',
            'first_value',
            'first_accession',
            'first_filed',
          ])
          .where('security_id', '=', security.id)
          .where('first_value', 'is not', null)
          .execute(),
        selectSplits(db, [security.id]),
        db
          .selectFrom('fact_statements')
          .select('currency')
          .where('security_id', '=', security.id)
          .where('currency', '!=', '')
          .executeTakeFirst(),
      ]);
      const restatements = rows
        .map((row) => {
          const factor = splitFactorAfter(splits, row.period_end);
          const terms = (v: number) =>
            PER_SHARE.has(row.line_item) ? v * factor : SHARES.has(row.line_item) ? v / factor : v;
          const first = terms(row.first_value as number);
          const latest = terms(row.value);
          return {
            period: row.period,
            fiscalYear: row.fiscal_year,
            fiscalPeriod: row.fiscal_period,
            periodEnd: row.period_end,
            lineItem: camel(row.line_item),
            first: { value: first, accession: row.first_accession ?? null, filed: row.first_filed ?? null },
            latest: { value: latest, accession: row.accession, filed: row.filed },
            change: latest - first,
            changePct: first === 0 ? null : (latest - first) / Math.abs(first),
          };
        })
        .sort(
          (a, b) =>
            (b.latest.filed ?? '').localeCompare(a.latest.filed ?? '') ||
            b.periodEnd.localeCompare(a.periodEnd) ||
            a.period.localeCompare(b.period) ||
            a.lineItem.localeCompare(b.lineItem),
        );
      return { ticker: security.ticker, currency: statement?.currency ?? security.currency, restatements };
    },
  );
}
