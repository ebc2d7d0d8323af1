/**
 * Where the second, separately started OpenID Provider and the app instance configured against it run:
 * the two ports after E2E_PORT (playwright.config.ts starts both; oidc-second-provider.spec.ts uses them).
 */
const port = Number(process.env.E2E_PORT ?? 3199);
export const secondIdpPort = port + 1;
export const secondAppPort = port + 2;
export const secondIdpURL = `http://127.0.0.1:${secondIdpPort}`;
export const secondAppURL = `http://127.0.0.1:${secondAppPort}`;
export const SECOND_CLIENT_ID = 'second-client';
export const SECOND_AUDIENCE = 'https://second-api.example';
