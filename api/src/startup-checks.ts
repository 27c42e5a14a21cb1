/**
 * Start-up settings checked before anything is opened, each refusal told in one line:
 * minimum lengths of the secrets an operator gives, and a multi-server configuration (CLUSTER=1)
 * that would keep state on one machine.
 */
import { LIMITS } from '@qrmenu/shared/schemas';
import { isPostgresUrl } from './db/connect';

/** A start-up setting that cannot be used: told in one line, no stack trace. */
export class ConfigError extends Error {}

/** Shortest JWT_SECRET: 32 characters (an HMAC-SHA256 key of at least 128 bits of random text). */
export const JWT_SECRET_MIN = 32;

type Env = Record<string, string | undefined>;

const yes = (v: string | undefined) => /^(1|true|yes|on)$/i.test(v?.trim() ?? '');

/**
 * CLUSTER=1 says "this server is one of several behind a load balancer". It is an explicit
 * switch, not guessed from PostgreSQL: one server on PostgreSQL with its files on disk is a
 * fine set-up, and a guess could not tell the two apart.
 */
export const isCluster = (env: Env): boolean => yes(env.CLUSTER);

export function checkStartup(env: Env): void {
  const secret = env.JWT_SECRET?.trim();
  if (secret && secret.length < JWT_SECRET_MIN) {
    throw new ConfigError(
      `JWT_SECRET is ${secret.length} characters: give at least ${JWT_SECRET_MIN} (e.g. \`openssl rand -hex 32\`)`,
    );
  }
  const adminPassword = env.ADMIN_PASSWORD;
  if (adminPassword && adminPassword.length < LIMITS.passwordMin) {
    throw new ConfigError(
      `ADMIN_PASSWORD is ${adminPassword.length} characters: give at least ${LIMITS.passwordMin} (or leave it unset to have one generated)`,
    );
  }
  if (!isCluster(env)) return;
  if (!isPostgresUrl(env.DATABASE_URL?.trim())) {
    throw new ConfigError(
      'CLUSTER=1 needs DATABASE_URL=postgres://...: a SQLite file lives on one machine, the other servers would not see it',
    );
  }
  if (!secret) {
    throw new ConfigError(
      'CLUSTER=1 needs JWT_SECRET (the same on every server): a secret generated here would make the other servers refuse its tokens',
    );
  }
  const driver = env.STORAGE_DRIVER?.trim().toLowerCase() || 'local';
  if (driver === 'local') {
    throw new ConfigError(
      'CLUSTER=1 needs STORAGE_DRIVER=s3 (a shared bucket): pictures kept in this DATA_DIR would be 404 on the other servers',
    );
  }
}

/** Milliseconds from a variable: a whole number of at least `min`, or the default when unset. */
export function parseMs(name: string, v: string | undefined, min: number, fallback: number): number {
  if (v === undefined || v.trim() === '') return fallback;
  const ms = Number(v);
  if (!Number.isInteger(ms) || ms < min) {
    throw new ConfigError(`${name}="${v}": give whole milliseconds, at least ${min} (default ${fallback})`);
  }
  return ms;
}
