/**
 * Runtime side of Module Federation in the host: registers the remotes named by /config.json on
 * the instance the build plugin created, refuses a remote that needs shared modules the shell
 * does not provide at a satisfying version, and turns a remote that cannot load into a fallback
 * module instead of a crash.
 */
import {
  loadRemote,
  type ModuleFederationRuntimePlugin,
  preloadRemote,
  registerPlugins,
  registerRemotes,
  satisfy,
} from '@module-federation/enhanced/runtime';
import type { RuntimeConfig } from '@qrmenu/shared/runtime-config';
import type { ComponentType } from 'react';
import type { RemoteRef } from './remotes';

/** Marker component returned by the fallback plugin: a page that did not load. */
export function RemoteUnavailable(): null {
  return null;
}

/** A remote's expose that could not be loaded (manifest, entry or chunk unreachable). */
export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    readonly expose: string,
    cause?: unknown,
  ) {
    super(`Remote ${remote}/${expose} could not be loaded`, { cause });
    this.name = 'RemoteLoadError';
  }
}

/** The module handed back instead of an unreachable remote's expose. */
export function fallbackModule() {
  return { __esModule: true, default: RemoteUnavailable };
}

/** The last error each remote's load hit (`mfe_catalog/Page` -> the error): a RemoteLoadError's cause. */
const lastErrors = new Map<string, unknown>();

export function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'qrmenu-remote-fallback',
    /**
     * Fires first with `lifecycle: 'afterResolve'` (anything returned would be taken as the
     * manifest, so nothing is returned) and then with `lifecycle: 'onLoad'` (the fallback module,
     * wrapped in a factory when the request came from the build).
     */
    errorLoadRemote(args) {
      const { lifecycle, from, id, error } = args as {
        lifecycle?: string;
        from?: string;
        id?: string;
        error?: unknown;
      };
      console.warn(`[federation] ${id ?? 'remote'} failed at ${lifecycle ?? 'load'}`, error);
      if (id && error !== undefined) lastErrors.set(id, error);
      if (lifecycle === 'onLoad') {
        const mod = fallbackModule();
        return from === 'build' ? () => mod : mod;
      }
      return undefined;
    },
  };
}

/** A shared module as a remote's mf-manifest.json declares it. */
export interface DeclaredShared {
  name: string;
  requiredVersion?: string | false;
}

/** One shared module a remote requires that the shell does not provide at a satisfying version. */
export interface SharedMismatch {
  name: string;
  required: string;
  /** The versions the remote would be handed. */
  provided: string[];
}

/**
 * The shared modules of `declared` (a remote's manifest) whose required range none of the
 * versions the remote would be handed satisfies (`provided`; a name absent there is one the
 * remote brings itself). A remote built from a newer commit declares `^<newer version>` of a
 * facade or of `@qrmenu/shared`.
 */
export function sharedMismatches(
  declared: readonly DeclaredShared[],
  provided: Readonly<Record<string, readonly string[]>>,
): SharedMismatch[] {
  const mismatches: SharedMismatch[] = [];
  for (const { name, requiredVersion } of declared) {
    const versions = provided[name];
    if (!requiredVersion || !versions) continue; // any version will do / its own copy is used
    if (!versions.some((version) => satisfy(version, requiredVersion))) {
      mismatches.push({ name, required: requiredVersion, provided: [...versions] });
    }
  }
  return mismatches;
}

/** A remote that the running shell cannot serve: which shared modules, required vs provided. */
export class SharedVersionError extends Error {
  constructor(
    readonly remote: string,
    readonly mismatches: SharedMismatch[],
  ) {
    const list = mismatches
      .map((m) => `${m.name} requires ${m.required}, provided: ${m.provided.join(', ')}`)
      .join('; ');
    super(`Remote ${remote} needs a newer shell: ${list}`);
    this.name = 'SharedVersionError';
  }
}

type ShareScope = Record<string, Record<string, { loaded?: boolean; lib?: unknown }>>;

interface HostLike {
  options: { name: string; shared?: Record<string, { version?: string; from?: string }[]> };
  shareScopeMap?: Record<string, ShareScope>;
}

/**
 * What a remote would be handed of each shared singleton: the shell's own version where the shell
 * provides the module (loaded first, the shell's copy is the one in use), else a version another
 * module has already loaded. A module in neither is one the remote brings itself (the shell
 * provides only the shared modules its own code uses).
 */
