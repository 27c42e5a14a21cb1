/**
 * The server's settings from the environment (config/settings.ts): defaults, what each rule
 * takes, a wrong value refused in one line naming the variable, and the start-up checks of one
 * variable against another (secrets too short, a cluster that keeps state locally).
 */
import { describe, expect, it } from 'vitest';
import {
  answerCacheTtlMs,
  pickSettings,
  pictureLimits,
  readSettings,
  STORAGE_SETTINGS,
  s3Config,
} from '../src/config/settings';
import { ConfigError } from '../src/startup-checks';

const PG = 'postgres://u:p@127.0.0.1:5432/db';
const SECRET = 'k'.repeat(32);

const refusal = (env: Record<string, string>): string => {
  try {
    readSettings(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).not.toContain('\n');
    return (err as Error).message;
  }
  throw new Error(`accepted: ${JSON.stringify(env)}`);
};

describe('readSettings', () => {
  it('gives the defaults when nothing is set (blank counts as unset)', () => {
    expect(readSettings({ PORT: ' ', HOST: '' })).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      LOG_FORMAT: undefined,
      TRUST_PROXY: false,
      REQUEST_TIMEOUT_MS: 120_000,
      STORAGE_DRIVER: 'local',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
      UPLOAD_QUOTA_MB: 256,
      UPLOAD_RATE_LIMIT: 60,
      POS_IMAGE_HOSTS: [],
      POS_PICTURE_TEST_ORIGINS: [],
      POS_SYNC_INTERVAL_MINUTES: 15,
      CLUSTER: false,
      VALIDATE_RESPONSES: false,
      SHUTDOWN_DRAIN_MS: 0,
      SHUTDOWN_TIMEOUT_MS: 30_000,
      DATA_DIR: undefined,
      JWT_SECRET: undefined,
    });
  });

  it('parses each kind of value', () => {
    expect(
      readSettings({
        PORT: '0',
        JWT_SECRET: ` ${SECRET} `,
        ADMIN_PASSWORD: ' spaced pass ',
        LOG_FORMAT: 'PRETTY',
        TRUST_PROXY: '10.0.0.5, loopback',
        POS_IMAGE_HOSTS: ' cdn.example.uz, ,https://img.example.uz ',
        POS_SYNC_INTERVAL_MINUTES: '0.5',
        STORAGE_DRIVER: 'S3',
        S3_BUCKET: 'b',
        S3_FORCE_PATH_STYLE: 'Yes',
        S3_PUBLIC_URL: 'https://cdn.example.uz/p/',
        PUBLIC_MENU_URL: 'https://menu.example.uz/',
        INTEGRATION_FEED_URL: 'file:///srv/feed.json',
        VALIDATE_RESPONSES: 'on',
        CLUSTER: '0',
      }),
    ).toMatchObject({
      PORT: 0,
      JWT_SECRET: SECRET,
      ADMIN_PASSWORD: ' spaced pass ', // a password is taken as given
      LOG_FORMAT: 'pretty',
      TRUST_PROXY: ['10.0.0.5', 'loopback'],
      POS_IMAGE_HOSTS: ['cdn.example.uz', 'img.example.uz'],
      POS_SYNC_INTERVAL_MINUTES: 0.5,
      STORAGE_DRIVER: 's3',
      S3_FORCE_PATH_STYLE: true,
      S3_PUBLIC_URL: 'https://cdn.example.uz/p',
      PUBLIC_MENU_URL: 'https://menu.example.uz',
      INTEGRATION_FEED_URL: 'file:///srv/feed.json',
      VALIDATE_RESPONSES: true,
      CLUSTER: false,
    });
  });

  it.each([
    ['PORT', 'http', /^PORT="http": give a whole number, 0 to 65535 .*\(default 8080\)$/],
    ['PORT', '70000', /^PORT="70000"/],
    [
      'REQUEST_TIMEOUT_MS',
      '10',
      /^REQUEST_TIMEOUT_MS="10": give whole milliseconds, at least 1000 \(default 120000\)$/,
    ],
    ['REQUEST_TIMEOUT_MS', '1.5', /^REQUEST_TIMEOUT_MS="1.5"/],
    ['SHUTDOWN_DRAIN_MS', '-5', /^SHUTDOWN_DRAIN_MS="-5": give whole milliseconds/],
    ['SHUTDOWN_TIMEOUT_MS', '999', /^SHUTDOWN_TIMEOUT_MS="999": give whole milliseconds, at least 1000/],
    ['PUBLIC_CACHE_TTL_MS', 'soon', /^PUBLIC_CACHE_TTL_MS="soon": give whole milliseconds \(0: off\)/],
    ['LOG_LEVEL', 'loud', /^LOG_LEVEL="loud": give fatal, error, warn, info/],
    ['LOG_FORMAT', 'yaml', /^LOG_FORMAT="yaml": give pretty or json/],
    ['TRUST_PROXY', 'true', /^TRUST_PROXY="true": trusting every sender/],
    ['STORAGE_DRIVER', 'ftp', /^STORAGE_DRIVER="ftp": give local or s3/],
    ['S3_PUBLIC_URL', 'cdn.uz', /^S3_PUBLIC_URL="cdn.uz": give an absolute http\(s\) URL/],
    ['UPLOAD_QUOTA_MB', '0', /^UPLOAD_QUOTA_MB="0": give megabytes, above 0 \(default 256\)/],
    ['UPLOAD_RATE_LIMIT', 'many', /^UPLOAD_RATE_LIMIT="many"/],
    ['POS_SYNC_INTERVAL_MINUTES', '-1', /^POS_SYNC_INTERVAL_MINUTES="-1": give minutes, above 0/],
    ['CLUSTER', 'maybe', /^CLUSTER="maybe": give on or off/],
    ['VALIDATE_RESPONSES', 'sometimes', /^VALIDATE_RESPONSES="sometimes"/],
    ['PUBLIC_MENU_URL', 'menu.uz', /^PUBLIC_MENU_URL must be an absolute http\(s\) URL, got "menu.uz"$/],
    [
      'INTEGRATION_FEED_URL',
      'ftp://feed.uz/x',
      /^INTEGRATION_FEED_URL="ftp:\/\/feed.uz\/x": give an http\(s\):\/\/ or file:\/\//,
    ],
    ['IIKO_API_URL', 'iiko', /^IIKO_API_URL="iiko"/],
    [
      'POS_IMAGE_HOSTS',
      'http://127.0.0.1:8081',
      /^POS_IMAGE_HOSTS: "http:\/\/127.0.0.1:8081" is not a host name: pictures are fetched over https on port 443 only/,
    ],
    [
      'INTEGRATION_SECRET_KEY',
      'a passphrase',
      /^INTEGRATION_SECRET_KEY: give 32 random bytes in base64 or hex/,
    ],
    ['POSTER_API_URL', 'file:///x', /^POSTER_API_URL="file:\/\/\/x"/],
  ])('refuses %s=%s in one line naming it', (name, value, message) => {
    expect(refusal({ [name]: value })).toMatch(message);
  });

  it('takes POS_PICTURE_TEST_ORIGINS (loopback origins) only with NODE_ENV=test', () => {
    const origins = 'http://127.0.0.1:8081';
    expect(
      readSettings({ NODE_ENV: 'test', POS_PICTURE_TEST_ORIGINS: origins }).POS_PICTURE_TEST_ORIGINS,
    ).toEqual([origins]);
    for (const env of [{ NODE_ENV: 'production' }, { NODE_ENV: 'development' }, {}] as Record<
      string,
      string
    >[]) {
      expect(refusal({ ...env, POS_PICTURE_TEST_ORIGINS: origins })).toMatch(
        /^POS_PICTURE_TEST_ORIGINS is for tests only: set it with NODE_ENV=test/,
      );
    }
    expect(refusal({ NODE_ENV: 'test', POS_PICTURE_TEST_ORIGINS: 'https://cdn.example.uz' })).toMatch(
      /^POS_PICTURE_TEST_ORIGINS: "https:\/\/cdn.example.uz" is not a loopback origin/,
    );
  });

  it('refuses a JWT_SECRET under 32 characters and an ADMIN_PASSWORD under 8', () => {
    expect(refusal({ JWT_SECRET: 'short-secret' })).toMatch(/^JWT_SECRET is 12 characters: give at least 32/);
    expect(refusal({ ADMIN_PASSWORD: 'admin12' })).toMatch(
      /^ADMIN_PASSWORD is 7 characters: give at least 8/,
    );
    expect(() => readSettings({ JWT_SECRET: SECRET, ADMIN_PASSWORD: 'admin123' })).not.toThrow();
    // unset: generated (the secret into DATA_DIR, the password into an owner-only file)
    expect(() => readSettings({})).not.toThrow();
  });

  it('CLUSTER=1 needs PostgreSQL, a JWT_SECRET and the S3 storage driver', () => {
    const s3 = { STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'i', S3_SECRET_ACCESS_KEY: 's' };
    expect(refusal({ CLUSTER: '1', JWT_SECRET: SECRET, ...s3 })).toMatch(
      /^CLUSTER=1 needs DATABASE_URL=postgres/,
    );
    expect(refusal({ CLUSTER: 'true', DATABASE_URL: PG, ...s3 })).toMatch(/^CLUSTER=1 needs JWT_SECRET/);
    expect(refusal({ CLUSTER: '1', DATABASE_URL: PG, JWT_SECRET: SECRET })).toMatch(
      /^CLUSTER=1 needs STORAGE_DRIVER=s3/,
    );
    expect(refusal({ CLUSTER: '1', DATABASE_URL: PG, JWT_SECRET: SECRET, STORAGE_DRIVER: 'local' })).toMatch(
      /^CLUSTER=1 needs STORAGE_DRIVER=s3/,
    );
    expect(() => readSettings({ CLUSTER: '1', DATABASE_URL: PG, JWT_SECRET: SECRET, ...s3 })).not.toThrow();
    // without CLUSTER, one server on PostgreSQL with local files is fine
    expect(() => readSettings({ DATABASE_URL: PG })).not.toThrow();
  });

  it('pickSettings reads only the variables named (a tool is not stopped by the server-only ones)', () => {
    expect(pickSettings(['DATA_DIR', 'DATABASE_URL'], { DATA_DIR: './demo', PORT: 'http' })).toEqual({
      DATA_DIR: './demo',
      DATABASE_URL: undefined,
    });
  });
});

