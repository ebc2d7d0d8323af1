import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import {
  SECOND_AUDIENCE,
  SECOND_CLIENT_ID,
  secondAppPort,
  secondAppURL,
  secondIdpPort,
  secondIdpURL,
} from './support/second-provider.ts';

// One data folder per run, shared with the workers through the environment.
if (!process.env.E2E_DATA_DIR) process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'll-e2e-'));
const port = Number(process.env.E2E_PORT ?? 3199);
export const baseURL = `http://127.0.0.1:${port}`;

// The server exactly as `npm start` runs it, its Node.js flags included (package.json "start"), from e2e/.
const npmStart = (
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '..', 'package.json'), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start.replace('scripts/start.mjs', '../scripts/start.mjs');

// Debian's Chromium, never a downloaded browser; flags for a machine with no outside network.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// Every spec signs in and searches from 127.0.0.1: the limits stay on, but far above what the suite sends.
const E2E_RATE_LIMITS = {
  RATE_LIMIT_SIGN_IN: '1000',
  RATE_LIMIT_SEARCH: '5000',
  RATE_LIMIT_ODATA: '5000',
  RATE_LIMIT_EVENTS: '5000',
  RATE_LIMIT_REF: '1000',
};

export default defineConfig({
  testDir: './tests',
  // After the web servers are up: waits until both have loaded the demo data (support/wait-for-data.ts).
  globalSetup: './support/wait-for-data.ts',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      // It builds what is not built yet.
      command: npmStart,
      url: `${baseURL}/readyz`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        // The browser is at 127.0.0.1, PUBLIC_URL names localhost: sign-in must work from whatever address
        // the person used (issue 20; oidc.spec.ts signs in through it).
        PUBLIC_URL: `http://localhost:${port}`,
        DATA_DIR: process.env.E2E_DATA_DIR,
        LOG_LEVEL: 'warn',
        ...E2E_RATE_LIMITS,
      },
    },
    // A second, separately started OpenID Provider, and the app configured against it (OIDC_ISSUER):
    // oidc-second-provider.spec.ts shows sign-in is not tied to the bundled provider.
    {
      command: `node support/second-idp.mjs ${secondIdpPort} ${secondAppURL}`,
      url: `${secondIdpURL}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: npmStart,
      url: `${secondAppURL}/readyz`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(secondAppPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: secondAppURL,
        DATA_DIR: `${process.env.E2E_DATA_DIR}/second`,
        LOG_LEVEL: 'warn',
        OIDC_ISSUER: secondIdpURL,
        OIDC_CLIENT_ID: SECOND_CLIENT_ID,
        OIDC_AUDIENCE: SECOND_AUDIENCE,
        OIDC_CACHE_LOCATION: 'memory',
        // Only sign-in is tested here: no second demo universe loading beside the first on the same cores.
        DEMO_DATA: 'off',
        ...E2E_RATE_LIMITS,
      },
    },
  ],
});
