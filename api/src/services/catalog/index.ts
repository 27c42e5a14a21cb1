/**
 * `app.catalog`: the menu's service, one part per entity (each file's header says which rules it
 * owns): categories, products, options and their rows (with their moves and translations), the
 * stop-list, a whole menu at once, and a source's menu (import and sync).
 */
import type { ServiceContext } from '../context';
import { categoriesService } from './categories';
import { menuService } from './menu';
import { optionRowsService, optionsService } from './options';
import { productsService } from './products';
import { sourceService } from './source';
import { stopListService } from './stop-list';

export function catalogService(context: ServiceContext) {
  return {
    categories: categoriesService(context),
    products: productsService(context),
    options: optionsService(context),
    optionRows: optionRowsService(context),
    stopList: stopListService(context),
    menu: menuService(context),
    source: sourceService(context),
  };
}

export type CatalogService = ReturnType<typeof catalogService>;
export type { MenuCategory, MenuRows } from './menu';
export type { SyncCounts } from './source';
