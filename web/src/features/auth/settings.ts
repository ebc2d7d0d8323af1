import { type AuthConfigResponse, authConfigResponse, cacheLocations } from '@app/contract';
import { apiRequest } from '../../api/client.ts';
import { AuthError } from './errors.ts';

/**
 * The browser's sign-in settings come from the server (GET /api/auth/config), so one build works with
 * any provider. spec 5: the cache location must be memory or local storage, and the login client needs a
 * secure origin and a crypto facility; anything else is a configuration error.
 */
export function checkAuthSettings(
  settings: AuthConfigResponse,
  env: { secure: boolean; crypto: boolean; origin: string },
): void {
  if (!(cacheLocations as readonly string[]).includes(settings.cacheLocation))
    throw new AuthError(
      'configuration',
      `Invalid cache location "${settings.cacheLocation}": use memory or localstorage`,
    );
  // An external provider sends people back to PUBLIC_URL only (its registered redirect address); the
  // development provider answers at whatever address the browser used (server: auth/oidc/setup.ts).
  const configured = new URL(settings.publicUrl).origin;
  if (!settings.devProvider && configured !== env.origin)
    throw new AuthError(
      'wrong_address',
      `This app is configured for ${configured}, not ${env.origin}`,
      undefined,
      configured,
    );
  if (!env.secure) throw new AuthError('configuration', 'Sign-in needs a secure origin (https or localhost)');
  if (!env.crypto) throw new AuthError('configuration', 'Sign-in needs the Web Crypto API (crypto.subtle)');
}

export async function loadAuthSettings(): Promise<AuthConfigResponse> {
  const body = await apiRequest<unknown>('/api/auth/config');
  const parsed = authConfigResponse.safeParse(body);
  if (!parsed.success) throw new AuthError('configuration', 'The server sent unusable sign-in settings');
  checkAuthSettings(parsed.data, {
    secure: window.isSecureContext,
    crypto: !!globalThis.crypto?.subtle,
    origin: window.location.origin,
  });
  return parsed.data;
}
