/**
 * The catalog's resources: categories, products, options, option rows, and the page of what is
 * still untranslated. Written `as const satisfies Resource<…>` so that the route literals (typed
 * params) and the hooks keep their types.
 */
import { ROUTES } from '../paths';
import * as q from '../query';
import type { Category, OptionRow, Product, ProductOption } from '../schemas';
import { t } from '../texts';
import type { DeleteSpec } from '../ui';
import type { Resource } from './resource';

const A = ROUTES.admin;
const M = ROUTES.manager;

/** A catalogue thing's delete: by its id, named in the question by `label`. */
const removeById = <T extends { _id: string }>(
  use: DeleteSpec<T, string>['use'],
  label: (item: T) => string,
  texts: Pick<DeleteSpec<T, string>, 'warning' | 'warningColor' | 'success' | 'error'>,
): DeleteSpec<T, string> => ({ use, variables: (item) => item._id, label, ...texts });

export const categories = {
  routes: { list: [A.categories, M.categories] },
  texts: {
    title: t.categories,
    add: t.addCategory,
    loadError: t.categoriesLoadError,
    notFound: t.categoryNotFound,
    empty: t.noCategories,
  },
  /** A restaurant's categories (`restaurantId` required for admins; a manager's are its own). */
  useList: q.useManagerCategories,
  remove: removeById(q.useDeleteCategory, (c) => c.title, {
    warning: t.categoryDeleteWarning,
    warningColor: 'red.700',
    success: t.categoryDeleted,
    error: t.categoryDeleteError,
  }),
} as const satisfies Resource<Category>;

export const products = {
  routes: { list: [A.products, M.products], detail: [A.product, M.product] },
  texts: {
    title: t.products,
    add: t.addProduct,
    loadError: t.productsLoadError,
    notFound: t.productNotFound,
    empty: t.noProducts,
  },
  /**
   * Every product of a restaurant (`/manager/products`; a manager's own without an id): the one
   * set of rows the product table (filtered by category) and the stop-list read, under one key.
   */
  useList: q.useManagerProducts,
  useDetail: q.useProductDetail,
  remove: removeById(q.useDeleteProduct, (p) => p.name, {
    warning: t.productDeleteWarning,
    success: t.productDeleted,
    error: t.productDeleteError,
  }),
} as const satisfies Resource<Product>;

export const options = {
  routes: { list: [A.productOptions, M.productOptions] },
  texts: {
    title: t.options,
    add: t.addOption,
    loadError: t.listLoadError,
    notFound: t.productNotFound,
    empty: t.noOptions,
  },
  useList: q.useProductOptions,
  remove: removeById(q.useDeleteOption, (o) => o.name, {
    warning: t.optionDeleteWarning,
    success: t.optionDeleted,
    error: t.optionDeleteError,
  }),
} as const satisfies Resource<ProductOption>;

export const optionRows = {
  routes: { list: [A.optionRows, M.optionRows] },
  texts: {
    title: t.optionRows,
    add: t.addOptionRow,
    loadError: t.listLoadError,
    notFound: t.optionNotFound,
    empty: t.noOptionRows,
  },
  useList: q.useOptionRows,
  remove: removeById(q.useDeleteOptionRow, (r) => r.name, {
    success: t.optionRowDeleted,
    error: t.optionDeleteError,
  }),
} as const satisfies Resource<OptionRow>;

/** What is still untranslated in a restaurant, one language at a time (its items are forms). */
export const translations = {
  routes: { list: [A.untranslated, M.untranslated] },
  texts: { title: t.translations.title, loadError: t.listLoadError },
} as const satisfies Resource<never>;
