export {
  Link,
  Navigate,
  Outlet,
  RouterProvider,
  useLocation,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
} from './components.tsx';
export { browserHistory, memoryHistory, type Place, type To } from './history.ts';
export { createRouter, decodeSegment, type RouteModule, type RouteObject, type Router } from './router.ts';
