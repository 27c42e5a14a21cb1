/**
 * The app a command runs on (`pnpm seed`, `pnpm rotate-secrets`, `reprocess-images`): the
 * server's data folder, whatever folder pnpm runs the command in (config/data-dir.ts), its
 * database and JWT secret from the environment, and no request logs; the command adds the rest.
 */
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type App, type BuildAppOptions, buildApp } from './app';
import { resolveDataDir } from './config/data-dir';
import type { SettingName } from './config/env';
import { pickSettings } from './config/settings';

/** The settings every command reads (`CommandEnv`), before its own. */
const COMMAND_SETTINGS = ['DATA_DIR', 'INIT_CWD', 'DATABASE_URL', 'JWT_SECRET'] as const;

/** A command's settings: those every command reads, then its own `names`. */
export function commandSettings<K extends SettingName>(names: readonly K[]) {
  return pickSettings([...COMMAND_SETTINGS, ...names]);
}

/** The settings every command reads. */
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
