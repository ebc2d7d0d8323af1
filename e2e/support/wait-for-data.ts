import { secondAppURL } from './second-provider.ts';

/*
 * Global setup: the tests start once both app instances have loaded the demo universe. A first start
 * loads it in the background while it already answers (readyz), and until it is done every page comes
 * slowly: the first specs' 30 s budgets went to the loading, not to what they check.
 */
const port = Number(process.env.E2E_PORT ?? 3199);
const APPS = [`http://127.0.0.1:${port}`, secondAppURL];
const LIMIT_MS = 6 * 60_000;

async function seeded(origin: string): Promise<boolean> {
  try {
    const response = await fetch(`${origin}/api/data/status`);
    if (!response.ok) return false;
    const status = (await response.json()) as { seeding: unknown };
    return status.seeding === null;
  } catch {
    return false;
  }
}

export default async function waitForData(): Promise<void> {
  const until = Date.now() + LIMIT_MS;
  for (const origin of APPS) {
    while (!(await seeded(origin))) {
      if (Date.now() > until)
        throw new Error(`${origin} did not finish loading the demo data in ${LIMIT_MS / 60_000} min`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
