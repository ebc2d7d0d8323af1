import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionResults } from 'oidc-provider';
import { invalidField, notFound } from '../http/errors.ts';
import { checkDemoCredentials } from './demo-user.ts';
import { errorPage, loginPage } from './pages.ts';
import type { DevProvider } from './provider.ts';

const PREFIX = '/idp';
const INTERACTION = /^\/idp\/interaction\//;

type Provider = DevProvider['provider'];
type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;
/** The provider of the address a request came to (setup.ts); null for a Host it does not serve. */
export type ProviderFor = (request: FastifyRequest) => Provider | null;

/** Requests the provider's Koa app answers: everything under /idp but the interaction pages (Fastify routes). */
function handledByProvider(url: string): boolean {
  return (url === PREFIX || url.startsWith(`${PREFIX}/`) || url.startsWith(`${PREFIX}?`)) && !INTERACTION.test(url);
}

/**
 * The provider route a request reaches, for rate limits: `/idp/token` for `/idp/Token/` too. oidc-provider's
 * router (oidc-provider/lib/helpers/router.js) matches the undecoded path case-insensitively (folding ASCII letters only
 * can make a path equal to its ASCII routes) and retries once without one trailing slash; Koa's path stops
 * at '?' or '#'.
 */
export function mountedProviderRoute(url: string): string | undefined {
  if (!handledByProvider(url)) return undefined;
  const path = (url.slice(PREFIX.length).split(/[?#]/)[0] || '/').replace(/[A-Z]/g, (c) => c.toLowerCase());
  return `${PREFIX}${path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path}`;
}

/**
 * Mounts the development provider under /idp of the app's origin: the provider of the address the request
 * came to (one per address, so sign-in works at localhost, 127.0.0.1 or a LAN address alike). A provider
 * is a Koa app: an onRequest hook hands it the raw request with the prefix stripped (originalUrl keeps the
 * prefix, which is how the provider learns its mount path). Its interaction pages (login, consent) are
 * ordinary Fastify routes.
 */
export async function mountDevProvider(app: FastifyInstance, providerFor: ProviderFor): Promise<void> {
  const callbacks = new WeakMap<Provider, ReturnType<Provider['callback']>>();
  function callbackOf(provider: Provider) {
    let callback = callbacks.get(provider);
    if (callback) return callback;
    // A path under /idp the provider has no route for: a 404 in the API's error shape rather than Koa's
    // text. Its OAuth errors keep the format of RFC 6749 (5.2), which OpenID clients read.
    provider.use(async (ctx, next) => {
      await next();
      if (ctx.status !== 404 || ctx.body !== undefined) return;
      ctx.status = 404;
      ctx.body = notFound(`No route for ${ctx.method} ${PREFIX}${ctx.path}`).toBody();
    });
    callback = provider.callback();
    callbacks.set(provider, callback);
    return callback;
  }
  app.addHook('onRequest', async (request, reply) => {
    const url = request.raw.url ?? '/';
    if (!handledByProvider(url)) return;
    const provider = providerFor(request);
    if (!provider) return reply.status(400).send(unservedHost().toBody());
    const callback = callbackOf(provider);
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    // The provider (Koa, proxy on) reads the scheme and host from X-Forwarded-*: give it what Fastify made
    // of them, which honours those headers only from the proxies TRUST_PROXY names (issue 34).
    raw.headers['x-forwarded-host'] = request.host;
    raw.headers['x-forwarded-proto'] = request.protocol;
    delete raw.headers.forwarded;
    // Hijacked: the app's security headers are not added to the provider's answers, so this one is here.
    reply.raw.setHeader('x-content-type-options', 'nosniff');
    raw.originalUrl = url;
    raw.url = url.slice(PREFIX.length) || '/';
    await callback(raw, reply.raw);
  });

  await app.register(async (scope) => {
    // The login form posts application/x-www-form-urlencoded; only these routes accept it.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    scope.get('/idp/interaction/:uid', { schema: { hide: true } }, async (request, reply) => {
      const details = await interaction(request, reply);
      if (!details) return reply;
      if (details.prompt.name === 'login') return sendLogin(reply, details.uid);
      // The web app is this server's own first-party client: consent is implied, so grant what it asked for.
      const provider = providerFor(request) as Provider;
      return finish(request, reply, { consent: { grantId: await grantEverything(provider, details) } });
    });

    scope.post<{ Body: Record<string, string> }>(
      '/idp/interaction/:uid/login',
      { schema: { hide: true } },
      async (request, reply) => {
        const details = await interaction(request, reply);
        if (!details) return reply;
        const login = String(request.body?.login ?? '');
        const accountId = checkDemoCredentials(login, String(request.body?.password ?? ''));
        if (!accountId) return sendLogin(reply, details.uid, login, 'Wrong e-mail or password.', 401);
        return finish(request, reply, { login: { accountId } }, false);
      },
    );

    scope.post('/idp/interaction/:uid/abort', { schema: { hide: true } }, async (request, reply) => {
      if (!(await interaction(request, reply))) return reply;
      return finish(request, reply, { error: 'access_denied', error_description: 'The sign-in was cancelled.' }, false);
    });
  });

  async function interaction(request: FastifyRequest, reply: FastifyReply): Promise<Interaction | null> {
    const provider = providerFor(request);
    if (!provider) {
      await reply.status(400).send(unservedHost().toBody());
      return null;
    }
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      // Expired, already used or missing interaction cookie: say so in a page, not a stack trace.
      await reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(errorPage('interaction_expired', 'This sign-in page has expired. Start the sign-in again from the app.'));
      return null;
    }
  }

  async function grantEverything(provider: Provider, details: Interaction): Promise<string> {
    const { params, session } = details;
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: session?.accountId ?? '', clientId: String(params.client_id) });
    if (!grant) throw new Error('grant disappeared during the interaction');
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
      grant.addResourceScope(resource, scopes.join(' '));
    return grant.save();
  }

  async function finish(request: FastifyRequest, reply: FastifyReply, result: InteractionResults, merge = true) {
    const provider = providerFor(request) as Provider;
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: merge,
    });
    return reply.redirect(returnTo, 303);
  }
}

function sendLogin(reply: FastifyReply, uid: string, login = '', error?: string, status = 200) {
  const base = `${PREFIX}/interaction/${encodeURIComponent(uid)}`;
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(loginPage({ action: `${base}/login`, abortAction: `${base}/abort`, login, ...(error ? { error } : {}) }));
}

const unservedHost = () => invalidField('host', 'the development sign-in does not answer at this address', 'headers');
