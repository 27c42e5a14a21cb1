/**
 * The catalog's resources: categories, products, options, option rows. Written `as const
 * satisfies Resource<…>` so that the route literals (typed params) and the hooks keep their types.
 */
import { api } from '../api';
import { ROUTES } from '../paths';
import {
  queryKeys,
  useCreateCategory,
  useCreateOption,
  useCreateOptionRow,
  useCreateProduct,
  useDeleteCategory,
  useDeleteOption,
  useDeleteOptionRow,
  useDeleteProduct,
  useManagerCategories,
  useManagerProducts,
  useOptionRows,
  useProductDetail,
  useProductOptions,
  useUpdateCategory,
  useUpdateOption,
  useUpdateOptionRow,
  useUpdateProduct,
} from '../query';
import type { Category, OptionRow, Product, ProductOption } from '../schemas';
import { t } from '../texts';
import type { Resource } from './resource';

const A = ROUTES.admin;
const M = ROUTES.manager;
const id = (item: { _id: string }) => item._id;

export const categories = {
  name: 'categories',
  routes: { list: [A.categories, M.categories] },
  keys: queryKeys.categories,
  api: api.categories,
  texts: {
    title: t.categories,
    add: t.addCategory,
    loadError: t.categoriesLoadError,
    notFound: t.categoryNotFound,
    empty: t.noCategories,
  },
  /** A restaurant's categories (`restaurantId` required for admins; a manager's are its own). */
  useList: useManagerCategories,
  useCreate: useCreateCategory,
  useUpdate: useUpdateCategory,
  remove: {
    use: useDeleteCategory,
    variables: id,
    label: (c) => c.title,
    warning: t.categoryDeleteWarning,
    warningColor: 'red.700',
    success: t.categoryDeleted,
    error: t.categoryDeleteError,
  },
} as const satisfies Resource<Category>;

export const products = {
  name: 'products',
  routes: { list: [A.products, M.products], detail: [A.product, M.product] },
  keys: queryKeys.products,
  api: api.products,
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
  useList: useManagerProducts,
  useDetail: useProductDetail,
  useCreate: useCreateProduct,
  useUpdate: useUpdateProduct,
  remove: {
    use: useDeleteProduct,
    variables: id,
    label: (p) => p.name,
    warning: t.productDeleteWarning,
    success: t.productDeleted,
    error: t.productDeleteError,
  },
} as const satisfies Resource<Product>;

export const options = {
  name: 'options',
  routes: { list: [A.productOptions, M.productOptions] },
  keys: queryKeys.options,
  api: api.options,
  texts: {
    title: t.options,
    add: t.addOption,
    loadError: t.listLoadError,
    notFound: t.productNotFound,
    empty: t.noOptions,
  },
  useList: useProductOptions,
  useCreate: useCreateOption,
  useUpdate: useUpdateOption,
  remove: {
    use: useDeleteOption,
    variables: id,
    label: (o) => o.name,
    warning: t.optionDeleteWarning,
    success: t.optionDeleted,
    error: t.optionDeleteError,
  },
} as const satisfies Resource<ProductOption>;

export const optionRows = {
  name: 'optionRows',
  routes: { list: [A.optionRows, M.optionRows] },
  keys: queryKeys.optionRows,
  api: api.optionRows,
  texts: {
    title: t.optionRows,
    add: t.addOptionRow,
    loadError: t.listLoadError,
    notFound: t.optionNotFound,
    empty: t.noOptionRows,
  },
  useList: useOptionRows,
  useCreate: useCreateOptionRow,
  useUpdate: useUpdateOptionRow,
  remove: {
    use: useDeleteOptionRow,
    variables: id,
    label: (r) => r.name,
    success: t.optionRowDeleted,
    error: t.optionDeleteError,
  },
} as const satisfies Resource<OptionRow>;
