/**
 * One rspack 2 + Module Federation 2 configuration for every front-end app (host and remotes).
 *
 * Usage, in `<app>/rspack.config.ts`:
 *
 *   import { defineFrontendConfig } from '../tools/rspack/federation';
 *   export default defineFrontendConfig({
 *     name: 'mfe_restaurants',
 *     port: 3002,
 *     exposes: { './RestaurantsPage': './src/pages/RestaurantsPage.tsx' },
 *   });
 *
 * The tools folder is not a workspace package, so the bundler packages are resolved from the
 * app's own folder (`dir`, default: the working directory, which is the app when run through
 * `pnpm --filter`).
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ManifestFilesPlugin } from './manifest-files';
import { PrecompressPlugin } from './precompress';
import { FACADE_VERSIONS, requiredRange } from './shared-versions';

/** Libraries shared as singletons between the host and every remote (see docs/ARCHITECTURE.md). */
export const SINGLETON_LIBRARIES = [
  'react',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'react-router-dom',
  'jotai',
  '@tanstack/react-query',
  '@emotion/react',
  // Addition to ARCHITECTURE.md's list: the UI facade's form fields and every remote's forms use
  // it; unshared it was loaded twice (host facade + each remote) with separate form contexts.
  'react-hook-form',
] as const;

/**
 * Share keys served by a facade that re-exports only the API in use, so the rest of the package
 * is tree-shaken out of the shared bundle: the router (client-only, declarative;
 * `react-router-dom` re-exports the shared `react-router`, as the real package does) and
 * react-hook-form (the form hooks and `Controller`, and what `@hookform/resolvers` imports).
 */
export const SHARED_FACADES: Record<string, string> = {
  'react-router': fileURLToPathSafe('./react-router-facade.js'),
  'react-router-dom': fileURLToPathSafe('./react-router-dom-facade.js'),
  'react-hook-form': fileURLToPathSafe('./react-hook-form-facade.js'),
};

function fileURLToPathSafe(rel: string): string {
  // jiti (the rspack CLI) and vitest both give this module a file URL.
  return fileURLToPath(new URL(rel, import.meta.url));
}

/** Every subpath of the workspace package; Chakra reaches remotes only through `./ui`. */
export const SHARED_SUBPATHS = [
  'schemas',
  'texts',
  'api',
  'session',
  'query',
  'ui',
  // the form kit with react-hook-form: loaded with the first form, not with every page
  'forms',
  'runtime-config',
  // zod-free route patterns and builders: the shell's route table reads them on the login page
  'paths',
  // one object per resource (paths, keys, calls, hooks, texts): the signed-in area's pages read it
  'resources',
  // lists put in order by hand (@dnd-kit inside): loaded with the first page that sorts
  'sortable',
] as const;

/** Dev-server ports (ARCHITECTURE.md). */
export const DEV_PORTS = {
  shell: 3000,
  mfe_auth: 3001,
  mfe_restaurants: 3002,
  mfe_catalog: 3003,
  mfe_stoplist: 3004,
  mfe_orders: 3005,
  mfe_reports: 3006,
} as const;

export interface FrontendConfigOptions {
  /** Federation name: a JS identifier (`shell`, `mfe_auth`). */
  name: string;
  /** Dev-server port. */
  port: number;
  /** Exposed modules of a remote (`'./LoginPage': './src/LoginPage.tsx'`). */
  exposes?: Record<string, string>;
  /** The host: `publicPath: '/'`, SPA fallback, no exposes. */
  isHost?: boolean;
  /** App folder (defaults to `process.cwd()`). */
  dir?: string;
  /** Page title of the generated index.html. */
  title?: string;
  /** Extra dev-server settings (the shell adds its proxy here). */
  devServer?: Record<string, unknown>;
}

interface Env {
  /** Set by `rspack build --mode production` / `rspack serve --mode development` through argv. */
  mode?: string;
}

interface Argv {
  mode?: string;
}

type Ctor = new (options?: unknown) => unknown;

