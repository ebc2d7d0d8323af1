import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/errors.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Paths the web app never answers: the API, the identity provider, hashed assets that do not exist. */
const NOT_APP = /^\/(api|idp|assets|locales)(\/|$)/;

/**
 * Serves the built web app: hashed files under /assets cached for a year, everything else
 * (index.html, locale files) revalidated on each use; any other GET of a page is answered with
 * the app, whose router takes it from there (also under the 19 language prefixes).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: ['index.html'],
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.startsWith(path.join(distDir, 'assets') + path.sep);
        res.setHeader('cache-control', hashed ? IMMUTABLE : REVALIDATE);
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
    return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').sendFile('index.html');
  });
  return built;
}
