/**
 * Standalone page of the remote (`pnpm --filter @qrmenu/mfe-catalog dev`): the exposed screens
 * under their routes (both roles' patterns), for working on this module without the shell. Log
 * in through the shell (same origin storage) or put `accessToken` / `role` into localStorage.
 */

import { ROUTES } from '@qrmenu/shared/paths';
import { QueryClientProvider, queryClient } from '@qrmenu/shared/query';
import { loadRuntimeConfig } from '@qrmenu/shared/runtime-config';
import { UiProvider } from '@qrmenu/shared/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
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

async function main() {
  await loadRuntimeConfig();
  const root = document.getElementById('root') ?? document.body.appendChild(document.createElement('div'));
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <UiProvider>
          <BrowserRouter>
            <Routes>
              {PAGES.flatMap(([patterns, element]) =>
                patterns.map((path) => <Route key={path} path={path} element={element} />),
              )}
              <Route path="*" element={<Navigate to={M.categories} replace />} />
            </Routes>
          </BrowserRouter>
        </UiProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

void main();
