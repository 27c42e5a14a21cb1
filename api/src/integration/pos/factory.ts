/**
 * A POS provider's factory (integration/pos/types.ts, `PosProviderFactory`), the same for every
 * provider: the POS's address and picture hosts, each overridable (IIKO_API_URL, POSTER_API_URL:
 * the tests' fakes), and the credentials parsed by the provider's schema before it connects.
 */
import type { z } from 'zod';
import { DEFAULT_HTTP_POLICY, type HttpPolicy } from './http';
import type { PosConnection, PosDeps, PosProviderFactory } from './types';

/** Where a factory is pointed elsewhere than the POS's public API. */
export interface PosFactoryOptions {
  baseUrl?: string | undefined;
  imageHosts?: readonly string[];
}

/** What a provider's connection is given: the deps, the HTTP policy made whole (the defaults with `deps.http`). */
export type ConnectDeps = Omit<PosDeps, 'http'> & { policy: HttpPolicy };

/** What a provider says of its own: its type, its API's public address, its hosts, its credentials, its connection. */
export interface PosProviderParts<C> {
  type: string;
  defaultUrl: string;
  imageHosts: readonly string[];
  credentials: z.ZodType<C>;
  connect(base: string, credentials: C, deps: ConnectDeps): PosConnection;
}

export function posProviderFactory<C>(
  provider: PosProviderParts<C>,
  options: PosFactoryOptions,
): PosProviderFactory {
  const base = options.baseUrl?.trim() || provider.defaultUrl;
  return {
    type: provider.type,
    imageHosts: options.imageHosts ?? provider.imageHosts,
    parseCredentials: (input) => provider.credentials.parse(input) as Record<string, string>,
    connect: (credentials, deps = {}) =>
      provider.connect(base, provider.credentials.parse(credentials), {
        ...deps,
        policy: { ...DEFAULT_HTTP_POLICY, ...deps.http },
      }),
  };
}
