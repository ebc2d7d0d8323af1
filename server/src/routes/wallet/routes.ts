import {
  errorBody,
  WALLET_CHAINS,
  walletAddressQuery,
  walletConfigResponse,
  walletLoginResponse,
  walletNonceQuery,
  walletNonceResponse,
  walletVerifyBody,
} from '@app/contract';
import type { Hex } from 'viem';
import { getAddress } from 'viem';
import { z } from 'zod';
import { browserRpcUrl, walletRpcUrls } from '../../auth/wallet/chains.ts';
import { issueWalletMessage, verifyWalletLogin } from '../../auth/wallet/login.ts';
import { resolveTokenSecret } from '../../auth/wallet/secret.ts';
import { closeWalletSession, openWalletSession, readWalletSession } from '../../auth/wallet/sessions.ts';
import type { AppContext, ZodApp } from '../../context.ts';
import { unauthorized } from '../../http/errors.ts';

const tags = ['wallet sign-in'];
const optionalAddressQuery = walletAddressQuery.partial();

/** Sign-in with an Ethereum wallet (spec 7): EIP-4361 messages, verification and server-side sessions. */
export function walletRoutes(app: ZodApp, { config, database }: AppContext): void {
  const db = database.db;
  const secure = config.PUBLIC_URL.startsWith('https:');
  let secret: Promise<string> | undefined;
  const tokenSecret = () => {
    secret ??= resolveTokenSecret(config, db).catch((error: unknown) => {
      secret = undefined; // retry on the next request (database briefly away)
      throw error;
    });
    return secret;
  };

  app.get(
    '/api/auth/wallet/config',
    {
      schema: {
        tags,
        summary: 'What the browser needs to connect wallets',
        response: { 200: walletConfigResponse },
      },
    },
    async () => {
      const rpc = walletRpcUrls(config);
      return {
        chains: WALLET_CHAINS.map(({ id, name }) => ({ id, name, rpcUrl: browserRpcUrl(id, rpc) })),
        walletConnectProjectId: config.WALLETCONNECT_PROJECT_ID ?? null,
        termsUrl: config.TERMS_URL ?? null,
        privacyUrl: config.PRIVACY_URL ?? null,
        appName: 'Ledgerlight',
        appUrl: config.PUBLIC_URL,
      };
    },
  );

  app.get(
    '/api/auth/wallet/nonce',
    {
      schema: {
        tags,
        summary: 'A fresh EIP-4361 message to sign',
        description: 'The message names this server (PUBLIC_URL), the chain, and expires 10 minutes after issue.',
        querystring: walletNonceQuery,
        response: { 200: walletNonceResponse, 400: errorBody },
      },
    },
    async (request, reply) => {
      const issued = await issueWalletMessage(db, config, await tokenSecret(), request.query);
      reply.header('cache-control', 'no-store');
      return issued;
    },
  );

  app.post(
    '/api/auth/wallet/verify-login',
    {
      schema: {
        tags,
        summary: 'Sign in with a signed message',
        description: 'Verifies the signature, consumes the nonce once and opens a session (httpOnly cookie).',
        querystring: walletAddressQuery,
        body: walletVerifyBody,
        response: { 200: walletLoginResponse, 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      const login = await verifyWalletLogin(db, config, await tokenSecret(), {
        address: request.query.address,
        token: request.body.token,
        signature: request.body.signature as Hex,
      });
      await openWalletSession(db, reply, { ...login, secure, now: new Date() });
      reply.header('cache-control', 'no-store');
      return { address: login.address };
    },
  );

  app.get(
    '/api/auth/wallet/test-login',
    {
      schema: {
        tags,
        summary: 'The address of the wallet session',
        description: 'With ?address=, the session must be for that address (case-insensitive), else 401.',
        querystring: optionalAddressQuery,
        response: { 200: walletLoginResponse, 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const session = await readWalletSession(db, request);
      if (!session) throw unauthorized('No wallet session');
      const asked = request.query.address?.toLowerCase();
      if (asked !== undefined && asked !== session.address)
        throw unauthorized('The wallet session is for another address');
      return { address: getAddress(session.address) };
    },
  );

  app.post(
    '/api/auth/wallet/clear-login',
    {
      schema: { tags, summary: 'End the wallet session', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await closeWalletSession(db, request, reply);
      return reply.status(204).send(null);
    },
  );
}
