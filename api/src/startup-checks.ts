/**
 * Start-up settings checked before anything is opened, each refusal told in one line:
 * minimum lengths of the secrets an operator gives, and a multi-server configuration (CLUSTER=1)
 * that would keep state on one machine. The form of each value is checked first, by its schema
 * in config/env.ts.
 */
import { LIMITS } from '@qrmenu/shared/schemas';
import { isPostgresUrl } from './db/connect';

/** A start-up setting that cannot be used: told in one line, no stack trace. */
export class ConfigError extends Error {}

/** Shortest JWT_SECRET: 32 characters (an HMAC-SHA256 key of at least 128 bits of random text). */
const JWT_SECRET_MIN = 32;

/** The settings these checks read (config/settings.ts parses them). */
interface Checked {
  JWT_SECRET: string | undefined;
  ADMIN_PASSWORD: string | undefined;
  CLUSTER: boolean;
  DATABASE_URL: string | undefined;
  STORAGE_DRIVER: 'local' | 's3';
  NODE_ENV?: string | undefined;
  POS_PICTURE_TEST_ORIGINS?: readonly string[];
}

/**
 * CLUSTER=1 says "this server is one of several behind a load balancer". It is an explicit
 * switch, not guessed from PostgreSQL: one server on PostgreSQL with its files on disk is a
 * fine set-up, and a guess could not tell the two apart.
 */
export function checkStartup(settings: Checked): void {
  const secret = settings.JWT_SECRET;
  if (secret && secret.length < JWT_SECRET_MIN) {
    throw new ConfigError(
      `JWT_SECRET is ${secret.length} characters: give at least ${JWT_SECRET_MIN} (e.g. \`openssl rand -hex 32\`)`,
    );
  }
  const adminPassword = settings.ADMIN_PASSWORD;
  if (adminPassword && adminPassword.length < LIMITS.passwordMin) {
    throw new ConfigError(
      `ADMIN_PASSWORD is ${adminPassword.length} characters: give at least ${LIMITS.passwordMin} (or leave it unset to have one generated)`,
    );
  }
  // a test's allowance that would let a production server fetch from its own loopback
  if ((settings.POS_PICTURE_TEST_ORIGINS?.length ?? 0) > 0 && settings.NODE_ENV !== 'test') {
    throw new ConfigError(
      'POS_PICTURE_TEST_ORIGINS is for tests only: set it with NODE_ENV=test, or unset it (POS pictures come over https from public addresses)',
    );
  }
  if (!settings.CLUSTER) return;
  if (!isPostgresUrl(settings.DATABASE_URL)) {
    throw new ConfigError(
      'CLUSTER=1 needs DATABASE_URL=postgres://...: a SQLite file lives on one machine, the other servers would not see it',
    );
  }
  if (!secret) {
    throw new ConfigError(
      'CLUSTER=1 needs JWT_SECRET (the same on every server): a secret generated here would make the other servers refuse its tokens',
    );
  }
  if (settings.STORAGE_DRIVER === 'local') {
    throw new ConfigError(
      'CLUSTER=1 needs STORAGE_DRIVER=s3 (a shared bucket): pictures kept in this DATA_DIR would be 404 on the other servers',
    );
  }
}
