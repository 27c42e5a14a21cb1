/** Modules' deploy keys (`deploy_keys`), as SHA-256 hashes: the key itself is shown once and never stored. */
import type { Q } from './query';

export function deployKeysRepository(q: Q) {
  return {
    all: () => q.selectFrom('deploy_keys').selectAll().execute(),

    /** Sets (or replaces: a rotation) the module's key hash. */
    async save(module: string, keyHash: string, at: string): Promise<void> {
      await q
        .insertInto('deploy_keys')
        .values({ module, key_hash: keyHash, created_at: at })
        .onConflict((oc) => oc.column('module').doUpdateSet({ key_hash: keyHash, created_at: at }))
        .execute();
    },
  };
}
