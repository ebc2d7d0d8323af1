import type { ComponentType } from 'react';
import { hrefOf, type Place, placeOf, type RouterHistory, type To } from './history.ts';

/** What a lazy route module gives: the page, and optionally its own error view. */
export interface RouteModule {
  Component?: ComponentType;
  ErrorBoundary?: ComponentType;
}

export interface RouteObject extends RouteModule {
  id?: string;
  /** Relative to the parent's; ":name" a parameter, ":name?" an optional one, "*" the rest of the path. */
  path?: string;
  index?: boolean;
  /** The route's code, loaded before a navigation to it completes. */
  lazy?: () => Promise<RouteModule>;
  /**
   * Work done before the route shows: when it is entered, never again while it stays matched (a
   * search-parameter change or a move between its child pages does not run it).
   */
  loader?: (url: URL) => Promise<unknown>;
  children?: RouteObject[];
}

export interface Match {
  route: RouteObject;
  params: Record<string, string | undefined>;
}

export interface Navigation {
  state: 'idle' | 'loading';
  /** Where a loading navigation goes. */
  location?: Place;
}

export interface RouterState {
  location: Place;
  /** From the outermost route to the page. */
  matches: Match[];
  navigation: Navigation;
  /** A route's code or loader failed: the error, shown by the error view of the route at `index`. */
  error?: { index: number; error: unknown };
  initialized: boolean;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: To | number, options?: NavigateOptions) => Promise<void>;

export interface Router {
  readonly state: RouterState;
  /** Resolves once the first route's code and loaders are in. */
  readonly ready: Promise<void>;
  navigate: NavigateFunction;
  subscribe(listener: (state: RouterState) => void): () => void;
  /** The route's page and error view, its lazy module's included once loaded. */
  moduleOf(route: RouteObject): RouteModule;
  dispose(): void;
}

interface Branch {
  routes: RouteObject[];
  pattern: string[];
  score: number;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

// A static segment outranks a parameter, which outranks an optional one; "*" matches last.
const weight = (part: string) => (part === '*' ? -2 : part.startsWith(':') ? (part.endsWith('?') ? 2 : 3) : 10);

function flatten(routes: RouteObject[], parents: RouteObject[] = [], base: string[] = [], out: Branch[] = []) {
  for (const route of routes) {
    const pattern = [...base, ...segmentsOf(route.path ?? '')];
    const chain = [...parents, route];
    if (route.children?.length) flatten(route.children, chain, pattern, out);
    else out.push({ routes: chain, pattern, score: pattern.reduce((sum, part) => sum + weight(part), 0) });
  }
  return out;
}

/** A path segment decoded as the router's params are; a malformed escape is kept as it is. */
export const decodeSegment = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

function matchPattern(pattern: string[], segments: string[]): Match['params'] | null {
  const params: Match['params'] = {};
  let at = 0;
  for (const part of pattern) {
    const segment = segments[at];
    if (part === '*') {
      params['*'] = segments.slice(at).map(decodeSegment).join('/');
      return params;
    }
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      if (segment === undefined) {
        if (optional) continue;
        return null;
      }
      params[part.slice(1, optional ? -1 : undefined)] = decodeSegment(segment);
    } else if (segment?.toLowerCase() !== part.toLowerCase()) {
      return null;
    }
    at += 1;
  }
  return at === segments.length ? params : null;
}

/** The best ranked branch matching the path (ties: the first declared). */
export function matchRoutes(routes: RouteObject[] | Branch[], pathname: string): Match[] {
  const branches = isBranches(routes) ? routes : rank(routes);
  const segments = segmentsOf(pathname);
  for (const branch of branches) {
    const params = matchPattern(branch.pattern, segments);
    if (params) return branch.routes.map((route) => ({ route, params }));
  }
  return [];
}

const isBranches = (items: RouteObject[] | Branch[]): items is Branch[] =>
  items[0] !== undefined && 'pattern' in items[0];
const rank = (routes: RouteObject[]) => flatten(routes).sort((a, b) => b.score - a.score);

