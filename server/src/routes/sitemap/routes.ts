import type { AppContext, ZodApp } from '../../context.ts';
import { dataCache } from '../../http/data-cache.ts';
import { notFound } from '../../http/errors.ts';
import { countSecurities, listSecurities } from './queries.ts';
import { securityPath, sitemapIndex, urlEntries, urlSet } from './sitemap-xml.ts';

/** Pages that are not about one security, as unprefixed English paths. */
export const SITEMAP_PAGES = ['/', '/green-stocks', '/markets'] as const;

/*
 * Securities per sitemap file. Each becomes 20 <url> entries with 21 alternates: 500 keeps a file near
 * 10,000 URLs and well under the protocol's 50,000-URL and 50 MB limits.
 */
export const SECURITIES_PER_PART = 500;

const XML = 'application/xml; charset=utf-8';

/**
 * GET /sitemap.xml and /robots.txt (issue 8, search engines). A small universe fits in one file; a
 * larger one makes /sitemap.xml an index of /sitemap/pages.xml and /sitemap/securities-{n}.xml.
 * Answers depend only on the data version, so the data cache keeps them (ETag, 304, in-memory copy).
 */
export function sitemapRoutes(app: ZodApp, { config, database }: AppContext, perPart = SECURITIES_PER_PART): void {
  const origin = config.PUBLIC_URL.replace(/\/+$/, '');
  const cached = { ...dataCache(database).hooks, schema: { hide: true } };

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /idp/',
      'Disallow: /auth/',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', cached, async (_request, reply) => {
    const count = await countSecurities(database.db);
    reply.type(XML);
    if (count <= perPart) {
      const securities = await listSecurities(database.db, 0, perPart);
      return urlSet(urlEntries(origin, [...SITEMAP_PAGES, ...securities.map((s) => securityPath(s.kind, s.ticker))]));
    }
    const parts = Math.ceil(count / perPart);
    return sitemapIndex([
      `${origin}/sitemap/pages.xml`,
      ...Array.from({ length: parts }, (_, index) => `${origin}/sitemap/securities-${index + 1}.xml`),
    ]);
  });

  app.get('/sitemap/pages.xml', cached, async (_request, reply) => {
    reply.type(XML);
    return urlSet(urlEntries(origin, SITEMAP_PAGES));
  });

  app.get<{ Params: { part: string } }>('/sitemap/:part', cached, async (request, reply) => {
    const match = /^securities-([1-9]\d{0,5})\.xml$/.exec(request.params.part);
    const part = match ? Number(match[1]) : 0;
    const securities = part ? await listSecurities(database.db, (part - 1) * perPart, perPart) : [];
    if (securities.length === 0) throw notFound(`No sitemap at /sitemap/${request.params.part}`);
    reply.type(XML);
    return urlSet(
      urlEntries(
        origin,
        securities.map((s) => securityPath(s.kind, s.ticker)),
      ),
    );
  });
}
