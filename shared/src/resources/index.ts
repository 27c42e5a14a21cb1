/**
 * `@qrmenu/shared/resources`: one object per resource (its pages' patterns, texts, hooks and
 * delete), read by the pages with the kit (`useResourceList`, `ListPage`, `ListState`,
 * `DeleteButton`, `combineQueries` in `@qrmenu/shared/ui`). A new resource: its calls in `api`,
 * its keys in `query/keys.ts`, its hooks in `query/hooks.ts`, its texts, its patterns in `paths`,
 * then its entry here with what its pages read.
 */

/** A POS restaurant (iiko, Poster) shows its last sync: zod-free, for the detail page. */
export { isPosType } from '../schemas/pos-providers';
export { REPORT_KINDS, REPORT_LIMITS } from '../schemas/report-kinds';
export { categories, optionRows, options, products, translations } from './catalog';
export { orders } from './orders';
export { reports } from './reports';
export { restaurants, stopList } from './restaurants';
