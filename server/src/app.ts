import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthDeps } from './auth/current-user.ts';
import { authConfigRoutes } from './auth/oidc/routes.ts';
import { setUpOidc } from './auth/oidc/setup.ts';
import { walletConnectOrigins } from './auth/wallet/chains.ts';
import type { Config } from './config.ts';
import type { AppContext, ZodApp } from './context.ts';
import type { Database } from './db/index.ts';
import { DEFAULT_BODY_LIMIT, registerBodyLimits } from './http/body-limits.ts';
import { registerCompression } from './http/compress.ts';
import { registerConnectionAnswers, serverOptions } from './http/connection.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { createMetrics, type Metrics, registerMetrics } from './http/metrics.ts';
import { rateLimitSettings, registerRateLimits } from './http/rate-limit.ts';
import { routeDataReads } from './http/read-routing.ts';
import { registerRepairGate } from './http/repair-gate.ts';
import { mountedProviderRoute } from './idp/mount.ts';
import { registerOpenApi } from './openapi.ts';
import { chartRoutes } from './routes/chart/routes.ts';
import { companyRoutes } from './routes/company/routes.ts';
import { dividendRoutes } from './routes/dividends/routes.ts';
import { eventRoutes } from './routes/events/routes.ts';
import { financialsRoutes } from './routes/financials/routes.ts';
import { greenRoutes } from './routes/green/routes.ts';
import { indicatorRoutes } from './routes/indicator/routes.ts';
import { marketPagesRoutes } from './routes/market-pages/routes.ts';
import { marketSummaryRoutes } from './routes/market-summary/routes.ts';
import { marketsRoutes } from './routes/markets/routes.ts';
import { meRoutes } from './routes/me/routes.ts';
import { peerRoutes } from './routes/peers/routes.ts';
import { refRoutes } from './routes/ref/routes.ts';
import { rssRoutes } from './routes/rss/routes.ts';
import { sheetRoutes } from './routes/sheet/routes.ts';
import { sitemapRoutes } from './routes/sitemap/routes.ts';
import { statusRoutes } from './routes/status/routes.ts';
import { systemRoutes } from './routes/system/routes.ts';
import { walletRoutes } from './routes/wallet/routes.ts';
import { contentSecurityPolicy, registerSecurityHeaders } from './web/security-headers.ts';
import { registerWebApp } from './web/static.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** server/src or server/dist -> web/dist: both sit two levels below the repository root. */
export const defaultWebDist = path.resolve(here, '../../web/dist');

export interface BuildOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The process's metrics (main.ts shares them with the background jobs); a fresh set when absent. */
  metrics?: Metrics;
}

const REQUEST_ID = /^[\w.:-]{1,100}$/;

/** A request id per request: the caller's when it sends a sane one, else ours; echoed back. */
function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

export async function buildApp({ config, database, logger, metrics }: BuildOptions): Promise<ZodApp> {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL },
    genReqId: requestIdOf,
    // Each route's own limit is set by registerBodyLimits (http/body-limits.ts); this is the rest's.
    bodyLimit: DEFAULT_BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
    // Timeouts for slow clients, and Node's and Fastify's own answers in the error shape (docs/operations.md).
    ...serverOptions(config),
    // request.ip (rate limits, logs) honours X-Forwarded-For only from the proxies TRUST_PROXY names.
    trustProxy: config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  registerBodyLimits(app);
  registerConnectionAnswers(app);
  const appMetrics = metrics ?? createMetrics(database);
  registerMetrics(app, appMetrics, config.METRICS_TOKEN);
  const limits = rateLimitSettings(config);
  // Before the /idp mount, whose hook takes over its requests (docs/operations.md, "Rate limits").
  registerRateLimits(app, limits, appMetrics.recordRateLimited, mountedProviderRoute);
  // Sign-in (docs/auth.md): an external OpenID Provider, or the development one mounted under /idp.
  const oidc = await setUpOidc(app, config, appMetrics.issuerKeysObserver(app.log));
  const csp = contentSecurityPolicy({
    connectOrigins: [...walletConnectOrigins(config), ...oidc.externalOrigins],
    frameOrigins: oidc.externalOrigins,
  });
  const securityOptions = { hsts: config.NODE_ENV === 'production' };
  registerSecurityHeaders(app, csp, securityOptions);
  // br/gzip by Accept-Encoding for what is not compressed already (http/compress.ts).
  registerCompression(app);
  // Cookies carry the wallet session (server/src/auth/wallet/sessions.ts).
  await app.register(fastifyCookie);
  await registerOpenApi(app, config.PUBLIC_URL);

  // Before the routes: the data routes' reads go to a replica when DATABASE_READ_URLS names some.
  routeDataReads(app, database);
  // While the repair at start runs, the data calls answer 503 (main.ts).
  registerRepairGate(app, database);
  const context: AppContext = { config, database };
  systemRoutes(app, context);
  eventRoutes(app, context);
  indicatorRoutes(app, context);
  greenRoutes(app, context);
  companyRoutes(app, context);
  chartRoutes(app, context);
  financialsRoutes(app, context);
  dividendRoutes(app, context);
  marketSummaryRoutes(app, context);
  marketPagesRoutes(app, context);
  marketsRoutes(app, context);
  peerRoutes(app, context);
  sheetRoutes(app, context);
  statusRoutes(app, context);
  rssRoutes(app, context);
  sitemapRoutes(app, context);
  walletRoutes(app, context);
  const auth: AuthDeps = { database, verifier: oidc.verifier };
  authConfigRoutes(app, oidc);
  meRoutes(app, auth);
  refRoutes(app, auth);

  await registerWebApp(app, config.WEB_DIST_DIR ? path.resolve(config.WEB_DIST_DIR) : defaultWebDist, {
    db: database.db,
    publicUrl: config.PUBLIC_URL,
  });
  return app;
}
