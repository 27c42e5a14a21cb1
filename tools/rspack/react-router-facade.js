/**
 * What the host and remotes may use of react-router / react-router-dom, shared once.
 * A shared singleton is bundled whole; react-router's package also carries server rendering,
 * sessions, cookies and RSC. This facade is provided under both share keys (`react-router` and
 * `react-router-dom`), so only the client API below is bundled (tree-shaken from the package).
 * Declarative mode only (`BrowserRouter` + `useRoutes`/`Routes`): the data router
 * (`createBrowserRouter`, `RouterProvider`, loaders, `useBlocker`...) is ~17 KiB gzip more on
 * every page, the login page included, and nothing here uses loaders or actions.
 * It is a contract between host and remotes: add a name here (and rebuild the shell) before a
 * remote uses it; a name missing here fails that remote's build. Names nothing used
 * (`HashRouter`, `useSearchParams`, `useMatch`, `useOutlet`...) were dropped: -0.6 KiB gzip on the
 * login page.
 */

export {
  BrowserRouter,
  createPath,
  createRoutesFromElements,
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
  resolvePath,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useNavigate,
  useParams,
  useResolvedPath,
  useRoutes,
} from 'qrmenu-react-router-impl';
