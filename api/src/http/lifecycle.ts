import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Where a server is in its life, as the load balancer's readiness check sees it: `draining` from
 * the moment it was asked to stop (SIGTERM) until it exits, so the balancer sends new requests
 * elsewhere while the running ones finish.
 */
export interface Lifecycle {
  draining: boolean;
}

// Keyed by the one HTTP server that the app and all its encapsulated plugin contexts share, so
// that server.ts (the root app) and the health routes (a child context) see the same state.
const states = new WeakMap<Server, Lifecycle>();

export function lifecycleOf(app: Pick<FastifyInstance, 'server'>): Lifecycle {
  let state = states.get(app.server);
  if (!state) {
    state = { draining: false };
    states.set(app.server, state);
  }
  return state;
}
