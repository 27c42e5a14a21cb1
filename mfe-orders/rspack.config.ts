/** Remote `mfe_orders` (port 3005), built by the common factory in tools/. */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_PORTS, defineFrontendConfig } from '../tools/rspack/federation';

export const exposes = {
  './OrdersBoardPage': './src/board/OrdersBoardPage.tsx',
  './OrdersHistoryPage': './src/history/OrdersHistoryPage.tsx',
  './OrderingSettingsPage': './src/settings/OrderingSettingsPage.tsx',
  './KitchenPage': './src/kitchen/KitchenPage.tsx',
};

export default defineFrontendConfig({
  name: 'mfe_orders',
  port: DEV_PORTS.mfe_orders,
  exposes,
  dir: dirname(fileURLToPath(import.meta.url)),
  title: 'Buyurtmalar',
});
