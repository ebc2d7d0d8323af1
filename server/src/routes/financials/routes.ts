import {
  annualQuery,
  calcFinancialsQuery,
  errorBody,
  type FinancialGroup,
  type FinancialMetric,
  financialGroups,
  financialsQuery,
  financialsResponse,
  type TemplateStatement,
  ttmFinancials,
  ttmFinancialsQuery,
} from '@app/contract';
import type { AppContext, ZodApp } from '../../context.ts';
import type { Period } from '../../db/schema.ts';
import type { Range } from '../../finance/types.ts';
import { dataCache } from '../../http/data-cache.ts';
import {
  asFiledDay,
  loadFinancials,
  metricList,
  presentPeriods,
  presentTtm,
  TTM_METRICS,
} from '../../metrics/financials.ts';
import { statementTemplates } from '../../metrics/templates.ts';
import { resolveTickers } from '../market/securities.ts';
import { restatementsRoutes } from './restatements.ts';
import { linesOf, templatesOf } from './templates.ts';

/*
 * spec 7, Financials under /api/data/financials/: tickers, from, to (bounding the period end) and
 * period=annual|quarterly. Each call is a fixed list of metrics (contract financialGroups), so the
 * calls are declared as data and share one handler; calc-financials takes its list from `fields`.
 */
const PERIOD_CALLS: Exclude<FinancialGroup, 'financial-returns'>[] = [
  'income-statement',
  'balance-sheet',
  'cash-flow',
  'payout',
  'eps-basic',
  'revenue-per-share',
  'margins',
  'per-share',
  'capital-allocation',
];

const SUMMARY =
  'Fiscal periods per ticker. Amounts as filed; per-share values and share counts restated for later splits; ' +
  'ratios as fractions. Each period gives its values as numbers, beside them the accession numbers of the ' +
  'filings of each value (accessions) and the metrics computed here (derived: Q4 = FY - Q1..Q3, ratios).';

export function financialsRoutes(app: ZodApp, context: AppContext): void {
  const { database } = context;
  restatementsRoutes(app, context);
  const cached = dataCache(database).hooks;
  const responses = { 200: financialsResponse, 400: errorBody, 404: errorBody };

  async function answer(
    input: Range & { tickers: string[]; asOf?: string | undefined },
    period: Period,
    metrics: readonly FinancialMetric[],
    statement?: TemplateStatement,
  ) {
    // Any kind: a coin is a known ticker without fundamentals, so its series has no periods.
    const securities = await resolveTickers(database.reader, input.tickers);
    const kinds = await statementTemplates(database.reader, securities);
    // A statement answers the lines of its companies' templates (a bank's: interest income, deposits...).
    const lines = statement ? linesOf(statement, kinds.values()) : metrics;
    const loaded = await loadFinancials(database.reader, securities, period, input, lines, asFiledDay(input.asOf));
    return {
      templates: templatesOf(securities, kinds),
      period,
      metrics: metricList(lines),
      series: loaded.map((data) => presentPeriods(data, lines, input.from)),
    };
  }
  const TEMPLATE_STATEMENTS = new Set<string>(['income-statement', 'balance-sheet', 'cash-flow']);
  const templateOf = (group: string) => (TEMPLATE_STATEMENTS.has(group) ? (group as TemplateStatement) : undefined);

  for (const group of PERIOD_CALLS) {
    app.get(
      `/api/data/financials/${group}`,
      {
        schema: {
          tags: ['financials'],
          summary: `${group}: ${financialGroups[group].join(', ')}`,
          description: SUMMARY,
          querystring: financialsQuery,
          response: responses,
        },
        ...cached,
      },
      async (request) =>
        answer(request.query, request.query.period ?? 'annual', financialGroups[group], templateOf(group)),
    );
  }

  app.get(
    '/api/data/financials/financial-returns',
    {
      schema: {
        tags: ['financials'],
        summary: 'ROE, ROA and ROIC per fiscal year',
        description: `${SUMMARY} Per fiscal year only (no period): averages use the balance at the start and end of the year.`,
        querystring: annualQuery,
        response: responses,
      },
      ...cached,
    },
    async (request) => answer(request.query, 'annual', financialGroups['financial-returns']),
  );

  app.get(
    '/api/data/financials/calc-financials',
    {
      schema: {
        tags: ['financials'],
        summary: 'Any metrics of the Financials vocabulary, chosen with fields',
        description: SUMMARY,
        querystring: calcFinancialsQuery,
        response: responses,
      },
      ...cached,
    },
    async (request) => answer(request.query, request.query.period ?? 'annual', [...new Set(request.query.fields)]),
  );

  app.get(
    '/api/data/financials/ttm-financial',
    {
      schema: {
        tags: ['financials'],
        summary: 'Trailing twelve months per ticker',
        description:
          'Flows summed over the last four consecutive quarters; balance items from the last quarter. When four ' +
          'quarters cannot be formed, the last fiscal year instead (basis fy, with its period). fields chooses ' +
          "the metrics (default: the key figures). A metric that means nothing for the company's kind (template: a " +
          "bank's gross and operating margins, an insurer's or a REIT's gross margin) is null, as in key statistics.",
        querystring: ttmFinancialsQuery,
        response: { 200: ttmFinancials, 400: errorBody, 404: errorBody },
      },
      ...cached,
    },
    async (request) => {
      const securities = await resolveTickers(database.reader, request.query.tickers);
      const asOf = asFiledDay(request.query.asOf);
      const [quarterly, annual] = await Promise.all([
        loadFinancials(database.reader, securities, 'quarterly', {}, undefined, asOf),
        loadFinancials(database.reader, securities, 'annual', {}, undefined, asOf),
      ]);
      const metrics = request.query.fields ? [...new Set(request.query.fields)] : TTM_METRICS;
      const kinds = await statementTemplates(database.reader, securities);
      return {
        series: quarterly.map((q, i) => {
          const template = kinds.get(q.security.id) ?? 'general';
          return { ...presentTtm(q, annual[i] as (typeof annual)[number], metrics, template), template };
        }),
      };
    },
  );
}
