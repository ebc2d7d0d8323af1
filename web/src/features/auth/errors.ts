/**
 * Sign-in errors with the texts and codes of spec 8. `code` is what the UI branches on; `message` keeps
 * the spec's wording (or the provider's error_description) for logs.
 */
export type AuthErrorCode =
  | 'login_required'
  | 'consent_required'
  | 'interaction_required'
  | 'account_selection_required'
  | 'access_denied'
  | 'invalid_state'
  | 'no_query_params'
  | 'timeout'
  | 'popup_open_failed'
  | 'missing_refresh_token'
  | 'invalid_id_token'
  | 'configuration'
  /** Production, at an address other than PUBLIC_URL: the provider sends people back to PUBLIC_URL only. */
  | 'wrong_address'
  /** The provider did not answer at all (network, DNS, a refused connection, the page's CSP). */
  | 'unreachable'
  | 'provider_error';

export const AUTH_MESSAGES = {
  invalid_state: 'Invalid state',
  no_query_params: 'There are no query params available for parsing.',
  popup_open_failed: 'Could not open popup',
  timeout: 'Timeout',
  missing_refresh_token: 'The web worker is missing the refresh token',
} as const;

export class AuthError extends Error {
  constructor(
    readonly code: AuthErrorCode,
    message: string,
    /** The provider's error and error_description, when it sent them. */
    readonly providerError?: { error: string; error_description?: string | undefined },
    /** The address the message names: the app's configured one (wrong_address), the provider's (unreachable). */
    readonly address?: string,
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

const PROVIDER_CODES = new Set<AuthErrorCode>([
  'login_required',
  'consent_required',
  'interaction_required',
  'account_selection_required',
  'access_denied',
]);

/** Turns whatever the OIDC library or the provider threw into an AuthError. */
export function toAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  const fields = (error ?? {}) as { error?: unknown; error_description?: unknown; message?: unknown };
  if (typeof fields.error === 'string') {
    const code = PROVIDER_CODES.has(fields.error as AuthErrorCode) ? (fields.error as AuthErrorCode) : 'provider_error';
    const description = typeof fields.error_description === 'string' ? fields.error_description : undefined;
    return new AuthError(code, description ?? fields.error, { error: fields.error, error_description: description });
  }
  const message = typeof fields.message === 'string' ? fields.message : String(error);
  if (/No matching state found|State does not match/i.test(message))
    return new AuthError('invalid_state', AUTH_MESSAGES.invalid_state);
  if (/No response_mode|No state in response|no query params/i.test(message))
    return new AuthError('no_query_params', AUTH_MESSAGES.no_query_params);
  if (/opening popup|open popup/i.test(message))
    return new AuthError('popup_open_failed', AUTH_MESSAGES.popup_open_failed);
  if (/timed out|timeout/i.test(message)) return new AuthError('timeout', AUTH_MESSAGES.timeout);
  // fetch's own failure (Chromium, Firefox, Safari): nothing answered, which "Failed to fetch" does not say.
  if (/Failed to fetch|NetworkError|Load failed/i.test(message)) return new AuthError('unreachable', message);
  return new AuthError('provider_error', message);
}
