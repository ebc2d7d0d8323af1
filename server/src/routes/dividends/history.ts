import { type DividendHistory, dividendHistory, dividendHistoryQuery, errorBody } from '@app/contract';
import type { FastifyReply } from 'fastify';
import type { AppContext, ZodApp } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { paymentFrequencies } from '../../finance/dividend-frequency.ts';
import { dataCache } from '../../http/data-cache.ts';
import { resolveTicker, type SecurityRef } from '../market/securities.ts';

/* Issue 33: a stock's every dividend payment with its dates and frequency, as JSON or CSV. */

async function selectPayments(db: Db, id: number) {
  return db
    .selectFrom('dividends')
    .select(['ex_date', 'record_date', 'pay_date', 'declared_date', 'amount', 'amount_split_adj', 'currency'])
    .where('security_id', '=', id)
    .orderBy('ex_date')
    .execute();
}

type PaymentRow = Awaited<ReturnType<typeof selectPayments>>[number];

/** Newest first; the frequency read from the ex-dates in their order. */
export function presentHistory(security: SecurityRef, rows: readonly PaymentRow[]): DividendHistory {
  const frequencies = paymentFrequencies(rows.map((r) => r.ex_date));
  const payments = rows.map((r, i) => ({
    exDate: r.ex_date,
    recordDate: r.record_date,
    payDate: r.pay_date,
    declaredDate: r.declared_date,
    amount: r.amount,
    amountSplitAdjusted: r.amount_split_adj,
    currency: r.currency,
    frequency: frequencies[i] ?? 'irregular',
  }));
  return { ticker: security.ticker, currency: security.currency, payments: payments.reverse() };
}

/** RFC 4180 lines; unknown dates are empty cells, numbers raw with a dot (any spreadsheet reads them). */
export function historyCsv(history: DividendHistory): string {
  const header = [
    'exDate',
    'recordDate',
    'payDate',
    'declaredDate',
    'amount',
    'amountSplitAdjusted',
    'currency',
    'frequency',
  ];
  const lines = history.payments.map((p) =>
    [
      p.exDate,
      p.recordDate ?? '',
      p.payDate ?? '',
      p.declaredDate ?? '',
      String(p.amount),
      String(p.amountSplitAdjusted),
      p.currency,
      p.frequency,
    ].join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

export function dividendHistoryRoutes(app: ZodApp, { database }: AppContext): void {
  const db = database.reader;
  app.get(
    '/api/data/dividends/history',
    {
      schema: {
        tags: ['dividends'],
        summary: 'Every dividend payment: ex, record and pay dates, amount, currency and frequency',
        description: 'JSON by default; CSV with format=csv (a file download).',
        querystring: dividendHistoryQuery,
        response: { 200: dividendHistory, 400: errorBody, 404: errorBody },
      },
      ...dataCache(database).hooks,
    },
    async (request, reply) => {
      const security = await resolveTicker(db, request.query.ticker);
      const history = presentHistory(security, await selectPayments(db, security.id));
      if (request.query.format !== 'csv') return history;
      // The CSV body is text, outside the JSON response schema: sent through the untyped reply.
      const text: FastifyReply = reply;
      return text
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${security.ticker}-dividends.csv"`)
        .send(historyCsv(history));
    },
  );
}
