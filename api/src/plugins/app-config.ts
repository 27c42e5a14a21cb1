/**
 * The settings the app was built with, as `app.appConfig` (config.ts), and the secret that signs
 * the access tokens: each part's options read into what the routes and services use.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CanaryThreshold } from '@qrmenu/shared/schemas';
import { privateFile } from '../config/private-files';
import { type PictureLimits, resolvePictureLimits } from '../images/limits';
import { REMOTE_PACKAGES } from '../remotes';
import type { OrderRateLimits } from '../services/orders/limits';
import type { LiveLimits } from '../services/orders/stream-limits';
import { DEFAULT_CANARY_THRESHOLD } from '../services/releases';
import { allowedOrigins } from '../services/releases/manifest';
import { reportKeyFrom } from '../services/releases/report-token';
import { pinKeyFrom } from '../services/staff/pin';
import type { AppConfig } from '../types';
import type { FrontEndOptions } from './front-ends';

export interface AppConfigOptions {
  jwtSecret?: string | undefined;
  /** Seconds, or a time span like `12h` (default `12h`). */
  tokenTtl?: string | number | undefined;
  integrationFeedUrl?: string | undefined;
  /** When a canary is switched off by itself (default: 10 % failures of at least 20 loads). */
  canaryThreshold?: Partial<CanaryThreshold> | undefined;
  /** Pictures' limits: per-restaurant quota and uploads per user over time (see PictureLimits). */
  pictureLimits?: Partial<PictureLimits>;
  /** Orders and calls per address and per table and minute (services/orders/limits.ts). */
  orderLimits?: Partial<OrderRateLimits>;
  /** The live streams one server holds: per order, per address, in all (services/orders/live.ts). */
  streamLimits?: Partial<LiveLimits>;
}

export function loadJwtSecret(dataDir: string, given: string | undefined): string {
  if (given?.trim()) return given.trim();
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    privateFile(file); // one left readable by an earlier version
    const s = readFileSync(file, 'utf8').trim();
    if (s) return s;
  }
  const secret = randomBytes(48).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

function parseTokenTtl(v: string | number | undefined): string | number {
  if (v === undefined || v === '') return '12h';
  if (typeof v === 'number') return v;
  const s = v.trim();
  return /^\d+$/.test(s) ? Number(s) : s;
}

/** `app.appConfig`: what the options say, with the keys derived from the token secret. */
export function appConfigOf(
  options: AppConfigOptions & Pick<FrontEndOptions, 'remoteUrls' | 'releaseOrigins' | 'publicApiBase'>,
  paths: { dataDir: string; uploadsDir: string; webRoot: string | undefined },
  publicMenuBase: string | null,
  jwtSecret: string,
): AppConfig {
  const { dataDir, uploadsDir, webRoot } = paths;
  const remoteUrls = options.remoteUrls ?? {};
  const releaseOrigins = options.releaseOrigins ?? [];
  return {
    dataDir,
    uploadsDir,
    tokenTtl: parseTokenTtl(options.tokenTtl),
    integrationFeedUrl: options.integrationFeedUrl,
    webRoot,
    remoteUrls,
    publicApiBase: options.publicApiBase,
    publicMenuBase,
    pictureLimits: resolvePictureLimits(options.pictureLimits),
    releases: {
      manifests: {
        webRoot,
        packages: REMOTE_PACKAGES,
        allowedOrigins: allowedOrigins([...Object.values(remoteUrls), ...releaseOrigins]),
      },
      threshold: { ...DEFAULT_CANARY_THRESHOLD, ...options.canaryThreshold },
      reportKey: reportKeyFrom(jwtSecret),
    },
    orderLimits: options.orderLimits,
    streamLimits: options.streamLimits,
    pinKey: pinKeyFrom(jwtSecret),
  } satisfies AppConfig;
}
