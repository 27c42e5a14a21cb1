/**
 * A resource, described once (react-admin's `<Resource>`, refine's resources as data): what its
 * pages read of it, gathered from the catalogues that define it (`paths` stays zod-free for the
 * login page, `texts` is the one Uzbek catalogue, the hooks are `@qrmenu/shared/query`'s). A list
 * page reads its texts and `remove` through the kit (`useResourceList`, `ListPage`, `ListState`).
 * Only what a page reads is here.
 */
import type { RoutePatternPair } from '../paths';
import type { DeleteSpec } from '../ui';

export interface ResourceTexts {
  /** The list page's title. */
  title?: string;
  /** The create button's label. */
  add?: string;
  loadError?: string;
  notFound?: string;
  empty?: string;
}

export interface Resource<T, DeleteVars = string> {
  /** Its pages' patterns (the admin's and the manager's), for `useRouteParams(...routes.list)`. */
  routes?: Readonly<Record<string, RoutePatternPair>>;
  texts?: ResourceTexts;
  /** Confirm, call and toasts of its delete (`DeleteButton`, `useResourceDelete`, `ListPage`). */
  remove?: DeleteSpec<T, DeleteVars>;
  /** Its hooks (`useList`, `useDetail`, …: the `@qrmenu/shared/query` ones). */
  readonly [hook: `use${string}`]: (...args: never[]) => unknown;
}
