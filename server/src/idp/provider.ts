import { randomBytes } from 'node:crypto';
import type { JSONWebKeySet } from 'jose';
import Provider, { type Configuration, errors, type JWK } from 'oidc-provider';
import { DEMO_USER, findDemoAccount } from './demo-user.ts';
import { errorPage, logoutPage, signedOutPage } from './pages.ts';
import { rsaJwkPair } from './rsa-jwk.ts';
import { warningsOnce } from './warn-once.ts';

export interface DevProviderOptions {
  /** `${origin}/idp`: the provider answers under /idp of the app's own origin. */
  issuer: string;
  /** The app's address this provider serves (its redirect and logout addresses). */
  publicUrl: string;
  clientId: string;
  /** The API's resource indicator: access tokens are JWTs with this audience. */
  audience: string;
}

export interface DevProvider {
  provider: Provider;
  /** The public signing keys, so the API verifies its own provider's tokens without an HTTP round trip. */
  publicKeys: JSONWebKeySet;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Signing and cookie keys, shared by the provider of every address the app is reached at (setup.ts). */
export interface DevKeys {
  privateJwk: JWK;
  publicKeys: JSONWebKeySet;
  cookieKeys: string[];
}

export function createDevKeys(): DevKeys {
  const { privateJwk: privateKey, publicJwk: publicKey } = rsaJwkPair();
  const kid = `dev-${randomBytes(6).toString('hex')}`;
  const privateJwk = { ...privateKey, kid, alg: 'RS256', use: 'sig' } as JWK;
  const publicJwk = { ...publicKey, kid, alg: 'RS256', use: 'sig' };
  return { privateJwk, publicKeys: { keys: [publicJwk] }, cookieKeys: [randomBytes(32).toString('base64url')] };
}

/**
 * The development OpenID Provider (docs/decisions/0006-development-identity-provider.md): panva's certified
 * oidc-provider with one public client (the web app), code flow with PKCE S256 only, prompt=none, refresh
 * tokens, RP-initiated logout and JWT access tokens for the API. Keys and sessions live in memory: a restart
 * signs everyone out, which is fine for a demo and never used in production (config refuses it).
 */
export function createDevProvider(options: DevProviderOptions, keys: DevKeys = createDevKeys()): DevProvider {
  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_name: 'Ledgerlight',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${options.publicUrl}/auth/callback`],
        post_logout_redirect_uris: [`${options.publicUrl}/`],
      },
    ],
    jwks: { keys: [keys.privateJwk] },
    cookies: { keys: keys.cookieKeys },
    findAccount: (_ctx, id) => findDemoAccount(id),
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email', 'email_verified'],
    },
    // The browser takes the user's name and e-mail from the ID token (the access token is for the API,
    // not for the userinfo endpoint), so the ID token carries the granted claims.
    conformIdTokenClaims: false,
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    // The API shows the signed-in user's name and e-mail (GET /api/me) from the access token alone.
    extraTokenClaims: async (_ctx, token) => {
      if (!('accountId' in token) || !token.accountId) return undefined;
      const account = await findDemoAccount(token.accountId);
      if (!account) return undefined;
      const claims = await account.claims('userinfo', '', {}, []);
      const scopes = new Set(String(token.scope ?? '').split(' '));
      return {
        ...(scopes.has('profile') ? { name: claims.name } : {}),
        ...(scopes.has('email') ? { email: claims.email } : {}),
      };
    },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/idp/interaction/${interaction.uid}` },
    // offline_access is dropped without prompt=consent (OIDC Core 11); the public client still gets a
    // refresh token so the browser can renew without a hidden iframe (spec 4).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = signedOutPage(options.publicUrl);
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== options.audience) throw new errors.InvalidTarget();
          return {
            scope: 'openid profile email offline_access',
            audience: options.audience,
            accessTokenTTL: HOUR,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    ttl: {
      AccessToken: HOUR,
      AuthorizationCode: 60,
      IdToken: HOUR,
      Interaction: HOUR,
      Grant: 14 * DAY,
      Session: DAY,
      RefreshToken: 14 * DAY,
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(String(out.error), out.error_description ? String(out.error_description) : undefined);
    },
  };

  const provider = warningsOnce(() => new Provider(options.issuer, configuration));
  // The app may run behind a TLS-terminating proxy; the issuer URL, not the socket, says https.
  provider.proxy = true;
  return { provider, publicKeys: keys.publicKeys };
}

export { DEMO_USER };
