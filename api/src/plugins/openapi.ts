/**
 * The API's OpenAPI document (docs/API.md): every /api route must say who may call it (refused at
 * start-up otherwise), its description ends with who may, its `x-roles` lists them and its error
 * answers are documented; the document is served at /api/openapi.json and read at /api/docs.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { errorBody as errorBodySchema } from '@qrmenu/shared/schemas';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const ACCESS_TEXT = {
  pub: 'pub (no token needed; a valid token may widen the answer)',
  key: "key (the module's deploy key, `Authorization: Bearer qrd_...`, or an admin's token)",
  any: 'any (any valid token)',
  adm: 'adm (admins only)',
  own: "own (admins, or a manager acting on its own restaurant; another restaurant's things answer 404)",
  staff: 'staff (a staff account, a waiter or the kitchen: its own; others 403)',
} as const;

/** Which roles may call a route, as the OpenAPI document's `x-roles` lists them. */
const ROLES_OF = {
  pub: ['anyone'],
  key: ['admin', 'deploy key'],
  any: ['admin', 'manager', 'waiter', 'kitchen'],
  adm: ['admin'],
  own: ['admin', 'manager'],
  staff: ['waiter', 'kitchen'],
} as const;

/**
 * The access line of a route's description: its level, and the staff roles an `own` route lets in
 * (each on its own restaurant only, by the service's rules: docs/PRODUCT.md, "The restaurant's staff").
 */
function accessText(access: keyof typeof ACCESS_TEXT, staff: readonly string[] | undefined): string {
  if (!staff?.length) return ACCESS_TEXT[access];
  return `${ACCESS_TEXT[access]}; also ${staff.join(' and ')} of that restaurant (their own restaurant only, by the rules of their role)`;
}

const ERROR_STATUSES = [400, 401, 403, 404, 409, 413, 415, 429, 500] as const;

/** Before the routes: the hook sees each as it is added, swagger collects them. */
export const openApiPlugin = fp(async (app) => {
  // Every /api route must say who may call it; error answers are documented for all of them.
  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    if (!url.startsWith('/api/') || url.startsWith('/api/docs') || url === '/api/openapi.json') return;
    if (route.method === 'HEAD' || route.method === 'OPTIONS') return;
    if (!route.config?.access) {
      throw new Error(`route ${String(route.method)} ${url} has no config.access`);
    }
    if (route.schema) {
      const access = route.config.access;
      const who = accessText(access, route.config.staff);
      route.schema.description = route.schema.description
        ? `${route.schema.description}\n\nAccess: ${who}`
        : `Access: ${who}`;
      (route.schema as Record<string, unknown>)['x-roles'] = [
        ...ROLES_OF[access],
        ...(route.config.staff ?? []),
      ];
      if (access === 'pub') route.schema.security = [];
      const response = { ...((route.schema.response as Record<number, unknown> | undefined) ?? {}) };
      for (const s of ERROR_STATUSES) response[s] ??= errorBodySchema;
      route.schema.response = response;
    }
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'QR-menu back office API',
        version: '1.0.0',
        description:
          "Every failure answers `{ error: { code, message, details? } }`: 400 validation (details name the fields; also malformed JSON), 401 unauthorized, 403 forbidden, 404 not_found (also for another restaurant's things, and for a write that raced the delete of what it refers to, e.g. a product created in a category deleted in the same moment: nothing is stored), 409 conflict, 413 payload_too_large, 415 unsupported_media_type, 429 rate_limited (failed logins per address and per login; orders and calls per address and per table; with Retry-After), 502 bad_gateway (integration feed). Each operation's description ends with who may call it (pub, any, adm, own, staff, key) and its `x-roles` lists the roles (a staff role on an `own` route: of that restaurant only, by its role's rules).",
        // the project is private, with no open-source licence: said so, as info-license(-strict) asks
        license: {
          name: 'Proprietary (all rights reserved)',
          url: 'https://en.wikipedia.org/wiki/All_rights_reserved',
        },
      },
      // paths carry their /api prefix: the server is the origin that serves this document
      servers: [{ url: '/', description: 'this server (the API under /api)' }],
      // `pnpm lint:openapi` (Redocly, redocly.yaml) fails on an operation whose tag is not listed here
      tags: [
        { name: 'health', description: 'Liveness of the server' },
        { name: 'auth', description: "Log in (an access token) and the caller's profile" },
        { name: 'restaurants', description: "Restaurants: the admin's list and forms, a manager's own one" },
        { name: 'managers', description: 'Manager accounts (admins)' },
        { name: 'uploads', description: 'Images of restaurants and products' },
        { name: 'categories', description: 'Menu categories of a restaurant' },
        { name: 'products', description: "Products of a restaurant's categories" },
        { name: 'options', description: 'Options of a product (e.g. size)' },
        { name: 'option rows', description: 'The choices of an option, each with its price' },
        { name: 'stop-list', description: 'Products the kitchen has run out of' },
        { name: 'placements', description: "Where a restaurant's QR codes are placed (a code each)" },
        {
          name: 'orders',
          description: "Guests' orders and calls from the table, the staff's board and its live streams",
        },
        {
          name: 'payments',
          description:
            "The table's bill paid with Payme and Click: checkout, the providers' endpoints, credentials",
        },
        {
          name: 'reports',
          description:
            "«Hisobot»: a restaurant's takings, dishes, times, guests and rejected orders over a period, as answers and as CSV or XLSX files; the admin's restaurants side by side",
        },
        {
          name: 'telegram',
          description:
            "A restaurant's own Telegram bot: its set-up, a test message and the webhook of its updates",
        },
        {
          name: 'staff',
          description:
            "A restaurant's waiters and kitchen: their accounts, PINs and devices, the tables of each waiter, a staff member's own Telegram",
        },
        {
          name: 'visits',
          description: "Guests' visits of the menu page: daily counts, placements, languages",
        },
        {
          name: 'integration',
          description: 'Import and sync of restaurants from the integration feed (admins)',
        },
        {
          name: 'releases',
          description:
            "The federated modules' releases: stable and canary, the split of users, promote and roll back (an admin or the module's deploy key), the shells' load reports",
        },
      ],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // BaseLayout: the operations without Swagger's top bar, whose logo is an SVG with an inline
  // <style> the documents' policy refuses (no 'unsafe-inline', docs/DELIVERY.md); the bar's URL
  // box is of no use for the one document served here
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { layout: 'BaseLayout' } });
});
