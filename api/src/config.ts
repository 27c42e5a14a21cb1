import type { PictureLimits } from './images/limits';
import type { RemoteName } from './remotes';
import type { OrderRateLimits } from './services/orders/limits';
import type { LiveLimits } from './services/orders/stream-limits';
import type { ReleaseSettings } from './services/releases';

/** The settings the app was built with (`app.appConfig`). */
export interface AppConfig {
  dataDir: string;
  uploadsDir: string;
  tokenTtl: string | number;
  integrationFeedUrl: string | undefined;
  webRoot: string | undefined;
  remoteUrls: Partial<Record<RemoteName, string | undefined>>;
  publicApiBase: string | undefined;
  /** PUBLIC_MENU_URL without a trailing slash, or null (this origin). */
  publicMenuBase: string | null;
  /** Pictures' storage quota per restaurant and uploads per account over time. */
  pictureLimits: PictureLimits;
  /** Where release manifests may come from, the modules, the canary threshold (services/releases/). */
  releases: ReleaseSettings;
  /** Orders and calls per address and per table (defaults: services/orders/limits.ts). */
  orderLimits?: Partial<OrderRateLimits> | undefined;
  /** The live streams one server holds (defaults: services/orders/live.ts). */
  streamLimits?: Partial<LiveLimits> | undefined;
  /** The key of the staff PINs' hashes (services/staff/pin.ts), derived from JWT_SECRET. */
  pinKey: Buffer;
}
