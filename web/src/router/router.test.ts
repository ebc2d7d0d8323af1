import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserHistory, memoryHistory } from './history.ts';
import { createRouter, matchRoutes, type RouteObject } from './router.ts';

const Page = () => null;

/** A lazy module that arrives when the test says so. */
function gate() {
  let open: () => void = () => undefined;
  const arrived = new Promise<{ Component: typeof Page }>((resolve) => {
    open = () => resolve({ Component: Page });
  });
  return { lazy: () => arrived, open };
}

const languageRoots = (pages: RouteObject[]): RouteObject[] =>
  ['/', '/de'].map((path) => ({ id: `root${path}`, path, children: pages }));

const pages: RouteObject[] = [
  { index: true, id: 'home', Component: Page },
  { path: 'stocks/:ticker/:tab?', id: 'stock', Component: Page },
  { path: '*', id: 'not-found', Component: Page },
];

const ids = (routes: RouteObject[], path: string) => matchRoutes(routes, path).map((match) => match.route.id);

describe('matching', () => {
  it('picks the most specific branch: a language root over a catch-all, a static segment over a parameter', () => {
    const routes = [{ path: '/auth/login', id: 'login' }, ...languageRoots(pages)];
    expect(ids(routes, '/')).toEqual(['root/', 'home']);
    expect(ids(routes, '/de')).toEqual(['root/de', 'home']);
    expect(ids(routes, '/de/')).toEqual(['root/de', 'home']);
    expect(ids(routes, '/de/stocks/ACME')).toEqual(['root/de', 'stock']);
    expect(ids(routes, '/de/nothing')).toEqual(['root/de', 'not-found']);
    expect(ids(routes, '/stocks')).toEqual(['root/', 'not-found']);
    expect(ids(routes, '/auth/login')).toEqual(['login']);
  });

  it('reads parameters, optional ones and encoded ones', () => {
    const routes = languageRoots(pages);
    expect(matchRoutes(routes, '/stocks/BRK%2EB/financials')[1]?.params).toEqual({
      ticker: 'BRK.B',
      tab: 'financials',
    });
    expect(matchRoutes(routes, '/stocks/ACME')[1]?.params).toEqual({ ticker: 'ACME' });
    expect(matchRoutes(routes, '/stocks/ACME/financials/more')[1]?.route.id).toBe('not-found');
  });
});

describe('navigation', () => {
  it("waits for the page's code and the root's loader before it commits, and runs the loader only on entering the root", async () => {
    const slow = gate();
    const loader = vi.fn(async (_url: URL) => undefined);
    const routes: RouteObject[] = ['/', '/de'].map((path) => ({
      path,
      loader,
      children: [
        { index: true, Component: Page },
        { path: 'slow', lazy: slow.lazy },
      ],
    }));
    const router = createRouter(routes, memoryHistory(['/']));
    await router.ready;
    expect(loader).toHaveBeenCalledTimes(1);

    const moving = router.navigate('/slow');
    expect(router.state.navigation).toMatchObject({ state: 'loading', location: { pathname: '/slow' } });
    expect(router.state.location.pathname).toBe('/');
    slow.open();
    await moving;
    expect(router.state.navigation.state).toBe('idle');
    expect(router.state.location.pathname).toBe('/slow');

    // A search-parameter change: no loading state, no loader.
    void router.navigate('?range=5y');
    expect(router.state.location.search).toBe('?range=5y');
    expect(router.state.navigation.state).toBe('idle');
    expect(loader).toHaveBeenCalledTimes(1);

    await router.navigate('/de/slow');
    expect(loader).toHaveBeenCalledTimes(2);
    expect(loader.mock.calls[1]?.[0]).toEqual(new URL('http://app/de/slow'));
  });

  it('lets a later navigation win over one still loading', async () => {
    const slow = gate();
    const routes: RouteObject[] = [
      { path: '/', Component: Page },
      { path: '/slow', lazy: slow.lazy },
      { path: '/fast', Component: Page },
    ];
    const history = memoryHistory(['/']);
    const router = createRouter(routes, history);
    await router.ready;
    const first = router.navigate('/slow');
    await router.navigate('/fast');
    slow.open();
    await first;
    expect(router.state.location.pathname).toBe('/fast');
    expect(history.location().pathname).toBe('/fast');
  });

  it('puts a failed lazy module at the nearest error view and leaves the loading state', async () => {
    const Oops = () => null;
    const routes: RouteObject[] = [
      {
        path: '/',
        ErrorBoundary: Oops,
        children: [{ path: 'broken', lazy: () => Promise.reject(new Error('chunk failed')) }],
      },
    ];
    const router = createRouter(routes, memoryHistory(['/broken']));
    await router.ready;
    expect(router.state.error).toMatchObject({ index: 0, error: new Error('chunk failed') });
    expect(router.state.navigation.state).toBe('idle');
  });

  it('pushes new entries, replaces when asked or when going where it already is, and keeps the entry state', async () => {
    const history = memoryHistory(['/']);
    const router = createRouter([{ path: '*', Component: Page }], history);
    await router.ready;
    await router.navigate('/a', { state: 'opened-here' });
    await router.navigate('/b', { replace: true });
    await router.navigate('/b');
    expect(router.state.location.pathname).toBe('/b');
    await router.navigate(-1);
    expect(router.state.location).toMatchObject({ pathname: '/', state: undefined });
    await router.navigate(1);
    expect(router.state.location.pathname).toBe('/b');
    await router.navigate({ search: '?x=1' }, { state: 'opened-here' });
    await router.navigate(-1);
    await router.navigate(1);
    expect(router.state.location).toMatchObject({ pathname: '/b', search: '?x=1', state: 'opened-here' });
  });
});

describe('the browser history', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('writes the address and follows Back and Forward (popstate)', async () => {
    window.history.replaceState(null, '', '/start');
    const router = createRouter([{ path: '*', Component: Page }], browserHistory());
    await router.ready;
    await router.navigate('/next?tab=1', { state: 'mine' });
    expect(window.location.pathname + window.location.search).toBe('/next?tab=1');
    window.history.replaceState(null, '', '/start');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(router.state.location.pathname).toBe('/start');
    router.dispose();
  });
});
