/** Standalone run of the remote: its screens under both roles' routes (`renderStandalone`). */
import { ROUTES } from '@qrmenu/shared/paths';
import { renderStandalonePages } from '@qrmenu/shared/standalone';
import CategoryListPage from './categories/CategoryListPage';
import ProductOptionRowPage from './option-rows/ProductOptionRowPage';
import ProductOptionPage from './options/ProductOptionPage';
import ProductDetailPage from './products/ProductDetailPage';
import ProductTablePage from './products/ProductTablePage';

const A = ROUTES.admin;
const M = ROUTES.manager;

void renderStandalonePages(
  [
    [[A.categories, M.categories], CategoryListPage],
    [[A.products, M.products], ProductTablePage],
    [[A.product, M.product], ProductDetailPage],
    [[A.productOptions, M.productOptions, M.productOptionsIndex], ProductOptionPage],
    [[A.optionRows, M.optionRows], ProductOptionRowPage],
  ],
  M.categories,
);
