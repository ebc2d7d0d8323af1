import {
  type AnchorHTMLAttributes,
  Component,
  type ComponentType,
  createContext,
  type MouseEvent,
  type ReactNode,
  type Ref,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { hrefOf, type Place, placeOf, type To } from './history.ts';
import type { Match, NavigateFunction, NavigateOptions, Navigation, Router, RouterState } from './router.ts';

const RouterContext = createContext<Router | null>(null);
const StateContext = createContext<RouterState | null>(null);
const RouteContext = createContext<{ index: number; error?: unknown }>({ index: -1 });

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks are used outside <RouterProvider>');
  return router;
}

function useRouterState(): RouterState {
  const state = useContext(StateContext);
  if (!state) throw new Error('Router hooks are used outside <RouterProvider>');
  return state;
}

/**
 * Renders the router's routes. Its updates are transitions, as React Router's were: a page that
 * suspends while it renders after a navigation keeps the previous one on screen instead of a fallback.
 */
export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(router.state);
  useEffect(() => {
    const stop = router.subscribe((next) => startTransition(() => setState(next)));
    setState(router.state); // anything that changed before the subscription
    return stop;
  }, [router]);
  if (!state.initialized) return null;
  return (
    <RouterContext value={router}>
      <StateContext value={state}>
        <RouteView index={0} />
      </StateContext>
    </RouterContext>
  );
}

function RouteView({ index }: { index: number }) {
  const router = useRouter();
  const state = useRouterState();
  const match = state.matches[index];
  if (!match) return null;
  const { Component: Page, ErrorBoundary } = router.moduleOf(match.route);
  if (state.error?.index === index) {
    if (!ErrorBoundary) throw state.error.error;
    return (
      <RouteContext value={{ index, error: state.error.error }}>
        <ErrorBoundary />
      </RouteContext>
    );
  }
  const page = <RouteContext value={{ index }}>{Page ? <Page /> : <Outlet />}</RouteContext>;
  if (!ErrorBoundary) return page;
  return (
    <RenderBoundary location={state.location} index={index} fallback={ErrorBoundary}>
      {page}
    </RenderBoundary>
  );
}

interface BoundaryProps {
  location: Place;
  index: number;
  fallback: ComponentType;
  children: ReactNode;
}

/** A route's error view for an error thrown while its page renders; a new location clears it. */
class RenderBoundary extends Component<BoundaryProps, { failed: boolean; error: unknown; location: Place }> {
  override state = { failed: false, error: undefined as unknown, location: this.props.location };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { location: Place }) {
    return props.location === state.location ? null : { failed: false, error: undefined, location: props.location };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const Fallback = this.props.fallback;
    return (
      <RouteContext value={{ index: this.props.index, error: this.state.error }}>
        <Fallback />
      </RouteContext>
    );
  }
}

/** Where a parent route shows its child page. */
export function Outlet() {
  const { index } = useContext(RouteContext);
  return <RouteView index={index + 1} />;
}

export const useLocation = (): Place => useRouterState().location;
export const useNavigation = (): Navigation => useRouterState().navigation;
export const useParams = (): Match['params'] => useRouterState().matches.at(-1)?.params ?? {};
export const useNavigate = (): NavigateFunction => useRouter().navigate;
/** The error an error view shows. */
export const useRouteError = (): unknown => useContext(RouteContext).error;

type SearchParamsChange = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

/** The search parameters and their setter; a change never reloads the route, it only moves the address. */
export function useSearchParams(): [URLSearchParams, (change: SearchParamsChange, options?: NavigateOptions) => void] {
  const router = useRouter();
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (change: SearchParamsChange, options?: NavigateOptions) => {
      const next = typeof change === 'function' ? change(new URLSearchParams(router.state.location.search)) : change;
      const text = next.toString();
      void router.navigate({ search: text ? `?${text}` : '' }, options);
    },
    [router],
  );
  return [params, setParams];
}

/** Moves on render (a redirect), once mounted. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => void navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

// A click the browser should handle itself: another button, a modifier key (new tab or window, download).
const browserHandles = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined) =>
  event.defaultPrevented ||
  event.button !== 0 ||
  event.metaKey ||
  event.altKey ||
  event.ctrlKey ||
  event.shiftKey ||
  (target !== undefined && target !== '_self');

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** A plain link whose ordinary clicks navigate in the app. */
export function Link({ to, replace, state, onClick, target, children, ...rest }: LinkProps) {
  const router = useRouter();
  const href = hrefOf(placeOf(to, useLocation()));
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (browserHandles(event, target) || rest.download !== undefined) return;
    event.preventDefault();
    void router.navigate(to, { replace, state });
  };
  return (
    <a {...rest} href={href} target={target} onClick={click}>
      {children}
    </a>
  );
}
