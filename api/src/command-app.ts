/**
 * The app a command runs on (`pnpm seed`, `pnpm rotate-secrets`, `reprocess-images`): the
 * server's data folder, whatever folder pnpm runs the command in (config/data-dir.ts), its
 * database and JWT secret from the environment, and no request logs; the command adds the rest.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type App, type BuildAppOptions, buildApp } from './app';
import { resolveDataDir } from './config/data-dir';

/** The settings every command reads (pickSettings of these names, and what the command wants besides). */
export interface CommandEnv {
  DATA_DIR?: string | undefined;
  INIT_CWD?: string | undefined;
  DATABASE_URL?: string | undefined;
  JWT_SECRET?: string | undefined;
}

export function commandApp(env: CommandEnv, options: Partial<BuildAppOptions> = {}): Promise<App> {
  return buildApp({
    dataDir: resolveDataDir(env, process.cwd(), dirname(fileURLToPath(import.meta.url))),
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET,
    logger: false,
    ...options,
  });
}
