/**
 * spec 4/9: "login state is remembered with a marker that lasts 1 day". While it is there, a page load
 * asks the provider silently; without it an anonymous visitor's page load does not contact the provider.
 */
const KEY = 'auth.loggedIn';
export const LOGIN_MARKER_MS = 24 * 60 * 60 * 1000;

export function setLoginMarker(now = Date.now()): void {
  localStorage.setItem(KEY, String(now + LOGIN_MARKER_MS));
}

export function hasLoginMarker(now = Date.now()): boolean {
  const until = Number(localStorage.getItem(KEY));
  if (Number.isFinite(until) && until > now) return true;
  localStorage.removeItem(KEY);
  return false;
}

export function clearLoginMarker(): void {
  localStorage.removeItem(KEY);
}
