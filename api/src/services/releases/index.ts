/**
 * Kept whole: the service's methods share the module's transaction, the notice and the copy in
 * memory; its parts that stand alone (manifest, files, split, keys, reports) are files of their own.
 *
 * `app.releases`: the releases of the federated modules (docs/RELEASES.md). Owns:
 * - each module's stable release and its canary with a share of the users; the list of modules
 *   is the remotes' registry (api/src/remotes.ts), so a remote added there has releases too;
 * - the changes, each in one transaction holding the module's row: register (after the
 *   manifest passed its check, manifest.ts, and every file it names was fetched and found as
 *   built, files.ts), set the canary's share, promote, roll back; only
 *   an admin or the module's own deploy key (keys.ts) may make them;
 * - who gets which release (split.ts), from a copy of the table every server keeps in memory:
 *   a change publishes a notice (`releases`, app.cacheBus: LISTEN/NOTIFY on PostgreSQL) and every
 *   server drops its copy, so all of them answer the new releases at once;
 * - where a release may come from: the allowed origins, in the database (an admin adds and
 *   removes them, each change logged; the environment gives the first ones, `seedReleaseOrigins`),
 *   read afresh at each registration and, for the shell's Content-Security-Policy, from the copy
 *   every server keeps (with the origins of the releases it serves);
 * - the shells' reports (reports.ts) and the canary threshold: a canary whose failures reach
 *   `maxFailureRate` of at least `minLoads` loads is switched off by itself, and why is kept.
 *   A report counts only with the report token its shell was given with its assignment
 *   (report-token.ts), for a release the token names, once per user (loads and failures are
 *   distinct users), and each address speaks for a bounded number of users.
 */
import { createHash } from 'node:crypto';
import type {
  Assignment,
  CanaryStop,
  CanaryThreshold,
  DeployKey,
  ModuleReleases,
  ReleaseOrigin,
  ReleaseRegisterBody,
  ReleaseReport,
  ReleasesOverview,
} from '@qrmenu/shared/schemas';
import { type ModuleChannelRow, type ModuleReleaseRow, newId, now, type ReleaseOriginRow } from '../../db';
import { conflict, invalid, notAllowed, notFound, unauthenticated } from '../../domain/errors';
import type { Repositories } from '../../repos';
import { toRelease } from '../../repos/module-releases';
import { addressKey } from '../../state/login-rules';
import type { ServiceContext } from '../context';
import { deployedFilesProblems } from './files';
import { keyHash, matchesHash, newDeployKey } from './keys';
import { fetchManifest, type ManifestSources, manifestProblems, shellProvides } from './manifest';
import { type ReportGrant, readReportToken, signReportToken } from './report-token';
import { mergeNames, ReportBuffer, reportersPerAddress } from './reports';
import { inCanary, type Subject } from './split';

export type { Subject } from './split';

/** Releases kept per module (with the stable, the canary and what a rollback returns to). */
export const RELEASES_KEPT = 20;

/** The version of a module's first stable release, taken from the environment at its first start. */
export const INITIAL_VERSION = 'initial';

export const DEFAULT_CANARY_THRESHOLD: CanaryThreshold = { min_loads: 20, max_failure_rate: 0.1 };

export interface ReleaseSettings {
  /** `allowedOrigins`: the environment's (the first ones); the database's are read at each registration. */
  manifests: ManifestSources;
  threshold: CanaryThreshold;
  /** Signs the report tokens (report-token.ts `reportKeyFrom`: the same on every server). */
  reportKey: Buffer;
}

/** Who asks for a change: an admin (by its token), or a pipeline with a deploy key (or nothing). */
export type ReleaseCaller = { admin: true } | { admin: false; key: string | null };

interface Current {
  stable: ModuleReleaseRow | null;
  canary: ModuleReleaseRow | null;
  share: number;
}

/** What every server keeps in memory, once per app: the current releases and the pending reports. */
export interface ReleaseRuntime {
  settings: ReleaseSettings;
  reports: ReportBuffer;
  /** The current releases by module, read once after each change (null: not read yet). */
  snapshot: Promise<Map<string, Current>> | null;
  /** The allowed origins, read once after each change (null: not read yet). */
  origins: Promise<string[]> | null;
  generation: number;
}

