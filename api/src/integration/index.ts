import fp from 'fastify-plugin';
import type { IntegrationProvider } from './provider';
import { type ProviderRegistry, providerRegistry, providersFromConfig } from './providers';

export { importRestaurant, slugify, syncRestaurant } from './importer';
export { type IntegrationProvider, IntegrationUnavailableError, unconfiguredProvider } from './provider';
export { type ProviderRegistry, providerRegistry, providersFromConfig } from './providers';
export {
  createFeedProvider,
  FEED_MAX_BYTES,
  FEED_MAX_REDIRECTS,
  FEED_PROVIDER_NAME,
  loadFeed,
} from './providers/feed';

/** Decorates `app.providers`: the registry of integration providers by restaurant type. */
export const providersPlugin = fp<{ providers?: readonly IntegrationProvider[] }>(
  async (app, options) => {
    const registry: ProviderRegistry = options.providers
      ? providerRegistry(options.providers)
      : providersFromConfig(app.appConfig);
    app.decorate('providers', registry);
  },
  { name: 'providers' },
);
