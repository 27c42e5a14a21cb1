/**
 * Where the data folder is, the same for `pnpm start` and `pnpm seed` whatever folder they are
 * run from. pnpm runs a package's script inside that package (`pnpm seed` runs in `api/`), so
 * `./data` resolved against the process's folder gave the seed `api/data` and the server
 * `./data`: the demo went to a database nobody served.
 *
 * - DATA_DIR unset: `<workspace root>/data` (the folder holding pnpm-workspace.yaml), else
 *   `./data` of the folder the command was typed in.
 * - DATA_DIR relative: against the folder the command was typed in (pnpm's INIT_CWD), not the
 *   package folder pnpm moved into.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The folder above `from` that holds pnpm-workspace.yaml, if any (works from src/ and dist/). */
export function findWorkspaceRoot(from: string): string | undefined {
  let dir = resolve(from);
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return undefined;
}

export function resolveDataDir(
  env: { DATA_DIR?: string; INIT_CWD?: string },
  cwd: string,
  moduleDir: string,
): string {
  const invokedIn = env.INIT_CWD || cwd;
  if (env.DATA_DIR) return resolve(invokedIn, env.DATA_DIR);
  const root = findWorkspaceRoot(moduleDir);
  return root ? join(root, 'data') : resolve(invokedIn, 'data');
}
