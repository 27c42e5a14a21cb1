import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEV_PORTS,
  defineFrontendConfig,
  esmRuntimeRequest,
  SHARED_FACADES,
  SHARED_SUBPATHS,
  SINGLETON_LIBRARIES,
  sharedConfig,
  sharedSubpathRequest,
} from '../../tools/rspack/federation';
import { addManifestFiles, namedFiles, remoteEntryPath } from '../../tools/rspack/manifest-files';
import { facadeExportNames } from '../../tools/rspack/shared-versions';

const src = '/w/shared/src';

describe('sharedSubpathRequest (one copy of each shared subpath)', () => {
  it('rewrites a relative import into another subpath to the package subpath', () => {
    expect(sharedSubpathRequest(src, path.join(src, 'api'), '../session')).toBe('@qrmenu/shared/session');
    expect(sharedSubpathRequest(src, path.join(src, 'api'), '../runtime-config')).toBe(
      '@qrmenu/shared/runtime-config',
    );
    expect(sharedSubpathRequest(src, path.join(src, 'query'), '../api/errors')).toBe('@qrmenu/shared/api');
    expect(sharedSubpathRequest(src, path.join(src, 'ui'), '../texts')).toBe('@qrmenu/shared/texts');
  });

  it('leaves imports inside a subpath and outside the package alone', () => {
    expect(sharedSubpathRequest(src, path.join(src, 'api'), './client')).toBeNull();
    expect(sharedSubpathRequest(src, path.join(src, 'schemas'), './fields')).toBeNull();
    expect(sharedSubpathRequest(src, '/w/shell/src', '../session')).toBeNull();
    expect(sharedSubpathRequest(src, path.join(src, 'api'), 'ky')).toBeNull();
  });

  it('bundles the stateless role names beside the session instead of loading all schemas', () => {
    expect(sharedSubpathRequest(src, path.join(src, 'session'), '../schemas/roles')).toBeNull();
    expect(sharedSubpathRequest(src, path.join(src, 'session'), '../schemas')).toBe('@qrmenu/shared/schemas');
  });
});

describe('sharedConfig', () => {
  const shared = sharedConfig(path.resolve(import.meta.dirname, '..'));

  it('shares every library of ARCHITECTURE.md and each @qrmenu/shared subpath as a singleton', () => {
    for (const lib of SINGLETON_LIBRARIES) expect(shared[lib]).toMatchObject({ singleton: true });
    for (const sub of SHARED_SUBPATHS)
      expect(shared[`@qrmenu/shared/${sub}`]).toMatchObject({ singleton: true });
    expect(Object.keys(shared)).toHaveLength(SINGLETON_LIBRARIES.length + SHARED_SUBPATHS.length);
    expect(shared['@chakra-ui/react']).toBeUndefined();
  });

  it("shares the libraries of ARCHITECTURE.md as singletons (a literal list, not the module's own)", () => {
    const libraries = [
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
    ];
    const sharedSubpaths = [
      'schemas',
      'texts',
      'api',
      'session',
      'query',
      'ui',
      'forms',
      'runtime-config',
      'paths',
      'resources',
      'sortable',
    ];
    for (const lib of libraries) expect(shared[lib], lib).toMatchObject({ singleton: true });
    for (const sub of sharedSubpaths)
      expect(shared[`@qrmenu/shared/${sub}`], sub).toMatchObject({ singleton: true });
  });

  it('provides the router and react-hook-form through their facades (only the API in use)', () => {
    for (const lib of ['react-router', 'react-router-dom', 'react-hook-form'])
      expect(shared[lib]?.import, lib).toBe(SHARED_FACADES[lib]);
  });

  it('provides react-router through its facade, at the facade version (major = the library major, 7)', () => {
    expect(shared['react-router']?.version).toMatch(/^7\./);
    expect(String(shared['react-router']?.import)).toContain('react-router');
  });
});

