import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/index.ts';
import { registerOpenApi } from '../../openapi.ts';
import { greenRoutes } from '../green/routes.ts';
import { indicatorRoutes } from './routes.ts';

interface OpenApiDocument {
  paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
  components: { schemas: Record<string, { example?: unknown }> };
}

// Only these routes, so that the check is about their schemas and not about the rest of the API.
describe('OpenAPI for the screener and green-stocks calls', () => {
  it('documents every path with its query parameters, and each response schema with an example', async () => {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await registerOpenApi(app, 'http://localhost:3000');
    const database = openDatabase({ sqliteFile: ':memory:' });
    const context = { config: loadConfig({ NODE_ENV: 'test' }), database };
    indicatorRoutes(app, context);
    greenRoutes(app, context);
    await app.ready();
    const document = (await app.inject('/api/openapi.json')).json() as OpenApiDocument;
    await app.close();
    await database.close();

    const parameters = (path: string) => (document.paths[path]?.get?.parameters ?? []).map((p) => p.name);
    expect(parameters('/api/data/indicator/odata')).toEqual(
      expect.arrayContaining(['$filter', '$orderby', '$select', '$top', '$skip', '$count']),
    );
    expect(parameters('/api/data/indicator/odatav2')).toContain('$filter');
    expect(parameters('/api/data/green/stocks')).toEqual(
      expect.arrayContaining(['fields', 'orderBy', 'order', 'skip', 'limit', 'isGreenEnergy', 'isGreenWaste']),
    );
    for (const id of ['ODataIndicators', 'ScreenerPage', 'GreenStocks']) {
      expect(document.components.schemas[id]?.example, id).toBeDefined();
    }
  });
});