interface RspackModule {
  HtmlRspackPlugin: Ctor;
  DefinePlugin: Ctor;
  NormalModuleReplacementPlugin: new (
    resourceRegExp: RegExp,
    newResource: (resource: { request: string; context: string }) => void,
  ) => unknown;
}

/**
 * Plain constants with no state and no dependencies: a copy beside the importer costs bytes only,
 * while the rewrite would load their whole subpath (the session's role names would pull zod
 * into the login page).
 */
export const STATELESS_DEEP_IMPORTS: readonly string[] = [
  'schemas/roles',
  'schemas/pos-providers',
  'schemas/report-kinds',
];

/**
 * Inside `@qrmenu/shared`, a relative import from one subpath into another (`../session` in
 * `api/client.ts`) would bundle a private copy of that subpath next to the shared one: two session
 * stores, two runtime configs. Such requests are rewritten to the package subpath
 * (`@qrmenu/shared/session`), so they resolve to the one shared singleton. Deep imports
 * (`../api/errors`) go to the subpath's entry, which must export what they use, except the
 * stateless constants above.
 */
export function sharedSubpathRequest(sharedSrc: string, context: string, request: string): string | null {
  if (!request.startsWith('.')) return null;
  const rel = path.relative(sharedSrc, context);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const fromSub = rel.split(path.sep)[0] ?? '';
  const target = path.relative(sharedSrc, path.resolve(context, request));
  if (target.startsWith('..') || path.isAbsolute(target)) return null;
  const module = target
    .split(path.sep)
    .join('/')
    .replace(/\.tsx?$/, '');
  if (STATELESS_DEEP_IMPORTS.includes(module)) return null;
  const toSub = (target.split(path.sep)[0] ?? '').replace(/\.tsx?$/, '');
  if (!(SHARED_SUBPATHS as readonly string[]).includes(toSub) || toSub === fromSub) return null;
  return `@qrmenu/shared/${toSub}`;
}

function packageVersion(req: NodeJS.Require, request: string): { version: string; dir: string } {
  let pkgPath: string;
  try {
    pkgPath = req.resolve(`${request}/package.json`);
  } catch {
    // Packages whose `exports` hide package.json (the workspace package): look in node_modules.
    const found = (req.resolve.paths(request) ?? [])
      .map((base) => path.join(base, request, 'package.json'))
      .find((candidate) => existsSync(candidate));
    if (!found) throw new Error(`Cannot find ${request}/package.json`);
    pkgPath = found;
  }
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { version: string };
  return { version: pkg.version, dir: path.dirname(pkgPath) };
}

/** A version reachable from the app, or through a package that depends on it (react-router). */
function resolveLibrary(
  req: NodeJS.Require,
  request: string,
): { version: string; dir: string; direct: boolean } {
  const base = request.startsWith('@') ? request.split('/').slice(0, 2).join('/') : request.split('/')[0]!;
  try {
    return { ...packageVersion(req, base), direct: true };
  } catch {
    // react-router is only a dependency of react-router-dom under pnpm's strict layout.
    const viaDom = createRequire(req.resolve('react-router-dom/package.json'));
    return { ...packageVersion(viaDom, base), direct: false };
  }
}

/** The facades' imports: the packages' own ESM files, under names no share key matches. */
export function facadeImplAliases(req: NodeJS.Require, isDev = false): Record<string, string> {
  const { dir } = resolveLibrary(req, 'react-router');
  const dist = path.join(realpathSync(dir), 'dist', isDev ? 'development' : 'production');
  const rhf = resolveLibrary(req, 'react-hook-form');
  return {
    'qrmenu-react-router-impl$': path.join(dist, 'index.mjs'),
    'qrmenu-react-hook-form-impl$': path.join(realpathSync(rhf.dir), 'dist', 'index.esm.mjs'),
  };
}