/** The Module Federation plugin's options in a generated rspack config. */
function federationOptions(config: { plugins: unknown[] }): Record<string, unknown> {
  const plugin = config.plugins.find((p) =>
    /ModuleFederationPlugin$/.test(String((p as { name?: string }).name)),
  ) as { _options: Record<string, unknown> } | undefined;
  if (!plugin) throw new Error('no ModuleFederationPlugin');
  return plugin._options;
}

describe('shareStrategy', () => {
  const root = path.resolve(import.meta.dirname, '../..');

  it("is 'loaded-first' in the host's and a remote's federation plugin", () => {
    const host = defineFrontendConfig({
      name: 'shell',
      port: DEV_PORTS.shell,
      isHost: true,
      dir: path.join(root, 'shell'),
    });
    const remote = defineFrontendConfig({
      name: 'mfe_auth',
      port: DEV_PORTS.mfe_auth,
      exposes: { './LoginPage': './src/LoginPage.tsx' },
      dir: path.join(root, 'mfe-auth'),
    });
    for (const config of [host({}, { mode: 'production' }), remote({}, { mode: 'development' })]) {
      expect(federationOptions(config)).toMatchObject({ shareStrategy: 'loaded-first' });
    }
  });

  it("is 'loaded-first' wherever the source sets one (the build factory; the shell's runtime sets none)", () => {
    const files = [
      'tools/rspack/federation.ts',
      'shell/src/federation.ts',
      'shell/rspack.config.ts',
      'mfe-auth/rspack.config.ts',
    ];
    const settings = files.flatMap((file) =>
      [...readFileSync(path.join(root, file), 'utf8').matchAll(/shareStrategy\s*:\s*([^,\n}]+)/g)].map(
        (m) => ({
          file,
          value: m[1]?.trim(),
        }),
      ),
    );
    expect(settings).toEqual([{ file: 'tools/rspack/federation.ts', value: "'loaded-first'" }]);
  });
});

describe('the federation runtime as ES modules (tree-shaken) in production', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const runtimeDir = path.dirname(
    createRequire(path.join(root, 'shell/package.json')).resolve('@module-federation/enhanced/rspack'),
  );

  it('swaps a plugin-resolved `dist/index.cjs` of @module-federation for its ESM twin', () => {
    const bundlerCjs = createRequire(runtimeDir).resolve('@module-federation/webpack-bundler-runtime');
    expect(bundlerCjs).toMatch(/index\.cjs$/);
    expect(esmRuntimeRequest(bundlerCjs)).toBe(bundlerCjs.replace(/\.cjs$/, '.js'));
    expect(esmRuntimeRequest('@module-federation/runtime')).toBeNull();
    expect(esmRuntimeRequest('/w/node_modules/other/dist/index.cjs')).toBeNull();
  });

  it('externalizes the runtime in remotes and targets the browser, in production only', () => {
    const remote = defineFrontendConfig({
      name: 'mfe_auth',
      port: DEV_PORTS.mfe_auth,
      exposes: { './LoginPage': './src/LoginPage.tsx' },
      dir: path.join(root, 'mfe-auth'),
    });
    expect(federationOptions(remote({}, { mode: 'production' })).experiments).toEqual({
      externalRuntime: true,
      optimization: { target: 'web' },
    });
    expect(federationOptions(remote({}, { mode: 'development' })).experiments).toEqual({});
  });
});

