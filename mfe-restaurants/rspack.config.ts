/** Remote `mfe_restaurants` (port 3002), built by the common factory in tools/. */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_PORTS, defineFrontendConfig } from '../tools/rspack/federation';

export const exposes = {
  './RestaurantsPage': './src/restaurants/RestaurantsPage.tsx',
  './RestaurantDetailPage': './src/restaurants/RestaurantDetailPage.tsx',
  './RestaurantFormPage': './src/restaurants/RestaurantFormPage.tsx',
  './ManagerHome': './src/restaurants/ManagerHome.tsx',
  './ManagersPage': './src/managers/ManagersPage.tsx',
  './StaffPage': './src/staff/StaffPage.tsx',
};

export default defineFrontendConfig({
  name: 'mfe_restaurants',
  port: DEV_PORTS.mfe_restaurants,
  exposes,
  dir: dirname(fileURLToPath(import.meta.url)),
  title: 'Restoranlar',
});
