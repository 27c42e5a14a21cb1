/** The POS providers by restaurant type; each is on by default (its API's public address). */
import { createIikoFactory } from '../providers/iiko';
import { createPosterFactory } from '../providers/poster';
import type { PosProviderFactory, PosRegistry } from './types';

export type { PosRegistry };

export function posRegistry(factories: readonly PosProviderFactory[]): PosRegistry {
  const byType = new Map(factories.map((f) => [f.type, f]));
  return { get: (type) => byType.get(type), types: [...byType.keys()] };
}

/** IIKO_API_URL / POSTER_API_URL point the providers elsewhere (tests: the fakes). */
export function posRegistryFromConfig(config: {
  iikoApiUrl?: string | undefined;
  posterApiUrl?: string | undefined;
}): PosRegistry {
  return posRegistry([
    createIikoFactory({ baseUrl: config.iikoApiUrl }),
    createPosterFactory({ baseUrl: config.posterApiUrl }),
  ]);
}
