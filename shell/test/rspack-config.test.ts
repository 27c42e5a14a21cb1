import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SHARED_SUBPATHS,
  SINGLETON_LIBRARIES,
  sharedConfig,
  sharedSubpathRequest,
} from '../../tools/rspack/federation';

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

  it('provides react-router from where react-router-dom finds it', () => {
    expect(shared['react-router']?.version).toMatch(/^7\./);
    expect(String(shared['react-router']?.import)).toContain('react-router');
  });
});