export function createRouter(routes: RouteObject[], history: RouterHistory): Router {
  const branches = rank(routes);
  const modules = new Map<RouteObject, RouteModule>();
  const listeners = new Set<(state: RouterState) => void>();
  let latest = 0;
  let state: RouterState = {
    location: history.location(),
    matches: [],
    navigation: { state: 'idle' },
    initialized: false,
  };

  const moduleOf = (route: RouteObject): RouteModule => ({ ...route, ...modules.get(route) });
  const update = (change: Partial<RouterState>) => {
    state = { ...state, ...change };
    for (const listener of listeners) listener(state);
  };

  /** The code and loaders a move to `matches` waits for; each settles to the index of a failure or -1. */
  function work(place: Place, matches: Match[]): Array<Promise<{ index: number; error: unknown } | null>> {
    const kept = state.error ? state.matches.slice(0, state.error.index) : state.matches;
    const url = new URL(hrefOf(place), 'http://app');
    const jobs: Array<Promise<{ index: number; error: unknown } | null>> = [];
    matches.forEach(({ route }, index) => {
      const fail = (error: unknown) => ({ index, error });
      const { lazy, loader } = route;
      if (lazy && !modules.has(route)) {
        const loaded = (module: RouteModule) => {
          modules.set(route, module);
          return null;
        };
        jobs.push(lazy().then(loaded, fail));
      }
      if (loader && kept[index]?.route !== route) jobs.push(loader(url).then(() => null, fail));
    });
    return jobs;
  }

  /** The error goes to the nearest route at or above the one that failed with an error view. */
  function placeError(matches: Match[], failures: Array<{ index: number; error: unknown } | null>) {
    const first = failures.reduce<{ index: number; error: unknown } | null>(
      (found, failure) => (failure && (!found || failure.index < found.index) ? failure : found),
      null,
    );
    if (!first) return undefined;
    let index = first.index;
    while (index > 0 && !moduleOf((matches[index] as Match).route).ErrorBoundary) index -= 1;
    return { index, error: first.error };
  }

  function go(place: Place, action: 'push' | 'replace' | 'pop' | 'start'): Promise<void> {
    const id = ++latest;
    const matches = matchRoutes(branches, place.pathname);
    const commit = (error: RouterState['error']) => {
      if (id !== latest) return; // a later navigation took over
      if (action === 'push') history.push(place);
      else if (action === 'replace') history.replace(place);
      update({ location: place, matches, navigation: { state: 'idle' }, error, initialized: true });
    };
    if (matches.length === 0) {
      commit({ index: 0, error: new Error(`No route matches ${place.pathname}`) });
      return Promise.resolve();
    }
    const jobs = work(place, matches);
    // Nothing to wait for (a search-parameter change, a page whose code is in): the move is immediate.
    if (jobs.length === 0) {
      commit(undefined);
      return Promise.resolve();
    }
    if (state.initialized) update({ navigation: { state: 'loading', location: place } });
    return Promise.all(jobs).then((failures) => commit(placeError(matches, failures)));
  }

  const navigate: NavigateFunction = (to, options = {}) => {
    if (typeof to === 'number') {
      if (to === 0) history.reload();
      else history.go(to);
      return Promise.resolve();
    }
    const place = placeOf(to, state.location, options.state);
    // Going to where one already is replaces the entry, as a link to the current page does in a browser.
    const replace = options.replace ?? hrefOf(place) === hrefOf(state.location);
    return go(place, replace ? 'replace' : 'push');
  };

  const subscribe = (listener: (state: RouterState) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  const ready = new Promise<void>((resolve) => {
    const stop = subscribe((next) => {
      if (!next.initialized) return;
      stop();
      resolve();
    });
  });
  const stopListening = history.listen((place) => void go(place, 'pop'));
  void go(state.location, 'start');

  return {
    get state() {
      return state;
    },
    ready,
    navigate,
    moduleOf,
    subscribe,
    dispose: stopListening,
  };
}
