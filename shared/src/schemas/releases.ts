/**
 * Releases of the federated modules (docs/RELEASES.md): each remote has a stable release (its
 * manifest's address and a version) and may have a canary release that a share of the users
 * get, chosen by a hash of their account (a signed-out visitor: a random id kept in the
 * browser). The shell asks which release each module is for it, and reports loads and failures.
 */
import { z } from 'zod';
import { plainString } from './fields';

export const RELEASE_LIMITS = {
  version: 64,
  url: 2048,
  /** Reports of one batch (module x version pairs). */
  reportsPerBatch: 20,
  /** Loads or failures one report may add (one page view adds one of each at most). */
  countPerReport: 50,
  /** Error names one report may carry; names past it count under `Other`. */
  errorNames: 8,
  errorName: 64,
  /** Characters of an error's message a report may carry (cut by the shell, again by the server). */
  errorMessage: 300,
  /** Characters of an allowed origin (`https://cdn.example.uz`). */
  origin: 200,
} as const;

/** A remote's federation name (`mfe_catalog`): which ones exist is the server's registry. */
export const moduleName = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'A module name like mfe_catalog');
export const moduleParam = z.object({ module: moduleName });

/** What a team calls a build: a tag, a commit, `2.4.0`; letters, digits and `.`, `_`, `+`, `-`. */
export const releaseVersion = plainString()
  .trim()
  .min(1)
  .max(RELEASE_LIMITS.version)
  .regex(/^[\w.+-]+$/, 'Letters, digits and . _ + -');

/** The share of users a canary reaches, in whole percent. */
export const canaryShare = z.number().int().min(1).max(100);

/** A browser's random visitor id (kept in localStorage): what a signed-out visitor is split by. */
export const visitorId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const errorName = z.string().regex(/^[A-Za-z_$][\w$.]{0,63}$/);

/** The first error a shell reported of a release: its name and message (no query strings), and when it came. */
export const firstError = z.object({ name: z.string(), message: z.string(), at: z.string() });
export type FirstError = z.infer<typeof firstError>;

export const release = z.object({
  _id: z.string(),
  module: z.string(),
  version: z.string(),
  manifest_url: z.string(),
  created_at: z.string(),
  /** Page views that loaded (or tried to load) this release, as the shells reported them. */
  loads: z.number().int(),
  /** Loads that failed and renders that threw. */
  failures: z.number().int(),
  /** Failures by the error's name (`RemoteLoadError`, `TypeError`, ...). */
  failure_names: z.record(z.string(), z.number().int()),
  /** The first error reported of it (kept: later reports do not replace it); null: none yet. */
  first_error: firstError.nullable(),
});
export type Release = z.infer<typeof release>;

/**
 * Why a canary was switched off by itself: its failures passed the threshold; what failed, by the
 * error's name, and the first error's message, as they were when it stopped.
 */
export const canaryStop = z.object({
  version: z.string(),
  loads: z.number().int(),
  failures: z.number().int(),
  at: z.string(),
  failure_names: z.record(z.string(), z.number().int()),
  first_error: firstError.nullable(),
});
export type CanaryStop = z.infer<typeof canaryStop>;

export const moduleReleases = z.object({
  module: z.string(),
  stable: release.nullable(),
  canary: release.nullable(),
  /** Percent of users on the canary (0 without one). */
  canary_share: z.number().int(),
  /** What "Roll back" returns to when there is no canary (the stable release before this one). */
  previous: release.nullable(),
  /** The last canary switched off by the failure threshold (cleared by the next canary). */
  stopped: canaryStop.nullable(),
  /** When the module's deploy key was made (null: it has none). */
  deploy_key_created_at: z.string().nullable(),
});
export type ModuleReleases = z.infer<typeof moduleReleases>;

/** The rule that switches a canary off: at least `min_loads` loads and a failure rate of `max_failure_rate` or more. */
export const canaryThreshold = z.object({
  min_loads: z.number().int(),
  max_failure_rate: z.number(),
});
export type CanaryThreshold = z.infer<typeof canaryThreshold>;

/**
 * An origin a release may be registered from (`https://cdn.example.uz`): an admin adds it on the
 * Modullar page, every server takes it at once; `added_by` null: it came from the environment.
 */