describe('s3Config (STORAGE_DRIVER and S3_*)', () => {
  const env = {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: 'https://storage.yandexcloud.net',
    S3_REGION: 'ru-central1',
    S3_BUCKET: 'menu',
    S3_ACCESS_KEY_ID: 'id',
    S3_SECRET_ACCESS_KEY: 'secret',
  };
  const config = (e: Record<string, string | undefined>) => s3Config(pickSettings(STORAGE_SETTINGS, e));

  it('reads every variable, path style and public URL included', () => {
    expect(config({ ...env, S3_FORCE_PATH_STYLE: 'true', S3_PUBLIC_URL: 'https://cdn.uz/p/' })).toEqual({
      endpoint: 'https://storage.yandexcloud.net',
      region: 'ru-central1',
      bucket: 'menu',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicUrl: 'https://cdn.uz/p',
    });
  });

  it('defaults to AWS virtual-host style in us-east-1 without an endpoint; local: no bucket', () => {
    const c = config({ ...env, S3_ENDPOINT: undefined, S3_REGION: undefined });
    expect(c).toMatchObject({ endpoint: undefined, region: 'us-east-1', forcePathStyle: false });
    expect(config({ ...env, STORAGE_DRIVER: undefined })).toBeUndefined();
  });

  it('names the missing variable', () => {
    expect(() => config({ ...env, S3_BUCKET: ' ' })).toThrow(/^STORAGE_DRIVER=s3 needs S3_BUCKET$/);
    expect(() => config({ ...env, S3_SECRET_ACCESS_KEY: undefined })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => config({ ...env, S3_ACCESS_KEY_ID: undefined })).toThrow(ConfigError);
  });
});

describe('settings read by one part of the server', () => {
  it('pictureLimits: UPLOAD_QUOTA_MB in bytes, UPLOAD_RATE_LIMIT rounded up', () => {
    expect(pictureLimits(readSettings({ UPLOAD_QUOTA_MB: '1.5', UPLOAD_RATE_LIMIT: '2.2' }))).toEqual({
      quotaBytes: 1.5 * 1024 * 1024,
      uploadsPerWindow: 3,
    });
  });

  it('answerCacheTtlMs: PUBLIC_CACHE_TTL_MS, else 1000, off under NODE_ENV=test', () => {
    expect(answerCacheTtlMs({ NODE_ENV: 'production' })).toBe(1000);
    expect(answerCacheTtlMs({ NODE_ENV: 'test' })).toBe(0);
    expect(answerCacheTtlMs({ NODE_ENV: 'test', PUBLIC_CACHE_TTL_MS: '60000' })).toBe(60_000);
    expect(answerCacheTtlMs({ PUBLIC_CACHE_TTL_MS: '0' })).toBe(0);
  });
});
