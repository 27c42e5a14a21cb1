/**
 * What a POS provider (iiko Cloud, Poster) adds to the registry's `IntegrationProvider`: it needs
 * the restaurant's own credentials, so the registry holds a factory (`connect(credentials)`),
 * and it knows more than the JSON feed: availability, pictures, order, a revision, a stop-list.
 */
import type { FeedRestaurant } from '@qrmenu/shared/schemas';
import type { IntegrationProvider } from '../provider';
import type { SecretBox } from '../secrets';
import type { HttpPolicy, PosLogger } from './http';
import type { PosOrderChannel } from './outgoing-orders';
import type { PosStopList } from './stop-list';

/**
 * Option ids the neutral menu reserves, so an order's line can be given back to the POS in its own
 * terms (order-draft.ts): the option holding a product's sizes (its row: the size's id), and the
 * one holding single modifiers outside any modifier group (a row: a modifier with no group). Any
 * other option's external id is the POS's own modifier group.
 */
export const SIZE_OPTION_ID = 'sizes';
export const LOOSE_MODIFIERS_OPTION_ID = 'modifiers';
/**
 * A single modifier the POS requires (iiko's `required`, or a minimum of 1 or more) is an option
 * of its own, `modifier:<its id>`: the guest must take it, and like the others it has no group.
 */
export const REQUIRED_MODIFIER_OPTION_PREFIX = 'modifier:';
/** Whether an option's external id is the POS's modifier group (else a size, or single modifiers). */
export const isModifierGroup = (optionExternalId: string | null | undefined): optionExternalId is string =>
  !!optionExternalId &&
  optionExternalId !== SIZE_OPTION_ID &&
  optionExternalId !== LOOSE_MODIFIERS_OPTION_ID &&
  !optionExternalId.startsWith(REQUIRED_MODIFIER_OPTION_PREFIX);

type FeedCategory = FeedRestaurant['categories'][number];
type FeedProduct = FeedCategory['products'][number];

/** A product as a POS gives it: the feed's fields, plus what the POS owns besides. */
export interface PosProduct extends FeedProduct {
  /** false: hidden in the POS's menu (iiko not included in the menu; Poster hidden at the spot). */
  available: boolean;
  /** On the POS's stop-list right now (itself, or every one of its sizes). */
  stopped: boolean;
  /** External ids of its rows on the stop-list (a size, a modifier): hidden from guests. */
  stoppedRows: string[];
  /** Picture links on the provider's image hosts (downloaded through the picture pipeline). */
  imageLinks: string[];
  /** The POS's order (iiko `order`, Poster `sort_order`). */
  position: number;
}

export interface PosCategory extends Omit<FeedCategory, 'products'> {
  position: number;
  products: PosProduct[];
}

export interface PosRestaurant extends Omit<FeedRestaurant, 'categories'> {
  categories: PosCategory[];
}

export interface PosMenuAnswer {
  /** The source's revision of this menu (iiko `revision`; Poster: none, null). */
  revision: string | null;
  /** null: unchanged since `sinceRevision` (nothing to write). */
  menu: PosRestaurant | null;
}

export interface PosConnection extends IntegrationProvider {
  /** iiko organizations / Poster spots. */
  listRestaurants(): Promise<{ id: string; name: string }[]>;
  /** The menu of a location, or `menu: null` when it did not change since `sinceRevision`. */
  fetchMenu(locationId: string, sinceRevision: string | null): Promise<PosMenuAnswer>;
  /** The stop-list now (providers with a stop-list only). */
  fetchStopList?(locationId: string): Promise<PosStopList>;
  /** Guests' orders into the POS (outgoing-orders.ts); absent: this provider takes none. */
  readonly orders?: PosOrderChannel;
}

/** Where tokens live between calls and servers (the database, sealed); absent: this process only. */
export interface TokenStore {
  get(key: string): Promise<{ token: string; renewAt: number } | undefined>;
  set(key: string, token: string, renewAt: number): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface PosDeps {
  log?: PosLogger;
  http?: Partial<HttpPolicy>;
  tokens?: TokenStore;
}

export interface PosProviderFactory {
  /** The restaurant type (`iiko`, `poster`). */
  readonly type: string;
  /** Parses the credentials an admin typed (throws a zod error); every field is secret. */
  parseCredentials(input: unknown): Record<string, string>;
  connect(credentials: Record<string, string>, deps?: PosDeps): PosConnection;
  /** Hosts picture links may come from (nothing else is downloaded). */
  readonly imageHosts: readonly string[];
}

/** The POS providers by restaurant type. */
export interface PosRegistry {
  get(type: string): PosProviderFactory | undefined;
  readonly types: readonly string[];
}

/** `app.pos`: the providers, the credentials' sealing box, the HTTP policy of POS calls. */
export interface PosContext {
  providers: PosRegistry;
  box: SecretBox;
  http: Partial<HttpPolicy>;
  /** Picture hosts allowed besides each provider's own (POS_IMAGE_HOSTS: https, port 443). */
  imageHosts: readonly string[];
  /** Loopback origins of a fake picture host (POS_PICTURE_TEST_ORIGINS, tests only). */
  pictureTestOrigins: readonly string[];
}

/** `app.posOrders` (orders-plugin.ts): the sender of guests' orders into the POS. */
export interface PosOrdersService {
  /** Sends what is due now (tests; the schedule does it on its own). */
  drain(): Promise<void>;
  /**
   * The POS said its order `ticket` changed (Poster's `incoming_order` webhook): the restaurant's
   * pending send with that ticket is asked about now, not at its next poll. false: none waits.
   */
  followNow(restaurantId: string, ticket: string): Promise<boolean>;
}
