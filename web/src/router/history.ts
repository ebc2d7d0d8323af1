/** Where the app is: a path with its search and hash, and the state a navigation left on the entry. */
export interface Place {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

/** The session history the router reads and writes: the browser's, or an array for tests. */
export interface RouterHistory {
  location(): Place;
  push(place: Place): void;
  replace(place: Place): void;
  go(delta: number): void;
  reload(): void;
  /** Back/Forward (popstate): called with the entry moved to. */
  listen(onPop: (place: Place) => void): () => void;
}

export const hrefOf = (place: Pick<Place, 'pathname' | 'search' | 'hash'>): string =>
  `${place.pathname}${place.search}${place.hash}`;

export const newKey = (): string => Math.random().toString(36).slice(2, 10);

/** What a navigation goes to: an address (absolute, or relative to the current one) or its parts. */
export type To = string | { pathname?: string; search?: string; hash?: string };

/** The place `to` names, seen from `from` ("?a=1" keeps the path; an object without a path keeps it too). */
export function placeOf(to: To, from: Place, state?: unknown): Place {
  if (typeof to !== 'string') {
    return {
      pathname: to.pathname ?? from.pathname,
      search: to.search ?? '',
      hash: to.hash ?? '',
      state,
      key: newKey(),
    };
  }
  const url = new URL(to, `http://app${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key: newKey() };
}

// The entry's own data in history.state, the shape React Router used, so entries from before still read.
interface EntryData {
  usr?: unknown;
  key?: string;
}

export function browserHistory(): RouterHistory {
  const read = (): Place => {
    const data = (window.history.state ?? {}) as EntryData;
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: data.usr, key: data.key ?? 'default' };
  };
  const entry = (place: Place): EntryData => ({ usr: place.state, key: place.key });
  return {
    location: read,
    push: (place) => window.history.pushState(entry(place), '', hrefOf(place)),
    replace: (place) => window.history.replaceState(entry(place), '', hrefOf(place)),
    go: (delta) => window.history.go(delta),
    reload: () => window.location.reload(),
    listen(onPop) {
      const pop = () => onPop(read());
      window.addEventListener('popstate', pop);
      return () => window.removeEventListener('popstate', pop);
    },
  };
}

/** A history kept in memory, for tests: Back/Forward call the listeners at once. */
export function memoryHistory(initialEntries: string[] = ['/']): RouterHistory {
  const start: Place = { pathname: '/', search: '', hash: '', state: undefined, key: 'default' };
  const entries = initialEntries.map((href) => placeOf(href, start));
  let index = entries.length - 1;
  const listeners = new Set<(place: Place) => void>();
  const current = () => entries[index] ?? start;
  const notify = () => {
    for (const listener of listeners) listener(current());
  };
  return {
    location: current,
    push(place) {
      index += 1;
      entries.splice(index, entries.length, place);
    },
    replace(place) {
      entries[index] = place;
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      notify();
    },
    reload: notify,
    listen(onPop) {
      listeners.add(onPop);
      return () => listeners.delete(onPop);
    },
  };
}
