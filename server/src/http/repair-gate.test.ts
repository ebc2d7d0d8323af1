import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { testDatabases } from '../../test/databases.ts';
import { insertSecurity } from '../../test/securities.ts';
import { setRepairing } from './repair-gate.ts';

/* Issue 34: while the repair at start runs behind an open port, nothing reads rows half rebuilt. */
describe.each(testDatabases())('the repair at start, on $engine', (target) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  it('answers 503 with Retry-After to the data calls and /readyz meanwhile, then serves again', async () => {
    t = await startTestApp(target);
    await insertSecurity(t.database.db, { ticker: 'ALP', name: 'Alpha Corp' });
    const get = (url: string) => t.app.inject({ method: 'GET', url });

    setRepairing(t.database, true);
    const data = await get('/api/data/company?ticker=ALP');
    expect(data.statusCode).toBe(503);
    expect(data.headers['retry-after']).toBe('5');
    expect(data.json()).toMatchObject({ error: { code: 'service_unavailable' } });
    expect(data.json().error.message).toMatch(/rebuilding its stored data/);
    const ready = await get('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error.message).toMatch(/rebuilding its stored data/);
    // The process is alive, and the pages' banner still learns what data there is.
    expect((await get('/healthz')).statusCode).toBe(200);
    expect((await get('/api/data/status')).statusCode).toBe(200);

    setRepairing(t.database, false);
    expect((await get('/api/data/company?ticker=ALP')).statusCode).toBe(200);
    expect((await get('/readyz')).statusCode).toBe(200);
  });
});
