/**
 * `@qrmenu/shared/resources`: one object per resource (its pages' patterns, query keys, API
 * calls, hooks and texts), read by the pages with the kit (`DeleteButton`, `CreateButton`,
 * `LazyDialog`, `combineQueries` in `@qrmenu/shared/ui`). A new resource: its calls in `api`, its
 * keys in `query/keys.ts`, its hooks in `query/hooks.ts`, its texts, its patterns in `paths`, then
 * its entry here.
 */

/** A POS restaurant (iiko, Poster) shows its last sync: zod-free, for the detail page. */
export { isPosType } from '../schemas/pos-providers';
export { categories, optionRows, options, products } from './catalog';
export type { Resource, ResourceTexts } from './resource';
export { managers, restaurants, stopList } from './restaurants';
