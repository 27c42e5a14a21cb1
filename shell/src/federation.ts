/**
 * Runtime side of Module Federation in the host: registers the remotes named by /config.json on
 * the instance the build plugin created, and turns a remote that cannot load into a fallback
 * module instead of a crash.
 */
import {
  loadRemote,
  type ModuleFederationRuntimePlugin,
  registerPlugins,
  registerRemotes,
} from '@module-federation/enhanced/runtime';
import type { RuntimeConfig } from '@qrmenu/shared/runtime-config';
import type { ComponentType } from 'react';

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

/**
 * `errorLoadRemote` fires first with `lifecycle: 'afterResolve'` (anything returned would be taken
 * as the manifest, so nothing is returned) and then with `lifecycle: 'onLoad'` (the fallback module,
 * wrapped in a factory when the request came from the build).
 */
export function remoteFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'qrmenu-remote-fallback',
    errorLoadRemote(args) {
      const { lifecycle, from, id, error } = args as {
        lifecycle?: string;
        from?: string;
        id?: string;
        error?: unknown;
      };
      console.warn(`[federation] ${id ?? 'remote'} failed at ${lifecycle ?? 'load'}`, error);
      if (lifecycle === 'onLoad') {
        const mod = fallbackModule();
        return from === 'build' ? () => mod : mod;
      }
      return undefined;
    },
  };
}

/** Registers every deployed remote (non-null manifest URL) and the fallback plugin. */
export function registerFederation(config: RuntimeConfig): string[] {
  const remotes = Object.entries(config.remotes)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
    .map(([name, entry]) => ({ name, entry }));
  registerPlugins([remoteFallbackPlugin()]);
  registerRemotes(remotes, { force: true });
  return remotes.map((r) => r.name);
}

export interface RemoteModule {
  default: ComponentType;
}

/** Loads `remote/expose` and rejects with `RemoteLoadError` when only the fallback came back. */
export async function loadRemoteComponent(remote: string, expose: string): Promise<RemoteModule> {
  const id = `${remote}/${expose.replace(/^\.\//, '')}`;
  let mod: RemoteModule | null;
  try {
    mod = await loadRemote<RemoteModule>(id);
  } catch (err) {
    throw new RemoteLoadError(remote, expose, err);
  }
  if (!mod || mod.default == null || mod.default === RemoteUnavailable) {
    throw new RemoteLoadError(remote, expose);
  }
  return mod;
}
