import { DEV_PORTS, defineFrontendConfig } from '../tools/rspack/federation';

export default defineFrontendConfig({
  name: 'mfe_auth',
  port: DEV_PORTS.mfe_auth,
  title: 'mfe_auth',
  exposes: {
    './LoginPage': './src/LoginPage.tsx',
    './ProfilePage': './src/ProfilePage.tsx',
  },
});
