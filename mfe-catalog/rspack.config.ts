/** Remote `mfe_catalog` (port 3003), built by the common factory in tools/. */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_PORTS, defineFrontendConfig } from '../tools/rspack/federation';

export const exposes = {
  './CategoryListPage': './src/categories/CategoryListPage.tsx',
  './ProductTablePage': './src/products/ProductTablePage.tsx',
  './ProductDetailPage': './src/products/ProductDetailPage.tsx',
  './ProductOptionPage': './src/options/ProductOptionPage.tsx',
  './ProductOptionRowPage': './src/option-rows/ProductOptionRowPage.tsx',
  './UntranslatedPage': './src/translations/UntranslatedPage.tsx',
};

export default defineFrontendConfig({
  name: 'mfe_catalog',
  port: DEV_PORTS.mfe_catalog,
  exposes,
  dir: dirname(fileURLToPath(import.meta.url)),
  title: 'Menyu',
});
