/** What one restaurant and one account may store and send: the disk is shared with the database, so no one fills it. */
export interface PictureLimits {
  /** Bytes of processed pictures a restaurant may keep (every variant counted). */
  quotaBytes: number;
  /** Upload requests one account may send per window (each up to 10 files). */
  uploadsPerWindow: number;
  windowMs: number;
}

/**
 * 256 MiB a restaurant: a processed 12 MP photo takes about 0.8 MiB in all its variants, so
 * some 300 photos, far beyond a menu's needs (the 1,000-product bench menu has none). 60 upload
 * requests every 10 minutes an account: a manager photographing a menu in one sitting is never
 * stopped, a script filling the disk is.
 */
export const DEFAULT_PICTURE_LIMITS: PictureLimits = {
  quotaBytes: 256 * 1024 * 1024,
  uploadsPerWindow: 60,
  windowMs: 10 * 60 * 1000,
};

export function resolvePictureLimits(given: Partial<PictureLimits> = {}): PictureLimits {
  const limits = { ...DEFAULT_PICTURE_LIMITS, ...given };
  for (const [k, v] of Object.entries(limits)) {
    if (!Number.isFinite(v) || v <= 0)
      throw new Error(`picture limit ${k} must be a positive number, got ${v}`);
  }
  return limits;
}
