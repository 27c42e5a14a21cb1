/** Remote `mfe_stoplist` (port 3004), built by the common factory in tools/. */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_PORTS, defineFrontendConfig } from '../tools/rspack/federation';

export const exposes = {
  './StopListPage': './src/StopListPage.tsx',
};

export default defineFrontendConfig({
  name: 'mfe_stoplist',
  port: DEV_PORTS.mfe_stoplist,
  exposes,
  dir: dirname(fileURLToPath(import.meta.url)),
  title: 'Stop-list',
});
