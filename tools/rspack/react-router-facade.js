/**
 * What the host and remotes may use of react-router / react-router-dom, shared once.
 * A shared singleton is bundled whole; react-router's package also carries server rendering,
 * sessions, cookies and RSC. This facade is provided under both share keys (`react-router` and
 * `react-router-dom`), so only the client API below is bundled (tree-shaken from the package).
 * It is a contract between host and remotes: add a name here (and rebuild the shell) before a
 * remote uses it; a name missing here fails that remote's build.
 */

export { RouterProvider } from 'qrmenu-react-router-dom-impl';
export {
  BrowserRouter,
  createBrowserRouter,
  createHashRouter,
  createMemoryRouter,
  createPath,
  createRoutesFromElements,
  createSearchParams,
  generatePath,
  HashRouter,
  isRouteErrorResponse,
  Link,
  MemoryRouter,
  matchPath,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  parsePath,
  Route,
  Router,
  Routes,
  redirect,
  resolvePath,
  useBlocker,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLoaderData,
  useLocation,
  useMatch,
  useMatches,
  useNavigate,
  useNavigation,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRouteError,
  useRoutes,
  useSearchParams,
} from 'qrmenu-react-router-impl';