describe("the manifest's files: size and Subresource Integrity of each file it names", () => {
  const manifest = {
    metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: [
      {
        assets: {
          js: { sync: ['expose.1.js'], async: ['lazy.2.js'] },
          css: { sync: ['page.3.css'], async: [] },
        },
      },
    ],
    shared: [
      { assets: { js: { sync: ['lazy.2.js', 'shared.4.js'], async: [] }, css: { sync: [], async: [] } } },
    ],
  };

  it('names the remoteEntry (joined as the runtime joins it) and every JS and CSS chunk once', () => {
    expect(namedFiles(manifest)).toEqual([
      'remoteEntry.js',
      'expose.1.js',
      'lazy.2.js',
      'page.3.css',
      'shared.4.js',
    ]);
    expect(remoteEntryPath('./static/', 'remoteEntry.js')).toBe('static/remoteEntry.js');
    expect(remoteEntryPath('/static/', 'remoteEntry.js')).toBe('static/remoteEntry.js');
    expect(remoteEntryPath('.', 'remoteEntry.js')).toBe('remoteEntry.js');
  });

  it("writes each file's size and sha384 into the manifest", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'qrmenu-manifest-files-'));
    try {
      writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
      for (const file of namedFiles(manifest))
        writeFileSync(path.join(dir, file), file === 'lazy.2.js' ? 'abc' : file);
      expect(await addManifestFiles(dir)).toBe(5);
      const written = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
      // SHA-384 of "abc" (FIPS 180-2's example), base64 as an integrity attribute writes it
      expect(written.files['lazy.2.js']).toEqual({
        size: 3,
        integrity: 'sha384-ywB1P0WjXou1oD1pmsZQBycsMqsO3tFjGotgWkP/W+2AhgcroefMI1i67KE0yCWn',
      });
      expect(Object.keys(written.files)).toEqual(namedFiles(manifest));
      expect(written.exposes).toEqual(manifest.exposes);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs in production builds, before the precompression (so the compressed manifest carries them)', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const remote = defineFrontendConfig({
      name: 'mfe_auth',
      port: DEV_PORTS.mfe_auth,
      exposes: { './LoginPage': './src/LoginPage.tsx' },
      dir: path.join(root, 'mfe-auth'),
    });
    const names = (mode: string) =>
      (remote({}, { mode }) as { plugins: object[] }).plugins.map((p) => p.constructor.name);
    const production = names('production');
    expect(production.indexOf('ManifestFilesPlugin')).toBeGreaterThan(-1);
    expect(production.indexOf('ManifestFilesPlugin')).toBeLessThan(production.indexOf('PrecompressPlugin'));
    expect(names('development')).not.toContain('ManifestFilesPlugin');
  });
});

describe('shared facades (a singleton offers only the names its facade exports)', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const sourceDirs = [
    'shared/src',
    'shell/src',
    'mfe-auth/src',
    'mfe-restaurants/src',
    'mfe-catalog/src',
    'mfe-stoplist/src',
    'mfe-orders/src',
    'mfe-reports/src',
  ];

  /** Every value name imported from `lib` by the front-end sources (types are erased). */
  function importedNames(lib: string): Set<string> {
    const names = new Set<string>();
    const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*'${lib}'`, 'g');
    for (const dir of sourceDirs) {
      const abs = path.join(root, dir);
      if (!existsSync(abs)) continue;
      for (const file of readdirSync(abs, { recursive: true, encoding: 'utf8' })) {
        if (!/\.tsx?$/.test(file)) continue;
        const text = readFileSync(path.join(abs, file), 'utf8');
        for (const match of text.matchAll(pattern)) {
          if (/^\s*import\s+type\b/.test(match[0])) continue;
          for (const part of (match[1] ?? '').split(',')) {
            const name = part
              .trim()
              .split(/\s+as\s+/)[0]
              ?.trim();
            if (name && !name.startsWith('type ')) names.add(name);
          }
        }
      }
    }
    return names;
  }

  it('finds the imports it checks', () => {
    expect(importedNames('react-hook-form')).toContain('useForm');
    expect(importedNames('react-router-dom')).toContain('useNavigate');
  });

  it.each(Object.entries(SHARED_FACADES))(
    '%s: every name the apps import is in its facade',
    (lib, facade) => {
      const offered = new Set(facadeExportNames(facade, SHARED_FACADES));
      expect(offered.size).toBeGreaterThan(0);
      expect([...importedNames(lib)].filter((name) => !offered.has(name))).toEqual([]);
    },
  );
});
