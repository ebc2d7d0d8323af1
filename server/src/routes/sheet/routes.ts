import { errorBody, sheetData, sheetIds, sheetList, sheetParams, sheetQuery, tickerQuery } from '@app/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, ZodApp } from '../../context.ts';
import { dataCache } from '../../http/data-cache.ts';
import { invalidField } from '../../http/errors.ts';
import { asFiledDay, asFiledOf, loadFinancials } from '../../metrics/financials.ts';
import { statementTemplates } from '../../metrics/templates.ts';
import { resolveTicker } from '../market/securities.ts';
import { filledPeriodCounts, sheetCsv, sheetTable } from './presenter.ts';

/** CSV asked for by header only: the URL is the same as the JSON one, so the URL-keyed cache must stay out. */
const csvByHeaderOnly = (request: FastifyRequest) =>
  (request.query as { format?: string }).format === undefined &&
  /\btext\/csv\b/.test(String(request.headers.accept ?? ''));

/** spec 7, Sheets: the data sheets of a ticker, and one sheet as a table (JSON or CSV). */
export function sheetRoutes(app: ZodApp, { database }: AppContext): void {
  const db = database.reader;
  const { hooks } = dataCache(database);
  // The cache's hooks and its plain serializer, with its lookup skipped for CSV asked by header only.
  const cached = {
    ...hooks,
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      return csvByHeaderOnly(request) ? undefined : hooks.onRequest(request, reply);
    },
  };

  app.get(
    '/api/data/sheet',
    {
      schema: {
        tags: ['sheets'],
        summary: 'The data sheets available for a ticker',
        querystring: tickerQuery,
        response: { 200: sheetList, 400: errorBody, 404: errorBody },
      },
      ...dataCache(database).hooks,
    },
    async (request) => {
      const security = await resolveTicker(db, request.query.ticker);
      const [annual, quarterly, kinds] = await Promise.all([
        loadFinancials(db, [security], 'annual'),
        loadFinancials(db, [security], 'quarterly'),
        statementTemplates(db, [security]),
      ]);
      const kind = kinds.get(security.id) ?? 'general';
      const annualCounts = filledPeriodCounts(annual[0] as (typeof annual)[number], sheetIds, kind);
      const quarterlyCounts = filledPeriodCounts(
        quarterly[0] as (typeof quarterly)[number],
        sheetIds.filter((id) => id !== 'financial-returns'),
        kind,
      );
      const sheets = sheetIds
        .map((id) => ({
          id,
          annualPeriods: annualCounts.get(id) ?? 0,
          quarterlyPeriods: quarterlyCounts.get(id) ?? 0,
        }))
        .filter((s) => s.annualPeriods + s.quarterlyPeriods > 0);
      return { ticker: security.ticker, sheets };
    },
  );

  app.get(
    '/api/data/sheet/data/:ticker/:sheet',
    {
      schema: {
        tags: ['sheets'],
        summary: 'One data sheet: rows = line items, columns = fiscal periods',
        description:
          'JSON by default; CSV with format=csv or Accept: text/csv (format=csv is the cacheable form). ' +
          'financial-returns is per fiscal year only.',
        params: sheetParams,
        querystring: sheetQuery,
        response: { 200: sheetData, 400: errorBody, 404: errorBody },
      },
      ...cached,
    },
    async (request, reply) => {
      const { ticker, sheet } = request.params;
      const period = request.query.period ?? 'annual';
      if (sheet === 'financial-returns' && period === 'quarterly')
        throw invalidField('period', 'financial-returns is per fiscal year (annual) only');
      const security = await resolveTicker(db, ticker);
      const asOf = asFiledDay(request.query.asOf);
      const [[loaded], kinds] = await Promise.all([
        loadFinancials(db, [security], period, {}, undefined, asOf),
        statementTemplates(db, [security]),
      ]);
      const data = loaded as NonNullable<typeof loaded>;
      const table = { ...sheetTable(data, sheet, period, kinds.get(security.id) ?? 'general'), ...asFiledOf(data) };
      void reply.header('vary', 'Accept');
      if (request.query.format === 'csv' || csvByHeaderOnly(request)) {
        // The CSV body is text, outside the JSON response schema: sent through the untyped reply.
        const text: FastifyReply = reply;
        return text
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${ticker}-${sheet}-${period}${asOf ? `-as-filed-${asOf}` : ''}.csv"`,
          )
          .send(sheetCsv(table));
      }
      return table;
    },
  );
}
