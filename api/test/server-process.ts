/** The real entry point (`src/server.ts` through tsx) as a child process, its output collected. */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
): { child: ChildProcess; output: () => string } {
  let out = '';
  const apiDir = join(__dirname, '..');
  const child = spawn(
    process.execPath,
    [
      '--import',
      pathToFileURL(join(apiDir, 'node_modules', 'tsx', 'dist', 'esm', 'index.mjs')).href,
      join(apiDir, 'src', 'server.ts'),
    ],
    {
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
    },
  );
  const collect = (d: unknown) => {
    out += String(d);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, output: () => out };
}
