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
 * nosniff (and HSTS) go with everything; pages and API answers keep the whole set.
 */
const isSubresource = (url: string, contentType: unknown) =>
  /^\/(assets|locales)\//.test(url) ||
  (typeof contentType === 'string' && /^(text\/css|(text|application)\/javascript)/i.test(contentType));

export function registerSecurityHeaders(app: FastifyInstance, csp: string, options: SecurityHeaderOptions = {}): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (options.hsts) reply.header('strict-transport-security', HSTS);
    reply.header('x-content-type-options', 'nosniff');
    reply.removeHeader('x-powered-by');
    if (isSubresource(request.url, reply.getHeader('content-type'))) return payload;
    const docs = request.url.startsWith('/api/docs');
    reply.header('content-security-policy', docs ? DOCS_CSP : csp);
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    // Popups of the identity provider must be able to talk back to this window.
    reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    return payload;
  });
}
