/** Remote `mfe_reports` (port 3006), built by the common factory in tools/. */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_PORTS, defineFrontendConfig } from '../tools/rspack/federation';

export const exposes = {
  './ReportsPage': './src/ReportsPage.tsx',
  './RestaurantsReportPage': './src/RestaurantsReportPage.tsx',
};

export default defineFrontendConfig({
  name: 'mfe_reports',
  port: DEV_PORTS.mfe_reports,
  exposes,
  dir: dirname(fileURLToPath(import.meta.url)),
  title: 'Hisobot',
});
