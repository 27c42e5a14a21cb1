/**
 * The server's settings from the environment: each variable of the table (env.ts) parsed by its
 * schema, a wrong value refused in one line that names it and says what it takes, then the
 * checks across variables (startup-checks.ts).
 */
import type { z } from 'zod';
import type { PictureLimits } from '../images/limits';
import { ConfigError, checkStartup } from '../startup-checks';
import type { S3Config } from '../storage/s3';
import { defaultOf, SETTINGS, type SettingName } from './env';

type Env = Record<string, string | undefined>;

/** Every variable the server reads, typed by its schema (`settings.PORT` is a number). */
export type Settings = { [K in SettingName]: z.output<(typeof SETTINGS)[K]['schema']> };

/** One variable, parsed; a value it does not take throws a ConfigError naming it. */
function readSetting<K extends SettingName>(name: K, env: Env = process.env): Settings[K] {
  const entry = SETTINGS[name];
  const raw = env[name];
  const given = raw === undefined || raw.trim() === '' ? undefined : entry.verbatim ? raw : raw.trim();
  const parsed = entry.schema.safeParse(given);
  if (parsed.success) return parsed.data as Settings[K];
  // a parser's own message names the variable and says why; zod's own rules get the table's words
  const own = parsed.error.issues.find((issue) => issue.code === 'custom');
  const rule = `give ${entry.values} (default ${defaultOf(entry)})`.replaceAll('`', '');
  throw new ConfigError(own?.message ?? `${name}="${raw}": ${rule}`);
}

/** Every variable, then the checks of one against another (startup-checks.ts). */
export function readSettings(env: Env = process.env): Settings {
  const settings = pickSettings(Object.keys(SETTINGS) as SettingName[], env) as Settings;
  checkStartup(settings);
  return settings;
}

/** Only the variables `names` (a tool that needs a few of the server's: the seed, reprocess-images). */
export function pickSettings<K extends SettingName>(
  names: readonly K[],
  env: Env = process.env,
): Pick<Settings, K> {
  return Object.fromEntries(names.map((name) => [name, readSetting(name, env)])) as Pick<Settings, K>;
}

/** The variables of the pictures' storage (`s3Config`'s input). */
export const STORAGE_SETTINGS = [
  'STORAGE_DRIVER',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_URL',
] as const satisfies readonly SettingName[];
type StorageSettings = Pick<Settings, (typeof STORAGE_SETTINGS)[number]>;

/** STORAGE_DRIVER=s3: the bucket's configuration (each missing variable named); `local`: undefined. */
export function s3Config(s: StorageSettings): S3Config | undefined {
  if (s.STORAGE_DRIVER === 'local') return undefined;
  const need = (name: 'S3_BUCKET' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY'): string => {
    const v = s[name];
    if (!v) throw new ConfigError(`STORAGE_DRIVER=s3 needs ${name}`);
    return v;
  };
  return {
    endpoint: s.S3_ENDPOINT,
    region: s.S3_REGION,
    bucket: need('S3_BUCKET'),
    accessKeyId: need('S3_ACCESS_KEY_ID'),
    secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: s.S3_FORCE_PATH_STYLE,
    publicUrl: s.S3_PUBLIC_URL,
  };
}

/** UPLOAD_QUOTA_MB and UPLOAD_RATE_LIMIT as the pictures' limits (the window stays 10 minutes). */
export function pictureLimits(
  s: Pick<Settings, 'UPLOAD_QUOTA_MB' | 'UPLOAD_RATE_LIMIT'>,
): Pick<PictureLimits, 'quotaBytes' | 'uploadsPerWindow'> {
  return {
    quotaBytes: Math.round(s.UPLOAD_QUOTA_MB * 1024 * 1024),
    uploadsPerWindow: Math.ceil(s.UPLOAD_RATE_LIMIT),
  };
}

/** How long the answer cache keeps an answer: PUBLIC_CACHE_TTL_MS, else 1000 (0, off, in tests). */
export function answerCacheTtlMs(env: Env = process.env): number {
  return readSetting('PUBLIC_CACHE_TTL_MS', env) ?? (readSetting('NODE_ENV', env) === 'test' ? 0 : 1000);
}
