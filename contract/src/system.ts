import { z } from 'zod';

export const healthResponse = z.object({ status: z.literal('ok') }).meta({ id: 'Health', example: { status: 'ok' } });

export const readyResponse = z
  .object({
    status: z.enum(['ready', 'unavailable']),
    database: z.enum(['sqlite', 'postgres']),
    dataVersion: z.number().int().nonnegative().nullable(),
    /** With DATABASE_READ_URLS: each read replica (host:port/database) and whether it takes data reads. */
    replicas: z.array(z.object({ location: z.string(), up: z.boolean() })).optional(),
  })
  .meta({ id: 'Ready', example: { status: 'ready', database: 'sqlite', dataVersion: 3 } });
export type ReadyResponse = z.infer<typeof readyResponse>;

/** Analytics event names the app sends (spec 2: page_view; spec 8: ticker_not_found). */
export const analyticsEventName = z.enum(['page_view', 'ticker_not_found']);
export type AnalyticsEventName = z.infer<typeof analyticsEventName>;

export const analyticsEventBody = z
  .object({
    name: analyticsEventName,
    path: z.string().min(1).max(2048).startsWith('/'),
    props: z.record(z.string(), z.union([z.string().max(512), z.number(), z.boolean()])).optional(),
  })
  .meta({
    id: 'AnalyticsEvent',
    example: { name: 'page_view', path: '/de/stocks/ACME', props: { lang: 'de' } },
  });
export type AnalyticsEventBody = z.infer<typeof analyticsEventBody>;