/**
 * rspack's federation plugin loads its runtime through CommonJS entry points (the bundler runtime's
 * and the runtime plugins' `dist/index.cjs`, found by `require.resolve`), and CommonJS is bundled
 * whole: the host's main.js and every remoteEntry.js carried all of the SDK, Node.js loaders
 * included. The ES module builds of the same files (same package, same version) are tree-shaken:
 * -6 KiB gzip on the host's main.js, -7.7 KiB on each remoteEntry.js (production builds only).
 */
export const MF_CJS_ENTRY = /[\\/]@module-federation[\\/][^\\/]+[\\/]dist[\\/]index\.cjs$/;

export function esmRuntimeRequest(request: string): string | null {
  if (!path.isAbsolute(request) || !MF_CJS_ENTRY.test(request)) return null;
  const esm = request.replace(/\.cjs$/, '.js');
  return existsSync(esm) ? esm : null;
}

/** `@module-federation/runtime` (the app's `loadRemote` etc.) as ESM, the bundler runtime's own copy. */
function esmRuntimeAlias(req: NodeJS.Require): Record<string, string> {
  // The same resolution chain as the plugins: enhanced -> @module-federation/rspack -> runtime-tools.
  const from = (base: string) => createRequire(base);
  const rspackPlugin = from(req.resolve('@module-federation/enhanced/rspack')).resolve(
    '@module-federation/rspack',
  );
  const tools = from(rspackPlugin).resolve('@module-federation/runtime-tools');
  const runtimeCjs = from(tools).resolve('@module-federation/runtime');
  return { '@module-federation/runtime': runtimeCjs.replace(/\.cjs$/, '.js') };
}

export function sharedConfig(dir: string): Record<string, Record<string, unknown>> {
  const req = createRequire(path.join(dir, 'package.json'));
  const shared: Record<string, Record<string, unknown>> = {};
  for (const lib of SINGLETON_LIBRARIES) {
    const { version, dir: libDir, direct } = resolveLibrary(req, lib);
    const subpath = lib.startsWith('@')
      ? lib.split('/').slice(2).join('/')
      : lib.split('/').slice(1).join('/');
    const facade = SHARED_FACADES[lib];
    // a facade is versioned by its export list; a plain library by the package (any minor)
    const facadeVersion = facade ? FACADE_VERSIONS[lib] : undefined;
    if (facade && !facadeVersion) throw new Error(`FACADE_VERSIONS has no version for ${lib}`);
    shared[lib] = {
      singleton: true,
      version: facadeVersion ?? version,
      requiredVersion: facadeVersion ? requiredRange(facadeVersion) : `^${version.split('.')[0]}.0.0`,
      // A facade library is provided through its facade; a library the app cannot name
      // itself is provided from its resolved folder.
      ...(facade
        ? { import: facade }
        : direct
          ? {}
          : { import: subpath ? path.join(libDir, subpath) : libDir }),
    };
  }
  const sharedPkg = packageVersion(req, '@qrmenu/shared');
  for (const sub of SHARED_SUBPATHS) {
    shared[`@qrmenu/shared/${sub}`] = {
      singleton: true,
      version: sharedPkg.version,
      requiredVersion: requiredRange(sharedPkg.version),
    };
  }
  return shared;
}

/**
 * The shell's first page (the login screen) needs React, the router, jotai and four small
 * `@qrmenu/shared` subpaths: one file for all of them instead of a dozen (each answer also
 * carries ~0.75 KiB of headers). Each stays its own shared module; they only share a file.
 */
export const FIRST_PAGE_MODULES =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|jotai)[\\/]|[\\/]shared[\\/]src[\\/](paths|runtime-config|session[\\/]|texts|schemas[\\/]roles)|[\\/]tools[\\/]rspack[\\/]react-router(-dom)?-facade/;

/**
 * What the signed-in area adds (the UI facade with Chakra and emotion, TanStack Query) goes into
 * one more file. A closed list: a helper the login page needs too must not drag Chakra onto it,
 * and the API client (ky) stays apart (the login page fetches it with its first validation).
 */
export const AREA_MODULES =
  /[\\/]shared[\\/]src[\\/](ui|query|resources)[\\/]|[\\/]node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@pandacss|@tanstack|stylis|react-is|hoist-non-react-statics|@babel[\\/]runtime)[\\/]/;

