import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    server: 'src/server.ts',
    seed: 'src/seed.ts',
    'reprocess-images': 'src/reprocess-images.ts',
    'rotate-secrets': 'src/rotate-secrets.ts',
  },
  outDir: 'dist',
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  bundle: true,
  splitting: false,
  sourcemap: true,
  clean: true,
  // the workspace package is TypeScript source: bundle it; real dependencies stay in node_modules
  noExternal: [/^@qrmenu\//],
  skipNodeModulesBundle: true,
});
