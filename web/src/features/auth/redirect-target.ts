/**
 * /auth/login?redirectUri=: only a path on this site is a redirect target. An absolute URL, a
 * protocol-relative one (//evil.example) or a backslash trick (/\evil.example) goes home instead.
 */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters (tabs, newlines) are dropped by URL parsing and can turn a path into a host.
  for (const char of value) if (char.charCodeAt(0) < 0x20) return '/';
  try {
    const base = 'https://same-origin.invalid';
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}

export const loginPath = (returnTo: string) =>
  `/auth/login?redirectUri=${encodeURIComponent(safeRedirectTarget(returnTo))}`;
