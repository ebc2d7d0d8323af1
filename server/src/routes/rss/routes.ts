import { errorBody, feedItemsQuery, feedItemsResponse, mergedNewsQuery, mergedNewsResponse } from '@app/contract';
import { z } from 'zod';
import type { AppContext, ZodApp } from '../../context.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import { HAND_MADE_TICKERS } from '../../ingest/demo/universe.ts';
import { DEMO_PATH, demoCompanies, demoFeedName, renderDemoFeed } from '../../news/demo-feeds.ts';
import { companyOfLink, findFeedByUrl, normalizeFeedUrl, upsertFeed } from '../../news/registry.ts';
import { demoCompanyPageIn, isDemoCompanyFeed } from './demo-company-news.ts';
import { feedIds, feedItems, mergedItems } from './queries.ts';

/** Feeds change every few minutes at most; let browsers and a CDN keep a page briefly. */
const CACHE = 'public, max-age=60';

/** News (spec 7): one registered feed, the merged home and analysis pages, and the demo feeds. */
export function rssRoutes(app: ZodApp, { config, database }: AppContext): void {
  const { db } = database;

  app.get(
    '/api/rss/',
    {
      schema: {
        tags: ['news'],
        summary: 'Items of one registered feed',
        description:
          'The URL must be a registered feed (configuration file, CLI, demo) or a link of a company (website, investor relations); any other URL is refused with 400. Newest first. With `locale`, a demo company feed is told in that language (its title and items; `feed.locale` says which); any other feed keeps its own language.',
        querystring: feedItemsQuery,
        response: { 200: feedItemsResponse, 400: errorBody },
      },
    },
    async (request, reply) => {
      const { url: given, skip, limit, locale } = request.query;
      let url: string;
      try {
        url = normalizeFeedUrl(given);
      } catch (error) {
        throw invalidField('url', error instanceof Error ? error.message : 'is not a valid feed URL');
      }
      let feed = await findFeedByUrl(db, url);
      if (!feed) {
        // A company link not synced yet: register it now so the refresher reads it next.
        const securityId = await companyOfLink(db, url);
        if (securityId === undefined) throw invalidField('url', 'is not a registered feed or company link');
        await upsertFeed(db, { url, kind: 'company', locale: 'en', origin: 'link', securityId });
        feed = await findFeedByUrl(db, url);
        if (!feed) throw notFound('Feed not found');
      }
      let page = await feedItems(db, feed.id, skip, limit);
      let title = feed.title;
      let served = feed.locale;
      if (locale && locale !== feed.locale && isDemoCompanyFeed(feed)) {
        ({ title, page } = await demoCompanyPageIn(db, feed, page, locale));
        served = locale;
      }
      const summary = {
        url: feed.url,
        title,
        kind: feed.kind,
        locale: served,
        ticker: feed.ticker,
        lastSuccessAt: feed.lastSuccessAt,
      };
      void reply.header('cache-control', CACHE);
      return { feed: summary, ...page, skip, limit };
    },
  );

  for (const kind of ['home', 'analysis'] as const) {
    app.get(
      `/api/rss/${kind}`,
      {
        schema: {
          tags: ['news'],
          summary: `Merged ${kind} news for a language`,
          description: `Items of every ${kind} feed of the locale, newest first, each story once; the English feeds when the locale has none.`,
          querystring: mergedNewsQuery,
          response: { 200: mergedNewsResponse, 400: errorBody },
        },
      },
      async (request, reply) => {
        const { skip, limit, locale } = request.query;
        let served: string = locale;
        let ids = await feedIds(db, kind, locale);
        if (ids.length === 0 && locale !== 'en') {
          served = 'en';
          ids = await feedIds(db, kind, 'en');
        }
        const page = await mergedItems(db, ids, skip, limit);
        void reply.header('cache-control', CACHE);
        return { locale: served, ...page, skip, limit };
      },
    );
  }

  if (config.FEEDS_DEMO) {
    app.get(
      `${DEMO_PATH}:file`,
      {
        schema: {
          tags: ['news'],
          summary: 'A generated demo feed (demo mode only)',
          description: 'RSS 2.0 (home-<lang>), Atom 1.0 (analysis-<lang>) or RSS 1.0 (company-<ticker>) XML.',
          // No response schema: the body is XML, not JSON.
          params: z.object({ file: z.string().max(60) }),
        },
      },
      async (request, reply) => {
        const name = demoFeedName(`${DEMO_PATH}${request.params.file}`);
        const doc = name
          ? renderDemoFeed(name, await demoCompanies(db, HAND_MADE_TICKERS), config.PUBLIC_URL, new Date())
          : null;
        if (!doc) throw notFound('No such demo feed');
        return reply.header('content-type', doc.contentType).header('cache-control', CACHE).send(doc.body);
      },
    );
  }
}
