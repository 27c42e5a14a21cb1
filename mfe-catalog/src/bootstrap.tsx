/** Standalone run of the remote: its screens under both roles' routes (`renderStandalone`). */
import { ROUTES } from '@qrmenu/shared/paths';
import { renderStandalone } from '@qrmenu/shared/standalone';
import { Navigate, Route } from 'react-router-dom';
import CategoryListPage from './categories/CategoryListPage';
import ProductOptionRowPage from './option-rows/ProductOptionRowPage';
import ProductOptionPage from './options/ProductOptionPage';
import ProductDetailPage from './products/ProductDetailPage';
import ProductTablePage from './products/ProductTablePage';

const A = ROUTES.admin;
const M = ROUTES.manager;
const PAGES = [
  [[A.categories, M.categories], <CategoryListPage key="c" />],
  [[A.products, M.products], <ProductTablePage key="p" />],
  [[A.product, M.product], <ProductDetailPage key="d" />],
  [[A.productOptions, M.productOptions, M.productOptionsIndex], <ProductOptionPage key="o" />],
  [[A.optionRows, M.optionRows], <ProductOptionRowPage key="r" />],
] as const;

void renderStandalone(
  <>
    {PAGES.flatMap(([patterns, element]) =>
      patterns.map((path) => <Route key={path} path={path} element={element} />),
    )}
    <Route path="*" element={<Navigate to={M.categories} replace />} />
  </>,
);
