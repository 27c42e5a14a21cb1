/** Start-up refusals, each one line naming the variable: secrets too short, a cluster that keeps state locally. */
import { describe, expect, it } from 'vitest';
import { ConfigError, checkStartup } from '../src/startup-checks';

const PG = 'postgres://u:p@127.0.0.1:5432/db';
const SECRET = 'k'.repeat(32);

const refusal = (env: Record<string, string>): string => {
  try {
    checkStartup(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).not.toContain('\n');
    return (err as Error).message;
  }
  throw new Error(`accepted: ${JSON.stringify(env)}`);
};

describe('checkStartup', () => {
  it('refuses a JWT_SECRET under 32 characters and an ADMIN_PASSWORD under 8', () => {
    expect(refusal({ JWT_SECRET: 'short-secret' })).toMatch(/^JWT_SECRET is 12 characters: give at least 32/);
    expect(refusal({ ADMIN_PASSWORD: 'admin12' })).toMatch(
      /^ADMIN_PASSWORD is 7 characters: give at least 8/,
    );
    expect(() => checkStartup({ JWT_SECRET: SECRET, ADMIN_PASSWORD: 'admin123' })).not.toThrow();
    // unset: generated (the secret into DATA_DIR, the password into an owner-only file)
    expect(() => checkStartup({})).not.toThrow();
  });

  it('CLUSTER=1 needs PostgreSQL, a JWT_SECRET and the S3 storage driver', () => {
    expect(refusal({ CLUSTER: '1', JWT_SECRET: SECRET, STORAGE_DRIVER: 's3' })).toMatch(
      /^CLUSTER=1 needs DATABASE_URL=postgres/,
    );
    expect(refusal({ CLUSTER: 'true', DATABASE_URL: PG, STORAGE_DRIVER: 's3' })).toMatch(
      /^CLUSTER=1 needs JWT_SECRET/,
    );
    expect(refusal({ CLUSTER: '1', DATABASE_URL: PG, JWT_SECRET: SECRET })).toMatch(
      /^CLUSTER=1 needs STORAGE_DRIVER=s3/,
    );
    expect(refusal({ CLUSTER: '1', DATABASE_URL: PG, JWT_SECRET: SECRET, STORAGE_DRIVER: 'local' })).toMatch(
      /^CLUSTER=1 needs STORAGE_DRIVER=s3/,
    );
    expect(() =>
      checkStartup({ CLUSTER: '1', DATABASE_URL: PG, JWT_SECRET: SECRET, STORAGE_DRIVER: 's3' }),
    ).not.toThrow();
    // without CLUSTER, one server on PostgreSQL with local files is fine
    expect(() => checkStartup({ DATABASE_URL: PG })).not.toThrow();
  });
});
