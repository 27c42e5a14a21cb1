/**
 * The integration providers, keyed by the restaurant `type` they import as. A new provider is one
 * folder here (`providers/<type>/`, a factory returning an `IntegrationProvider`) plus its line
 * in `PROVIDERS`: it is on when its settings are there.
 */
import type { AppConfig } from '../../config';
import { type IntegrationProvider, unconfiguredProvider } from '../provider';
import { createFeedProvider, FEED_PROVIDER_NAME } from './feed';

/** Each provider: its type and how the configuration turns it on (undefined: not configured). */
const PROVIDERS: { type: string; fromConfig(config: AppConfig): IntegrationProvider | undefined }[] = [
  {
    type: FEED_PROVIDER_NAME,
    fromConfig: (config) => {
      const url = config.integrationFeedUrl?.trim();
      return url ? createFeedProvider({ url }) : undefined;
    },
  },
];

export interface ProviderRegistry {
  /** The provider of a restaurant type (undefined: a manual restaurant, or an unknown type). */
  get(type: string): IntegrationProvider | undefined;
  /** The provider offered for new imports (the admin's integration page). */
  readonly default: IntegrationProvider;
}

/** A registry over the given providers; the first is the default. */
export function providerRegistry(providers: readonly IntegrationProvider[]): ProviderRegistry {
  const byType = new Map(providers.map((p) => [p.name, p]));
  return {
    get: (type) => byType.get(type),
    default: providers[0] ?? unconfiguredProvider(),
  };
}

/**
 * The providers the configuration turns on. A provider without its settings still answers for
 * its type, as "unavailable" (502), so that its restaurants are not taken for manual ones.
 */
export function providersFromConfig(config: AppConfig): ProviderRegistry {
  return providerRegistry(PROVIDERS.map((p) => p.fromConfig(config) ?? unconfiguredProvider(p.type)));
}
