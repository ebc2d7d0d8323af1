import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';

/** Each route whose answers Fastify would serialise through zod, as "METHOD url status". */
const zodSerialised = vi.hoisted(() => new Set<string>());

vi.mock('fastify-type-provider-zod', async (importOriginal) => {
  const real = await importOriginal<typeof import('fastify-type-provider-zod')>();
  const serializerCompiler: typeof real.serializerCompiler = (route) => {
    zodSerialised.add(`${route.method} ${route.url} ${route.httpStatus}`);
    return real.serializerCompiler(route);
  };
  return { ...real, serializerCompiler };
});

// Running zod over a data answer cost a quarter of an uncached price call and a millisecond of a
// quarterly data sheet: every data route takes the data cache's plain serializer (http/data-cache.ts).
describe.each(testDatabases().slice(0, 1))('the data routes serialise their answers plainly, on $engine', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  it('compiles no zod serializer for a 200 answer of a GET /api/data route', async () => {
    const dataAnswers = [...zodSerialised].filter((r) => r.startsWith('GET /api/data/') && r.endsWith(' 200'));
    expect(dataAnswers).toEqual([]);
    // The check sees the routes at all: routes outside /api/data keep zod's serializer.
    expect([...zodSerialised].some((r) => !r.includes('/api/data/'))).toBe(true);
  });
});