export const releaseOrigin = z.object({
  _id: z.string(),
  origin: z.string(),
  added_by: z.string().nullable(),
  created_at: z.string(),
});
export type ReleaseOrigin = z.infer<typeof releaseOrigin>;

/** An origin to allow: `https://host` or `https://host:port` (http too), nothing after it. */
export const releaseOriginBody = z.strictObject({
  origin: plainString().trim().min(1).max(RELEASE_LIMITS.origin),
});
export type ReleaseOriginBody = z.infer<typeof releaseOriginBody>;

export const releasesOverview = z.object({
  modules: z.array(moduleReleases),
  threshold: canaryThreshold,
  /** The origins a release may be registered from. */
  origins: z.array(releaseOrigin),
});
export type ReleasesOverview = z.infer<typeof releasesOverview>;

export const releaseRegisterBody = z.strictObject({
  /** An absolute http(s) address of the build's mf-manifest.json (its origin must be allowed). */
  manifest_url: plainString().trim().min(1).max(RELEASE_LIMITS.url),
  /** Default: the first 12 hex digits of the manifest's SHA-256. */
  version: releaseVersion.optional(),
  /** Given: the release becomes the canary for this share; absent: the stable release. */
  canary_share: canaryShare.optional(),
});
export type ReleaseRegisterBody = z.infer<typeof releaseRegisterBody>;

export const canaryShareBody = z.strictObject({ share: canaryShare });
export type CanaryShareBody = z.infer<typeof canaryShareBody>;

/** A module's new deploy key: shown once, kept only as its hash. */
export const deployKey = z.object({ module: z.string(), key: z.string(), created_at: z.string() });
export type DeployKey = z.infer<typeof deployKey>;

/** The release one module is for the caller; `fallback`, for a canary: the stable release to fall back to. */
export const assignedRelease = z.object({
  url: z.string(),
  version: z.string(),
  fallback: z.object({ url: z.string(), version: z.string() }).nullable(),
});
export type AssignedRelease = z.infer<typeof assignedRelease>;

/**
 * Every deployed module's release for the caller (a module without a release is absent), and the
 * token its shell sends its reports with: it names the caller and these releases, signed (null
 * when the caller is nobody known: its reports would not count).
 */
export const assignment = z.object({
  remotes: z.record(z.string(), assignedRelease),
  report_token: z.string().nullable(),
});
export type Assignment = z.infer<typeof assignment>;

export const assignmentQuery = z.object({ visitor: z.string().max(200).optional() });

/** What a shell saw of one module's release since its last report (nothing personal). */
export const releaseReport = z.strictObject({
  module: moduleName,
  version: releaseVersion,
  loads: z.number().int().min(0).max(RELEASE_LIMITS.countPerReport),
  failures: z
    .record(errorName, z.number().int().min(1).max(RELEASE_LIMITS.countPerReport))
    .refine((v) => Object.keys(v).length <= RELEASE_LIMITS.errorNames, {
      message: `At most ${RELEASE_LIMITS.errorNames} error names`,
    }),
  /**
   * The first error this page view saw of the release: its name and message (cut to
   * RELEASE_LIMITS.errorMessage, addresses without their query strings); absent without a failure.
   */
  first_error: z
    .strictObject({
      name: errorName,
      message: plainString().max(RELEASE_LIMITS.errorMessage),
    })
    .optional(),
});
export type ReleaseReport = z.infer<typeof releaseReport>;

export const releaseReportsBody = z.strictObject({
  /** The report token of the assignment the shell was given (`report_token`). */
  token: z.string().min(1).max(4096),
  reports: z.array(releaseReport).min(1).max(RELEASE_LIMITS.reportsPerBatch),
});
export type ReleaseReportsBody = z.infer<typeof releaseReportsBody>;

export const releaseAnswers = {
  releasesOverview: z.object({ data: releasesOverview }),
  moduleReleases: z.object({ data: moduleReleases }),
  deployKey: z.object({ data: deployKey }),
  assignment: z.object({ data: assignment }),
  releaseOrigin: z.object({ data: releaseOrigin }),
} as const;
