/**
 * The database part of the app (docs/ARCHITECTURE.md, "Server"): opened before the server is
 * made, migrated, and given the first admin and the first releases under the same start-up lock
 * as the migrations (servers started together).
 */
import { connect } from '../db';
import { createRepositories } from '../repos';
import { ensureAdmin } from '../services/accounts';
import { seedReleaseOrigins, seedReleases } from '../services/releases';
import { allowedOrigins } from '../services/releases/manifest';
import type { App } from '../types';
import { environmentRemotes } from '../web';
import type { FrontEndOptions } from './front-ends';

export interface DatabaseOptions {
  /** `postgres://...` or a SQLite file; default `<dataDir>/qrmenu.sqlite`. */
  databaseUrl?: string | undefined;
  /** PostgreSQL: use a fresh random schema (parallel tests). */
  isolateSchema?: boolean;
  adminLogin?: string | undefined;
  adminPassword?: string | undefined;
  /** Called once when the bootstrap admin is created on an empty database. */
  onAdminCreated?: (login: string, password: string, generated: boolean) => void;
}

export async function openDatabase(
  options: DatabaseOptions & Pick<FrontEndOptions, 'remoteUrls' | 'releaseOrigins'>,
  dataDir: string,
  webRoot: string | undefined,
) {
  const remoteUrls = options.remoteUrls ?? {};
  const releaseOrigins = options.releaseOrigins ?? [];
  let differingRemotes: string[] = [];
  // the app's logger once it exists; a connection lost before that is only dropped by the pool
  let logIdleError: (err: Error) => void = () => {};

  const conn = await connect({
    databaseUrl: options.databaseUrl,
    dataDir,
    isolateSchema: options.isolateSchema ?? false,
    // the first admin under the same start-up lock as the migrations (servers started together)
    bootstrap: async (db) => {
      await ensureAdmin(createRepositories(db), {
        login: options.adminLogin,
        password: options.adminPassword,
        onCreated: options.onAdminCreated,
      });
      // each module's first stable release: the environment's address (a later start keeps the database's)
      differingRemotes = await seedReleases(createRepositories(db), environmentRemotes(webRoot, remoteUrls));
      // and the first origins releases may come from (an admin manages them afterwards)
      await seedReleaseOrigins(
        createRepositories(db),
        allowedOrigins([...Object.values(remoteUrls), ...releaseOrigins]),
      );
    },
    onIdleError: (err) => logIdleError(err),
  });

  /** From now on a lost idle connection is logged, and the seeds' warnings are said. */
  const attach = (app: App) => {
    logIdleError = (err) =>
      app.log.warn({ err }, 'an idle database connection was lost; the next query opens a new one');
    for (const module of differingRemotes) {
      app.log.warn(
        { module },
        "the module's address in the environment differs from its stable release in the database, which is kept: register the new one (pnpm release)",
      );
    }
    app.addHook('onClose', async () => {
      await conn.close();
    });
  };
  return { conn, attach };
}
