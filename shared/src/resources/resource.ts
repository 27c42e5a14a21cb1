/**
 * A resource, described once (react-admin's `<Resource>`, refine's resources as data): the pages'
 * addresses, the query keys, the API calls, the hooks and the texts of one kind of thing. Pages
 * read a resource instead of assembling the five catalogues; the definitions stay in their
 * catalogues (`paths` zod-free for the login page, `api` apart from the query client, `texts`
 * checked against the spec), the resource only gathers them.
 */
import type { RoutePatternPair } from '../paths';
import type { DeleteSpec } from '../ui';

export interface ResourceTexts {
  /** The list page's title. */
  title: string;
  /** The create button's label. */
  add?: string;
  loadError?: string;
  notFound?: string;
  empty?: string;
}

export interface Resource<T, DeleteVars = string> {
  name: string;
  /** Its pages' patterns (the admin's and the manager's), for `useRouteParams(...routes.list)`. */
  routes: Readonly<Record<string, RoutePatternPair>>;
  /** Its query keys (`queryKeys.<name>`). */
  keys: object;
  /** Its API calls (`api.<name>`). */
  api: object;
  texts: ResourceTexts;
  /** Confirm, call and toasts of its delete (`DeleteButton`, `useResourceDelete`). */
  remove?: DeleteSpec<T, DeleteVars>;
  /** Its hooks (`useList`, `useDetail`, `useCreate`, `useUpdate`, …: the `@qrmenu/shared/query` ones). */
  readonly [hook: `use${string}`]: (...args: never[]) => unknown;
}