/**
 * The form kit (`@qrmenu/shared/forms`, react-hook-form through its facade, the zod resolver):
 * one file fetched with the first form a page opens, not on the area's critical path (a list
 * page validates nothing; its dialogs load lazily).
 */
export const FORM_MODULES =
  /[\\/]shared[\\/]src[\\/]forms[\\/]|[\\/]tools[\\/]rspack[\\/]react-hook-form-facade|[\\/]node_modules[\\/](@hookform|react-hook-form)[\\/]/;

const FIRST_PAGE_SPLIT_CHUNKS = {
  cacheGroups: {
    firstPage: {
      test: FIRST_PAGE_MODULES,
      name: 'first-page',
      chunks: 'async',
      enforce: true,
      priority: 20,
    },
    area: {
      test: AREA_MODULES,
      name: 'area',
      chunks: 'async',
      enforce: true,
      priority: 10,
    },
    forms: {
      test: FORM_MODULES,
      name: 'forms',
      chunks: 'async',
      enforce: true,
      priority: 10,
    },
  },
};

/** A QR-like mark (three finder squares), small enough to inline in every index.html. */
const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 7 7'%3E%3Cpath d='M0 0h3v3H0zM4 0h3v3H4zM0 4h3v3H0zM4 4h1v1H4zM6 6h1v1H6zM5 5h1v1H5z'/%3E%3C/svg%3E";

/** Where the dev servers proxy `/api` and `/uploads`. */
export const API_DEV_URL = process.env.API_DEV_URL ?? 'http://127.0.0.1:8080';

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
  'Access-Control-Allow-Headers': '*',
};

interface DevResponse {
  setHeader(name: string, value: string): void;
  end(body: string): void;
}

function standaloneConfigMiddleware(middlewares: unknown[]): unknown[] {
  middlewares.unshift({
    name: 'standalone-runtime-config',
    path: '/config.json',
    middleware: (_req: unknown, res: DevResponse) => {
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.end(JSON.stringify({ apiBase: '/api', remotes: {} }));
    },
  });
  return middlewares;
}

