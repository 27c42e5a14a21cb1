import { createFeedProvider } from './feed';
import { type IntegrationProvider, unconfiguredProvider } from './provider';

export { createFeedProvider, FEED_MAX_BYTES, FEED_MAX_REDIRECTS, FEED_PROVIDER_NAME, loadFeed } from './feed';
export { importRestaurant, slugify, syncRestaurant, uniqueSlug } from './importer';
export { type IntegrationProvider, IntegrationUnavailableError, unconfiguredProvider } from './provider';

/**
 * The provider the configuration names. Today only the JSON feed (`INTEGRATION_FEED_URL`,
 * http(s):// or file://); an iiko Cloud or Poster provider would be chosen here by its own
 * settings and implement the same `IntegrationProvider` interface.
 */
export function providerFromConfig(config: { integrationFeedUrl?: string | undefined }): IntegrationProvider {
  const url = config.integrationFeedUrl?.trim();
  if (!url) return unconfiguredProvider();
  return createFeedProvider({ url });
}
