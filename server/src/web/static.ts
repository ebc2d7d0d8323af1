import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/index.ts';
import { varyOnEncoding } from '../http/compress.ts';
import { notFound } from '../http/errors.ts';
import {
  LANGUAGE_COOKIE,
  languageToOfferFor,
  rememberedLanguageTarget,
  singularStockTarget,
} from './language-redirect.ts';
import { createPageHead, type PageHead } from './page-head.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The kinds of file scripts/build.mjs compresses (the same list is there). */
const TEXT_FILE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;
const REVALIDATE = 'no-cache';

/** The language the app offers in its one-line banner (web/src/app/language-offer.tsx reads the tag). */
export const LANGUAGE_OFFER_META = 'll-language-offer';
const withLanguageOffer = (html: string, language: string) =>
  html.replace('</head>', `<meta name="${LANGUAGE_OFFER_META}" content="${language}" />\n  </head>`);

/** Paths the web app never answers: the API, the identity provider, hashed assets that do not exist. */
const NOT_APP = /^\/(api|idp|assets|locales)(\/|$)/;

/**
 * Serves the built web app: hashed files under /assets cached for a year, everything else
 * (index.html, locale files) revalidated on each use; any other GET of a page is answered with
 * the app, whose router takes it from there (also under the 19 language prefixes). The build writes each
 * text file's .br and .gz beside it (scripts/build.mjs): those go out by Accept-Encoding, each with an
 * ETag of its own bytes, and `Vary: Accept-Encoding` so a CDN keeps both (issue 20).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  head?: { db: Db; publicUrl: string },
): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  // With the page head, "/" must reach the handler below too (it gets a title and links like any page).
  const pageHead: PageHead | null = built && head ? createPageHead({ distDir, ...head }) : null;
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: pageHead ? false : ['index.html'],
      cacheControl: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
        res.setHeader('cache-control', hashed ? IMMUTABLE : REVALIDATE);
        if (TEXT_FILE.test(filePath.replace(/\.(br|gz)$/, '')))
          res.setHeader('vary', varyOnEncoding(res.getHeader('vary')));
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !NOT_APP.test(pathname);
    if (!isPage || !built) {
      const error = notFound(`No route for ${request.method} ${pathname}`);
      return reply.status(404).send(error.toBody());
    }
    if (!pageHead) {
      return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').sendFile('index.html');
    }
    const query = request.url.slice(pathname.length);
    // "/stock/ACME" is "/stocks/ACME", in any language (issue 46).
    const singular = singularStockTarget(pathname);
    if (singular) return reply.header('cache-control', REVALIDATE).redirect(`${singular}${query}`, 301);
    // An unprefixed page's answer depends on the remembered language and, on a first visit, on the
    // browser's (the offer): a shared cache keys it by both.
    reply.header('vary', 'Cookie, Accept-Language');
    const userAgent = request.headers['user-agent'];
    const cookie = request.cookies[LANGUAGE_COOKIE];
    const target = rememberedLanguageTarget(pathname, cookie, userAgent);
    if (target) return reply.header('cache-control', REVALIDATE).redirect(`${target}${query}`, 302);
    // An unknown ticker or address is still the app (it shows its not-found page, spec 8), with a 404
    // status and noindex so search engines do not keep it as a soft 404.
    const { html, missing, redirect } = await pageHead.render(pathname);
    // A coin under /stocks or a stock under /crypto: its own address, for good (issue 33).
    if (redirect) return reply.header('cache-control', REVALIDATE).redirect(`${redirect}${query}`, 301);
    const offer = languageToOfferFor(pathname, cookie, request.headers['accept-language'], userAgent);
    return reply
      .status(missing ? 404 : 200)
      .header('cache-control', REVALIDATE)
      .type('text/html; charset=utf-8')
      .send(offer ? withLanguageOffer(html, offer) : html);
  });
  return built;
}