export function releaseRuntime(settings: ReleaseSettings): ReleaseRuntime {
  return {
    settings,
    reports: new ReportBuffer(reportersPerAddress(settings.threshold.min_loads)),
    snapshot: null,
    origins: null,
    generation: 0,
  };
}

/** Who changes the allowed origins: the admin's login (kept with an origin it adds, and logged). */
export interface OriginChanger {
  _id: string;
  login: string;
}

const toOrigin = (r: ReleaseOriginRow): ReleaseOrigin => ({
  _id: r.id,
  origin: r.origin,
  added_by: r.added_by,
  created_at: r.created_at,
});

/**
 * An origin as an admin typed it, as browsers name it (`https://cdn.example.uz`, a port when not
 * the scheme's own); refused (400) when it is not one: another scheme, a user, a path, a query.
 */
export function exactOrigin(input: string): string {
  const refused = () =>
    invalid('An origin: https://host or https://host:port, nothing after it', [
      { path: 'origin', message: 'An origin like https://cdn.example.uz' },
    ]);
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw refused();
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw refused();
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') throw refused();
  // `https://cdn.example.uz/` is the origin; `https://cdn.example.uz/x` is not
  if (!/^https?:\/\/[^/?#]+\/?$/i.test(input.trim())) throw refused();
  return url.origin;
}

/** The origin of an absolute http(s) address (null: a path of this server). */
const originOfUrl = (url: string): string | null =>
  /^https?:\/\//i.test(url) && URL.canParse(url) ? new URL(url).origin : null;

async function readCurrent(repos: Repositories): Promise<Map<string, Current>> {
  const channels = await repos.channels.all();
  const ids = channels.flatMap((c) => [c.stable_id, c.canary_id]).filter((id): id is string => !!id);
  const rows = await repos.releases.findMany(ids);
  const out = new Map<string, Current>();
  for (const c of channels) {
    const canary = c.canary_id ? (rows.get(c.canary_id) ?? null) : null;
    out.set(c.module, {
      stable: c.stable_id ? (rows.get(c.stable_id) ?? null) : null,
      canary,
      share: canary ? c.canary_share : 0,
    });
  }
  return out;
}

/** The stored stop; one written before it kept the failures' names and first error has none. */
function parseStop(json: string | null): CanaryStop | null {
  if (!json) return null;
  try {
    const stop = JSON.parse(json) as Partial<CanaryStop>;
    if (typeof stop.version !== 'string') return null;
    return {
      version: stop.version,
      loads: Number(stop.loads ?? 0),
      failures: Number(stop.failures ?? 0),
      at: String(stop.at ?? ''),
      failure_names: stop.failure_names && typeof stop.failure_names === 'object' ? stop.failure_names : {},
      first_error: stop.first_error ?? null,
    };
  } catch {
    return null;
  }
}

export function releasesService({ repos, effects, log }: ServiceContext, runtime: ReleaseRuntime) {
  const { settings } = runtime;
  const modules = Object.keys(settings.manifests.packages);

  const known = (module: string): void => {
    if (!modules.includes(module)) throw notFound(`No module ${module}`);
  };

  /**
   * A copy kept in memory (`runtime[slot]`), read again after a notice: a failed read is not
   * kept, and a notice during the read makes it stale (read again next time).
   */
  const kept = <K extends 'snapshot' | 'origins'>(
    slot: K,
    read: () => NonNullable<ReleaseRuntime[K]>,
  ): NonNullable<ReleaseRuntime[K]> => {
    const held = runtime[slot];
    if (held) return held as NonNullable<ReleaseRuntime[K]>;
    const generation = runtime.generation;
    const reading = read();
    runtime[slot] = reading;
    (reading as Promise<unknown>).then(
      () => {
        if (runtime.generation !== generation && runtime[slot] === reading) runtime[slot] = null;
      },
      () => {
        if (runtime[slot] === reading) runtime[slot] = null;
      },
    );
    return reading;
  };

  /** The current releases (the copy in memory; read again after a notice). */
  const current = (): Promise<Map<string, Current>> => kept('snapshot', () => readCurrent(repos));

  /** The allowed origins as the database has them now (a registration reads them afresh). */
  const allowedNow = async (): Promise<string[]> => (await repos.releaseOrigins.all()).map((o) => o.origin);

  /** Passes when the caller may change `module`: an admin, or the module's own deploy key. */
  const assertMayChange = async (module: string, caller: ReleaseCaller): Promise<void> => {
    if (caller.admin) return;
    if (!caller.key) throw unauthenticated('A deploy key (Authorization: Bearer qrd_...) or an admin token');
    // every stored hash is compared (constant time each): a key of another module is told apart
    const owner = (await repos.deployKeys.all()).find((k) => matchesHash(caller.key as string, k.key_hash));
    if (!owner) throw unauthenticated('Unknown deploy key');
    if (owner.module !== module)
      throw notAllowed(`This deploy key is ${owner.module}'s: it cannot change ${module}`);
  };

  const view = async (r: Repositories, module: string): Promise<ModuleReleases> => {
    const channel = (await r.channels.all()).find((c) => c.module === module);
    const key = (await r.deployKeys.all()).find((k) => k.module === module);
    return moduleView(r, module, channel, key?.created_at ?? null);
  };

  const moduleView = async (
    r: Repositories,
    module: string,
    channel: ModuleChannelRow | undefined,
    keyCreatedAt: string | null,
  ): Promise<ModuleReleases> => {
    const stableRow = channel?.stable_id ? await r.releases.find(channel.stable_id) : undefined;
    const ids = [channel?.canary_id, stableRow?.follows_id].filter((id): id is string => !!id);
    const rows = await r.releases.findMany(ids);
    const canary = channel?.canary_id ? rows.get(channel.canary_id) : undefined;
    const previous = stableRow?.follows_id ? rows.get(stableRow.follows_id) : undefined;
    return {
      module,
      stable: stableRow ? toRelease(stableRow) : null,
      canary: canary ? toRelease(canary) : null,
      canary_share: canary ? (channel?.canary_share ?? 0) : 0,
      previous: previous ? toRelease(previous) : null,
      stopped: parseStop(channel?.stopped ?? null),
      deploy_key_created_at: keyCreatedAt,
    };
  };

  /**
   * Changes a module's row in one transaction holding it, then tells every server. `change`
   * answers the patch (or throws: nothing changes).
   */
  const change = async (
    module: string,
    caller: ReleaseCaller,
    decide: (r: Repositories, channel: ModuleChannelRow) => Promise<Partial<ModuleChannelRow>>,
  ): Promise<ModuleReleases> => {
    known(module);
    await assertMayChange(module, caller);
    const answer = await repos.transaction(async (r) => {
      await r.channels.insertIfMissing(emptyChannel(module));
      const channel = (await r.channels.lock(module)) as ModuleChannelRow;
      const patch = await decide(r, channel);
      await r.channels.save(module, { ...patch, updated_at: now() });
      const saved = { ...channel, ...patch };
      const stable = saved.stable_id ? await r.releases.find(saved.stable_id) : undefined;
      await r.releases.prune(
        module,
        RELEASES_KEPT,
        [saved.stable_id, saved.canary_id, stable?.follows_id].filter((id): id is string => !!id),
      );
      return view(r, module);
    });
    effects.stale('releases');
    return answer;
  };

  const noCanary = () => conflict('The module has no canary release');

  return {
    threshold: settings.threshold,

    /** The admin's page: every module's releases, loads and failures, the threshold. */
    async overview(): Promise<ReleasesOverview> {
      const channels = new Map((await repos.channels.all()).map((c) => [c.module, c]));
      const keys = new Map((await repos.deployKeys.all()).map((k) => [k.module, k.created_at]));
      const list: ModuleReleases[] = [];
      for (const module of modules) {
        list.push(await moduleView(repos, module, channels.get(module), keys.get(module) ?? null));
      }
      const origins = (await repos.releaseOrigins.all()).map(toOrigin);
      return { modules: list, threshold: settings.threshold, origins };
    },

    /**
     * Allows releases from `input` (an origin, exactly), for every server at once. 409 when it is
     * allowed already.
     */
    async allowOrigin(input: string, by: OriginChanger): Promise<ReleaseOrigin> {
      const origin = exactOrigin(input);
      const row: ReleaseOriginRow = { id: newId(), origin, added_by: by.login, created_at: now() };
      if ((await repos.releaseOrigins.insertNew([row])) === 0) {
        throw conflict(`${origin} is allowed already`);
      }
      log.warn({ origin, by: by._id, login: by.login }, 'releases: an admin allowed a release origin');
      effects.stale('releases');
      return toOrigin(row);
    },

    /**
     * No more releases from this origin. 409 while a module's stable, canary or previous release
     * (what a rollback returns to) is there: the browsers must still load it.
     */
    async disallowOrigin(id: string, by: OriginChanger): Promise<ReleaseOrigin> {
      const row = await repos.releaseOrigins.find(id);
      if (!row) throw notFound('No such origin');
      for (const module of modules) {
        const served = await view(repos, module);
        for (const [role, release] of [
          ['stable', served.stable],
          ['canary', served.canary],
          ['previous', served.previous],
        ] as const) {
          if (release && originOfUrl(release.manifest_url) === row.origin) {
            throw conflict(
              `${row.origin} serves ${module}'s ${role} release ${release.version}: register another first`,
            );
          }
        }
      }
      await repos.releaseOrigins.delete(id);
      log.warn(
        { origin: row.origin, by: by._id, login: by.login },
        'releases: an admin removed a release origin',
      );
      effects.stale('releases');
      return toOrigin(row);
    },

    /**
     * Where the shell's page may load module code from (its Content-Security-Policy): the allowed
     * origins and those of the releases served now (a release stays loadable whatever the list
     * says), from the copy every server keeps.
     */
    async documentOrigins(): Promise<string[]> {
      const [allowed, releases] = await Promise.all([kept('origins', allowedNow), current()]);
      const served = [...releases.values()].flatMap((c) =>
        [c.stable, c.canary].map((r) => (r ? originOfUrl(r.manifest_url) : null)),
      );
      return [...new Set([...allowed, ...served.filter((o): o is string => o !== null)])];
    },

    /**
     * Registers a build: its manifest is checked first (manifest.ts; refused with the reasons).
     * With `canary_share` it becomes the canary for that share of users, else the stable release
     * (any canary ends). The same version again with the same address is the same release.
     */
    async register(
      module: string,
      body: ReleaseRegisterBody,
      caller: ReleaseCaller,
    ): Promise<ModuleReleases> {
      known(module);
      await assertMayChange(module, caller);
      const url = body.manifest_url;
      // the origins allowed now, as the database has them (an admin's change is seen at once)
      const sources = { ...settings.manifests, allowedOrigins: await allowedNow() };
      const { manifest, digest } = await fetchManifest(url, sources);
      const problems = manifestProblems(
        module,
        url,
        manifest,
        await shellProvides(settings.manifests.webRoot),
        sources,
      );
      if (problems.length > 0) {
        throw invalid(
          `The shell could not load this build: ${problems.join('; ')}`,
          problems.map((message) => ({ path: 'manifest_url', message })),
        );
      }
      // every file it names, as deployed, is the file that was built (files.ts)
      const missing = await deployedFilesProblems(url, manifest, sources);
      if (missing.length > 0) {
        throw invalid(
          `The build's files are not as its manifest names them: ${missing.join('; ')}`,
          missing.map((message) => ({ path: 'manifest_url', message })),
        );
      }
      const version = body.version ?? digest;
      return change(module, caller, async (r, channel) => {
        let release = await r.releases.findVersion(module, version);
        if (release && release.manifest_url !== url) {
          throw conflict(`${module} ${version} is already registered at ${release.manifest_url}`);
        }
        if (!release) {
          release = newRelease(module, version, url);
          await r.releases.insert(release);
        }
        if (body.canary_share !== undefined) {
          if (!channel.stable_id) throw conflict('Register a stable release of the module first');
          if (release.id === channel.stable_id) throw conflict(`${version} is already the stable release`);
          return { canary_id: release.id, canary_share: body.canary_share, stopped: null };
        }
        if (release.id !== channel.stable_id) await r.releases.setFollows(release.id, channel.stable_id);
        return { stable_id: release.id, canary_id: null, canary_share: 0 };
      });
    },

    /** Sets the share of users the canary reaches. */
    setCanaryShare: (module: string, share: number, caller: ReleaseCaller) =>
      change(module, caller, async (_r, channel) => {
        if (!channel.canary_id) throw noCanary();
        return { canary_share: share };
      }),

    /** The canary becomes the stable release for everyone (the old stable is what a rollback returns to). */
    promote: (module: string, caller: ReleaseCaller) =>
      change(module, caller, async (r, channel) => {
        if (!channel.canary_id) throw noCanary();
        await r.releases.setFollows(channel.canary_id, channel.stable_id);
        return { stable_id: channel.canary_id, canary_id: null, canary_share: 0 };
      }),

    /**
     * One step back: a running canary is switched off (everyone on the stable release); without
     * one, the stable release before this one is stable again.
     */
    rollback: (module: string, caller: ReleaseCaller) =>
      change(module, caller, async (r, channel) => {
        if (channel.canary_id) return { canary_id: null, canary_share: 0 };
        const stable = channel.stable_id ? await r.releases.find(channel.stable_id) : undefined;
        if (!stable?.follows_id) throw conflict('Nothing to roll back to');
        return { stable_id: stable.follows_id };
      }),

    /** A new deploy key for the module (the old one stops working): answered once, kept as its hash. */
    async createDeployKey(module: string): Promise<DeployKey> {
      known(module);
      const key = newDeployKey();
      const at = now();
      await repos.deployKeys.save(module, keyHash(key), at);
      return { module, key, created_at: at };
    },

    /**
     * Which release of each deployed module `subject` gets (stable, or the canary with its
     * fallback), and the token its shell reports with (null for nobody known: no reports).
     */
    async assignment(subject: Subject): Promise<Assignment> {
      const releases = await current();
      const remotes: Assignment['remotes'] = {};
      for (const module of modules) {
        const c = releases.get(module);
        if (!c?.stable) continue;
        remotes[module] =
          c.canary && inCanary(module, c.canary.version, subject, c.share)
            ? {
                url: c.canary.manifest_url,
                version: c.canary.version,
                fallback: { url: c.stable.manifest_url, version: c.stable.version },
              }
            : { url: c.stable.manifest_url, version: c.stable.version, fallback: null };
      }
      const grant: ReportGrant | null = subject
        ? {
            subject,
            releases: Object.fromEntries(
              Object.entries(remotes).map(([m, r]) => [
                m,
                r.fallback ? [r.version, r.fallback.version] : [r.version],
              ]),
            ),
          }
        : null;
      return { remotes, report_token: grant ? signReportToken(settings.reportKey, grant) : null };
    },

    /**
     * Takes a shell's reports, sent with its report token from `address`: 401 for a token this
     * deployment did not sign; a report of a release the token does not name, or that no module
     * serves now, or past the address's share of users, is dropped.
     */
    async report(token: string, reports: readonly ReleaseReport[], address: string): Promise<void> {
      const grant = readReportToken(settings.reportKey, token);
      if (!grant) throw unauthenticated('A report token, as the release assignment gave it');
      const releases = await current();
      const from = addressKey(address);
      for (const report of reports) {
        if (!grant.releases[report.module]?.includes(report.version)) continue;
        const c = releases.get(report.module);
        const row = [c?.stable, c?.canary].find((r) => r?.version === report.version);
        if (row)
          runtime.reports.add(row.id, reporterOf(row.id, grant.subject), from, report, {
            visitor: !grant.subject.startsWith('user:'),
          });
      }
    },

    /**
     * Writes the reports added up since the last flush, then switches off each canary whose
     * failures reached the threshold (in the transaction that added them: two servers flushing at
     * once switch it off once).
     */
    async flushReports(): Promise<void> {
      const pending = runtime.reports.take();
      let stopped = false;
      for (const p of pending) {
        stopped =
          (await repos.transaction(async (r) => {
            // each user's facts once: those already known (told before, or to another server) add nothing
            const at = now();
            const facts = [...p.reporters].flatMap(([reporter, names]) =>
              [LOADED, ...(names.size > 0 ? [FAILED, ...names] : [])].map((what) => ({
                release_id: p.releaseId,
                reporter,
                what,
                created_at: at,
              })),
            );
            // the release's first error stays the first one told (of any server)
            if (p.firstError) await r.releases.setFirstError(p.releaseId, { ...p.firstError, at });
            const added = await r.releaseReports.addNew(facts);
            const loads = added.filter((f) => f.what === LOADED).length;
            const failures = added.filter((f) => f.what === FAILED).length;
            const names: Record<string, number> = {};
            for (const { what } of added)
              if (what !== LOADED && what !== FAILED) names[what] = (names[what] ?? 0) + 1;
            if (added.length === 0) return false;
            const row = await r.releases.addCounts(p.releaseId, loads, failures, (known) =>
              mergeNames(known, names),
            );
            if (!row) return false;
            const channel = await r.channels.lock(p.module);
            if (channel?.canary_id !== row.id) return false;
            const { min_loads, max_failure_rate } = settings.threshold;
            if (row.loads < min_loads || row.failures < row.loads * max_failure_rate) return false;
            // why it stopped stays readable once it is no longer the canary: what failed, by name
            const { failure_names, first_error } = toRelease(row);
            const stop: CanaryStop = {
              version: row.version,
              loads: row.loads,
              failures: row.failures,
              at: now(),
              failure_names,
              first_error,
            };
            await r.channels.save(p.module, {
              canary_id: null,
              canary_share: 0,
              stopped: JSON.stringify(stop),
              updated_at: stop.at,
            });
            return true;
          })) || stopped;
      }
      if (stopped) effects.stale('releases');
    },

    /** Drops this server's copy of the releases and origins (a notice said they changed). */
    forget(): void {
      runtime.generation++;
      runtime.snapshot = null;
      runtime.origins = null;
    },
  };
}

/** The facts a reporter tells beside its error names (an error's name never starts with `@`). */
const LOADED = '@load';
const FAILED = '@fail';

/** A user of a release as its counts keep it: a hash of the release and the subject, not the subject. */
const reporterOf = (releaseId: string, subject: string): string =>
  createHash('sha256').update(`${releaseId}\n${subject}`).digest('base64url').slice(0, 22);

const emptyChannel = (module: string): ModuleChannelRow => ({
  module,
  stable_id: null,
  canary_id: null,
  canary_share: 0,
  stopped: null,
  updated_at: now(),
});

/** A release just registered: not loaded, not failed, following none. */
function newRelease(module: string, version: string, manifestUrl: string): ModuleReleaseRow {
  return {
    id: newId(),
    module,
    version,
    manifest_url: manifestUrl,
    loads: 0,
    failures: 0,
    failure_names: '{}',
    follows_id: null,
    created_at: now(),
    first_error: null,
  };
}

/**
 * The first stable release of each module that has none, from the environment (REMOTE_*_URL, or
 * the module built into this server's folder): at the start, under the start-up lock. Answers the
 * modules whose address in the environment differs from their stable release (the database wins).
 */
export async function seedReleases(
  repos: Repositories,
  initial: Readonly<Record<string, string | null>>,
): Promise<string[]> {
  const differing: string[] = [];
  for (const [module, url] of Object.entries(initial)) {
    const channel = (await repos.channels.all()).find((c) => c.module === module);
    if (channel?.stable_id) {
      const stable = await repos.releases.find(channel.stable_id);
      if (url && stable && stable.manifest_url !== url && stable.version === INITIAL_VERSION)
        differing.push(module);
      continue;
    }
    if (!url) continue;
    await repos.transaction(async (r) => {
      const release = newRelease(module, INITIAL_VERSION, url);
      const { id } = release;
      await r.releases.insert(release);
      if (!(await r.channels.insertIfMissing({ ...emptyChannel(module), stable_id: id }))) {
        await r.channels.save(module, { stable_id: id, updated_at: now() });
      }
    });
  }
  return differing;
}

/**
 * The first allowed origins, from the environment (RELEASE_ORIGINS and the origins of
 * REMOTE_*_URL), when the database has none: at the start, under the start-up lock. Afterwards
 * the database's list is the one (an admin's changes); a start that finds it empty takes the
 * environment's again. Answers how many it added.
 */
export async function seedReleaseOrigins(repos: Repositories, origins: readonly string[]): Promise<number> {
  if ((await repos.releaseOrigins.all()).length > 0) return 0;
  const at = now();
  return repos.releaseOrigins.insertNew(
    [...new Set(origins)].map((origin) => ({ id: newId(), origin, added_by: null, created_at: at })),
  );
}
