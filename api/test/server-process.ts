/**
 * The real entry point as a child process, its output collected: `src/server.ts` bundled as the
 * production build bundles it, once per run (server-bundle.ts, the project's global set-up).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { inject } from 'vitest';

export function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): { child: ChildProcess; output: () => string } {
  let out = '';
  const child = spawn(process.execPath, [inject('serverBundle')], {
    cwd: dataDir,
    // INIT_CWD: a relative DATA_DIR is taken from the folder a command was typed in (pnpm's INIT_CWD)
    env: {
      ...process.env,
      INIT_CWD: dataDir,
      HOST: '127.0.0.1',
      DATA_DIR: 'data',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (d: unknown) => {
    out += String(d);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, output: () => out };
}
