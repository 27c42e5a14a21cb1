import { DEV_PORTS, defineFrontendConfig } from '../tools/rspack/federation';

/** In dev, /config.json names each remote's own dev server (the factory proxies /api and /uploads). */
const DEV_REMOTES = {
  mfe_auth: `http://localhost:${DEV_PORTS.mfe_auth}/mf-manifest.json`,
  mfe_restaurants: `http://localhost:${DEV_PORTS.mfe_restaurants}/mf-manifest.json`,
  mfe_catalog: `http://localhost:${DEV_PORTS.mfe_catalog}/mf-manifest.json`,
  mfe_stoplist: `http://localhost:${DEV_PORTS.mfe_stoplist}/mf-manifest.json`,
  mfe_orders: `http://localhost:${DEV_PORTS.mfe_orders}/mf-manifest.json`,
  mfe_reports: `http://localhost:${DEV_PORTS.mfe_reports}/mf-manifest.json`,
};

export default defineFrontendConfig({
  name: 'shell',
  port: DEV_PORTS.shell,
  isHost: true,
  title: 'QR menyu: boshqaruv paneli',
  devServer: {
    setupMiddlewares: (middlewares: unknown[]) => {
      middlewares.unshift({
        name: 'dev-runtime-config',
        path: '/config.json',
        middleware: (_req: unknown, res: import('node:http').ServerResponse) => {
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.setHeader('Cache-Control', 'no-store');
          res.end(JSON.stringify({ apiBase: '/api', remotes: DEV_REMOTES }));
        },
      });
      return middlewares;
    },
  },
});
