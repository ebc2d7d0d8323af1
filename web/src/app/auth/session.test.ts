import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * Issue 20: a signed-out page load decides "not signed in" without the sign-in code or the server's
 * sign-in settings, and logs nothing; someone who signed in here (the 1-day marker) gets the silent check.
 */
describe('the page-load sign-in check', () => {
  const fetched: string[] = [];
  beforeEach(() => {
    vi.resetModules();
    localStorage.clear();
    fetched.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        fetched.push(String(input));
        return new Response(JSON.stringify({ error: { code: 'x', message: 'not here' } }), { status: 503 });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('is signed out at once for a visitor nobody signed in as, loading nothing and logging nothing', async () => {
    const logged = vi.spyOn(console, 'error');
    const warned = vi.spyOn(console, 'warn');
    const { authStore, startAuth } = await import('./session.ts');
    // From the first render: no "Checking sign-in…" turning into "Sign in" (the header moved), no second
    // render when the check runs (the same snapshot).
    const first = authStore.getSnapshot();
    expect(first.combined).toBe('not-authenticated');
    await startAuth('');
    expect(authStore.getSnapshot()).toBe(first);
    expect(authStore.getSnapshot().idp.error).toBeNull();
    expect(fetched).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
    expect(warned).not.toHaveBeenCalled();
  });

  it('asks the server for its sign-in settings when someone signed in here within a day', async () => {
    const { setLoginMarker } = await import('../../features/auth/login-marker.ts');
    setLoginMarker();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { authStore, startAuth } = await import('./session.ts');
    // Checking until the provider answers: a signed-in reader never sees "Sign in" first.
    expect(authStore.getSnapshot().combined).toBe('in-progress');
    await startAuth('');
    expect(fetched.some((url) => url.includes('/api/auth/config'))).toBe(true);
    // The settings did not come (503 here): signed out, with the reason kept.
    expect(authStore.getSnapshot().combined).toBe('not-authenticated');
    expect(authStore.getSnapshot().idp.error).not.toBeNull();
  });
});
