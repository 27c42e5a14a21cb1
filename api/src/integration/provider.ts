import type { FeedRestaurant, IntegrationRestaurant } from '@qrmenu/shared/schemas';

/**
 * An external menu source (the embedded JSON feed today; iiko Cloud, Poster, ... tomorrow).
 * A provider only reads: it turns the source's menu into the neutral `FeedRestaurant` shape
 * (restaurant -> categories -> products -> options -> rows, every item with its external id);
 * importing and synchronising that shape into the database is the same for every provider.
 */
export interface IntegrationProvider {
  /** Stored as the restaurant's `type` (never "manual"). */
  readonly name: string;
  /** The restaurants the source offers for import. Throws `IntegrationUnavailableError`. */
  listRestaurants(): Promise<IntegrationRestaurant[]>;
  /**
   * One restaurant's whole menu, or `null` when the source does not know this id.
   * Throws `IntegrationUnavailableError` when the source cannot be reached or parsed.
   */
  fetchRestaurant(externalId: string): Promise<FeedRestaurant | null>;
}

/** The source could not be reached, answered an error, or answered something unreadable (=> 502). */
export class IntegrationUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IntegrationUnavailableError';
  }
}

/** A provider for when nothing is configured: every call fails as "unavailable". */
export function unconfiguredProvider(name = 'feed'): IntegrationProvider {
  const fail = async (): Promise<never> => {
    throw new IntegrationUnavailableError('no integration source is configured (INTEGRATION_FEED_URL)');
  };
  return { name, listRestaurants: fail, fetchRestaurant: fail };
}