export function providedBy(host: HostLike): Record<string, string[]> {
  const provided: Record<string, string[]> = {};
  for (const [name, entries] of Object.entries(host.options.shared ?? {})) {
    const own = entries.filter((e) => e.from === host.options.name && typeof e.version === 'string');
    if (own.length > 0) provided[name] = own.map((e) => e.version as string);
  }
  for (const scope of Object.values(host.shareScopeMap ?? {})) {
    for (const [name, versions] of Object.entries(scope)) {
      if (provided[name]) continue;
      const loaded = Object.entries(versions)
        .filter(([, entry]) => entry.loaded || entry.lib !== undefined)
        .map(([version]) => version);
      if (loaded.length > 0) provided[name] = loaded;
    }
  }
  return provided;
}

/**
 * Checks each remote's declared shared modules against what the shell provides as soon as its
 * manifest has arrived (`afterLoadManifest`: the manifest's shared list has `requiredVersion`,
 * which the runtime's snapshot drops), before the runtime preloads or runs any of its code. The
 * refusal reaches `errorLoadRemote`, so the module shows its fallback; the runtime keeps the
 * failed manifest load for the page's life, so a redeployed remote shows on the next reload.
 */
export function sharedVersionPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'qrmenu-shared-versions',
    afterLoadManifest(args) {
      const { moduleInfo, manifestJson, origin } = args as unknown as {
        moduleInfo?: { name?: string };
        manifestJson?: { shared?: DeclaredShared[] };
        origin: HostLike;
      };
      if (!Array.isArray(manifestJson?.shared)) return;
      const mismatches = sharedMismatches(manifestJson.shared, providedBy(origin));
      if (mismatches.length === 0) return;
      const error = new SharedVersionError(moduleInfo?.name ?? 'remote', mismatches);
      console.error(`[federation] ${error.message}`);
      throw error;
    },
  };
}

/**
 * The runtime preloads a page's chunks with `<link rel="preload">`; for a page the user may open
 * next they are prefetches: fetched at the lowest priority, behind anything the page on screen
 * asks for, kept in the HTTP cache (content-named chunks are cached for a year), and without the
 * browser's warning about preloads left unused. Other links (a page's stylesheets) are left alone.
 */
export function prefetchLinksPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'qrmenu-prefetch-links',
    createLink({ url, attrs }) {
      if (attrs?.rel !== 'preload') return undefined;
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = url;
      if (attrs.as) link.as = attrs.as;
      return link;
    },
  };
}

/**
 * Fetches the code of `pages` without running any of it (`preloadRemote`): each remote's manifest
 * and entry, and the pages' chunks as prefetches. A page opened later runs its code then, from
 * the cache (docs/BENCHMARKS.md, "Asosiy's warm-up"). Resolves once all is fetched or has failed
 * (a page's own load reports its failures).
 */
export async function fetchAhead(pages: readonly RemoteRef[]): Promise<void> {
  const exposes = new Map<string, string[]>();
  for (const { remote, expose } of pages) exposes.set(remote, [...(exposes.get(remote) ?? []), expose]);
  if (exposes.size === 0) return;
  await preloadRemote([...exposes].map(([nameOrAlias, list]) => ({ nameOrAlias, exposes: list }))).catch(
    () => undefined,
  );
}

/** A shared module's entry as the runtime keeps it (in a share scope, or in an instance's options). */
interface ShareEntry {
  get?: unknown;
}

/** What `globalThis.__FEDERATION__` holds of the instances and their share scopes (runtime-core). */
interface FederationGlobal {
  __INSTANCES__?: {
    name?: string;
    options?: { shared?: Record<string, ShareEntry[]> };
    shareScopeMap?: Record<string, Record<string, Record<string, ShareEntry>>>;
  }[];
  __SHARE__?: Record<string, Record<string, Record<string, Record<string, ShareEntry>>>>;
}

/**
 * Forgets the remoteEntry of `remote` this page ran: the global it defines (`var <name>`: the
 * build's `globalName` is its name) and the runtime's record of loading it. The runtime takes an
 * existing global for the remote instead of loading the next build's entry (runtime-core
 * `loadEntryScript`), and `registerRemotes(..., { force: true })` clears it only for a remote it
 * has in its module cache: an entry fetched ahead (`preloadRemote`, the warm-up) is not there, so
 * after a rollback the first build's container went on serving, with its chunks forgotten.
 */
