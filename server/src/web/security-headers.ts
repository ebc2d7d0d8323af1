import type { FastifyInstance } from 'fastify';

export interface CspOptions {
  /** Extra origins the browser may call (identity provider, RPC endpoints). */
  connectOrigins?: string[];
  /** Extra origins the browser may frame (silent sign-in iframe of an external provider). */
  frameOrigins?: string[];
}

/** The app's Content-Security-Policy: scripts from our own origin only, no inline script. */
export function contentSecurityPolicy({ connectOrigins = [], frameOrigins = [] }: CspOptions = {}): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // React and the chart library set style properties from script (allowed); style attributes need this.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${['self', ...connectOrigins].map((o) => (o === 'self' ? "'self'" : o)).join(' ')}`,
    `frame-src ${["'self'", ...frameOrigins].join(' ')}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

// Swagger UI's bundle evaluates code and injects styles; it gets a policy of its own, on its own path.
const DOCS_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; object-src 'none'";

/*
 * A JSON answer is no document: a browser shows it as text and runs nothing in it, so the page's policy,
 * referrer, framing, popup and feature headers (about 700 bytes) say nothing there. It keeps nosniff and
 * a policy that allows nothing and no framing, in case it is ever opened as a page (OWASP's REST advice).
 */
const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";
const isJson = (contentType: unknown) => typeof contentType === 'string' && /^application\/json\b/i.test(contentType);

export interface SecurityHeaderOptions {
  /** Strict-Transport-Security: production only (its https PUBLIC_URL is checked at boot). */
  hsts?: boolean;
}

// Two years with subdomains, the value hstspreload.org asks for; not 'preload' itself (an operator's choice).
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * The headers that govern a document (its scripts, frames, popups, referrer, features) are left off the
 * built app's scripts, stylesheets and locale texts: the browser ignores them there, and at 700 bytes a
 * response they outweighed most of those files on a page's first load (issue 20, docs/performance.md).
 * nosniff (and HSTS) go with everything; pages keep the whole set, JSON answers the short one above.
 */
const isSubresource = (url: string, contentType: unknown) =>
  /^\/(assets|locales)\//.test(url) ||
  (typeof contentType === 'string' && /^(text\/css|(text|application)\/javascript)/i.test(contentType));

/**
 * The security headers of an answer to `url` with this content type: what the hook below sets.
 */
export function securityHeaders(
  csp: string,
  options: SecurityHeaderOptions,
): (url: string, contentType: unknown) => Record<string, string> {
  const always: Record<string, string> = {
    ...(options.hsts ? { 'strict-transport-security': HSTS } : {}),
    'x-content-type-options': 'nosniff',
  };
  const document = (policy: string): Record<string, string> => ({
    ...always,
    'content-security-policy': policy,
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'SAMEORIGIN',
    // Popups of the identity provider must be able to talk back to this window.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  });
  const pages = document(csp);
  const docs = document(DOCS_CSP);
  const json = { ...always, 'content-security-policy': JSON_CSP };
  return (url, contentType) =>
    isSubresource(url, contentType) ? always : isJson(contentType) ? json : url.startsWith('/api/docs') ? docs : pages;
}

export function registerSecurityHeaders(app: FastifyInstance, csp: string, options: SecurityHeaderOptions = {}): void {
  const headersFor = securityHeaders(csp, options);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.removeHeader('x-powered-by');
    reply.headers(headersFor(request.url, reply.getHeader('content-type')));
    return payload;
  });
}