export function defineFrontendConfig(options: FrontendConfigOptions) {
  return (_env: Env, argv: Argv = {}) => {
    const dir = options.dir ?? process.cwd();
    const req = createRequire(path.join(dir, 'package.json'));
    const mode = argv.mode ?? process.env.NODE_ENV ?? 'production';
    const isDev = mode === 'development';
    const isHost = options.isHost === true;

    const rspack = req('@rspack/core') as RspackModule;
    const { ModuleFederationPlugin } = req('@module-federation/enhanced/rspack') as {
      ModuleFederationPlugin: Ctor;
    };

    const sharedSrc = path.join(realpathSync(packageVersion(req, '@qrmenu/shared').dir), 'src');
    const plugins: unknown[] = [
      new rspack.NormalModuleReplacementPlugin(/^\.\.?\//, (resource) => {
        const rewritten = sharedSubpathRequest(sharedSrc, resource.context, resource.request);
        if (rewritten) resource.request = rewritten;
      }),
      ...(isDev
        ? []
        : [
            new rspack.NormalModuleReplacementPlugin(MF_CJS_ENTRY, (resource) => {
              const esm = esmRuntimeRequest(resource.request);
              if (esm) resource.request = esm;
            }),
          ]),
      new ModuleFederationPlugin({
        name: options.name,
        filename: 'remoteEntry.js',
        exposes: isHost ? undefined : (options.exposes ?? {}),
        remotes: {},
        shared: sharedConfig(dir),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: true,
        // Production: remotes use the host's MF runtime instead of carrying their own (~34 KiB
        // gzip each). Dev keeps a runtime in every app so a remote also runs alone.
        experiments: isDev
          ? {}
          : {
              ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
              // Browser only: the runtime's Node.js script loading is left out.
              optimization: { target: 'web' },
            },
      }),
      new rspack.HtmlRspackPlugin({
        title: options.title ?? 'QR menyu',
        chunks: ['main'], // not the federation container (remoteEntry)
        templateContent:
          '<!doctype html><html lang="uz"><head><meta charset="utf-8" />' +
          '<meta name="viewport" content="width=device-width, initial-scale=1" />' +
          // an icon in the page: no request for /favicon.ico (the SPA fallback would answer it)
          `<link rel="icon" href="${FAVICON}" />` +
          `<title>${options.title ?? 'QR menyu'}</title></head><body><div id="root"></div></body></html>`,
      }),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(isDev ? 'development' : 'production'),
        // what a team calls this build (e.g. a commit or a release), shown small on the login page
        'process.env.QRMENU_BUILD_LABEL': JSON.stringify(process.env.QRMENU_BUILD_LABEL ?? ''),
      }),
      // the size and integrity of every file the manifest names, in the manifest (production
      // only), then `.br` and `.gz` beside every text file, for the server to pick
      ...(isDev ? [] : [new ManifestFilesPlugin(), new PrecompressPlugin()]),
    ];
    if (isDev) {
      const refresh = req('@rspack/plugin-react-refresh') as {
        ReactRefreshRspackPlugin?: Ctor;
        default?: Ctor;
      };
      const Plugin = (refresh.ReactRefreshRspackPlugin ?? refresh.default) as Ctor;
      plugins.push(new Plugin());
    }

    return {
      context: dir,
      mode: isDev ? 'development' : 'production',
      devtool: isDev ? 'cheap-module-source-map' : false,
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(dir, 'dist'),
        publicPath: isHost ? '/' : 'auto',
        uniqueName: options.name,
        // Named here, not left to the bundler's default: the shell drops a remote's chunk registry
        // before it loads another build of it in the same page (shell/src/releases.ts chunkGlobalOf).
        chunkLoadingGlobal: `rspackChunk${options.name}`,
        // Production names carry the content hash (the server caches those for a year); only
        // index.html, remoteEntry.js and the manifests keep fixed names and are revalidated.
        filename: isDev ? '[name].js' : '[name].[contenthash:8].js',
        chunkFilename: isDev ? '[name].js' : '[name].[contenthash:8].js',
        cssFilename: isDev ? '[name].css' : '[name].[contenthash:8].css',
        cssChunkFilename: isDev ? '[name].css' : '[name].[contenthash:8].css',
        assetModuleFilename: isDev ? '[name][ext]' : '[name].[contenthash:8][ext]',
        clean: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.json'],
        alias: { ...facadeImplAliases(req, isDev), ...(isDev ? {} : esmRuntimeAlias(req)) },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                target: 'es2020',
                transform: {
                  react: { runtime: 'automatic', development: isDev, refresh: isDev },
                },
              },
            },
            type: 'javascript/auto',
          },
          { test: /\.css$/i, type: 'css/auto' },
          { test: /\.(png|jpe?g|gif|svg|webp)$/i, type: 'asset' },
        ],
      },
      optimization: {
        minimize: !isDev,
        ...(isHost && !isDev ? { splitChunks: FIRST_PAGE_SPLIT_CHUNKS } : {}),
      },
      // Compiling dynamic imports on first request breaks federated chunk loading in dev.
      lazyCompilation: false,
      performance: { hints: false },
      plugins,
      devServer: {
        port: options.port,
        host: '127.0.0.1',
        hot: true,
        historyApiFallback: true,
        headers: CORS_HEADERS,
        allowedHosts: 'all',
        client: { overlay: { errors: true, warnings: false } },
        // Standalone remotes and the shell reach the API (scripts/dev.mjs runs it on 8080).
        proxy: [{ context: ['/api', '/uploads'], target: API_DEV_URL, changeOrigin: true }],
        // A remote running alone answers its own /config.json (the API through the proxy).
        ...(isHost ? {} : { setupMiddlewares: standaloneConfigMiddleware }),
        ...(options.devServer ?? {}),
      },
    };
  };
}