function forgetEntry(remote: string): void {
  const global = globalThis as Record<string, unknown>;
  if (global[remote] !== undefined) {
    // a `var` of a script is not configurable: it is emptied instead (runtime-core `removeRemote` does the same)
    if (Object.getOwnPropertyDescriptor(global, remote)?.configurable) delete global[remote];
    else global[remote] = undefined;
  }
  const loading = global.__GLOBAL_LOADING_REMOTE_ENTRY__ as Record<string, unknown> | undefined;
  // keyed `<name>:<entry address>` (runtime-core `getRemoteEntryUniqueKey`)
  for (const key of Object.keys(loading ?? {})) if (key.startsWith(`${remote}:`)) delete loading?.[key];
}

/**
 * Forgets every build of `remote` this page has loaded, before another build of it is
 * registered: its instance and every shared module it registered. When a build's remoteEntry
 * initialises, its instance (one per build: `name`, version = its address) registers each shared
 * module it brings that the scope has no version of yet (the ones the shell does not provide,
 * `@qrmenu/shared/resources`, `/sortable`), and with `loaded-first` an entry once registered is
 * never replaced (runtime-core `initializeSharing`). So the next build of the same remote would
 * load those modules through the first one's `get`: its chunks, from its address, with its
 * chunk registry, which is dropped on a switch. A canary whose page chunk was missing made its
 * stable release fail on the canary's shared chunks. The runtime's own clean-up
 * (`registerRemotes(..., { force: true })`, `removeRemote`) finds a build's instance by
 * `<name>:<buildVersion>`, which these instances are not named by, and keeps what it finds loading.
 * An entry is the build's when it is one of its instance's shared entries or was made from one
 * (the runtime copies an entry with its `get` when a load starts), so another module's
 * registration of the same library stays. A module that already took such a library keeps its copy.
 */
export function forgetBuilds(remote: string): void {
  forgetEntry(remote);
  const federation = (globalThis as { __FEDERATION__?: FederationGlobal }).__FEDERATION__;
  if (!federation?.__INSTANCES__) return;
  const builds = federation.__INSTANCES__.filter((instance) => instance.name === remote);
  if (builds.length === 0) return;
  const entries = new Set<unknown>();
  const getters = new Set<unknown>();
  for (const build of builds) {
    for (const list of Object.values(build.options?.shared ?? {})) {
      for (const entry of list) {
        entries.add(entry);
        if (typeof entry.get === 'function') getters.add(entry.get);
      }
    }
  }
  const scopeMaps = new Set([
    ...Object.values(federation.__SHARE__ ?? {}),
    ...federation.__INSTANCES__.map((instance) => instance.shareScopeMap),
  ]);
  for (const scopeMap of scopeMaps) {
    for (const scope of Object.values(scopeMap ?? {})) {
      for (const versions of Object.values(scope)) {
        for (const [version, entry] of Object.entries(versions)) {
          if (entries.has(entry) || getters.has(entry.get)) delete versions[version];
        }
      }
    }
  }
  // in place: the runtime reads this list afresh each time, and pushes new instances onto it
  for (const build of builds) federation.__INSTANCES__.splice(federation.__INSTANCES__.indexOf(build), 1);
}

/** Registers every deployed remote (non-null manifest URL), the version check and the fallback plugin. */
export function registerFederation(config: RuntimeConfig): string[] {
  const remotes = Object.entries(config.remotes)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([name, entry]) => ({ name, entry }));
  registerPlugins([sharedVersionPlugin(), remoteFallbackPlugin(), prefetchLinksPlugin()]);
  registerRemotes(remotes, { force: true });
  return remotes.map((r) => r.name);
}

export interface RemoteModule {
  default: ComponentType;
}

/** Loads `remote/expose` and rejects with `RemoteLoadError` when only the fallback came back. */
export async function loadRemoteComponent(remote: string, expose: string): Promise<RemoteModule> {
  const id = `${remote}/${expose.replace(/^\.\//, '')}`;
  lastErrors.delete(id);
  let mod: RemoteModule | null;
  try {
    mod = await loadRemote<RemoteModule>(id);
  } catch (err) {
    throw new RemoteLoadError(remote, expose, err);
  }
  if (!mod || mod.default == null || mod.default === RemoteUnavailable) {
    throw new RemoteLoadError(remote, expose, lastErrors.get(id));
  }
  return mod;
}
