/**
 * The common skeleton of a route that answers `{ data }` (docs/API.md; docs/ARCHITECTURE.md,
 * "Access"): a route file names its OpenAPI tag and its usual access once, and each route says
 * only what is its own: its path, its OpenAPI entry (operationId, summary, params, body, the
 * answer's schema), who may call it where that differs, and what it answers. The kit adds the tag,
 * puts `access` and `staff` in the route's config (the access hook reads them), wraps the answer
 * in `{ data }` (with `count`, the list's length, where the answer documents one: the managers'
 * lists), and answers 201 where the route's schema documents a 201.
 *
 * A group of routes that declare the same part of their schema and read the same thing from the
 * request (the caller's restaurant, an item of it by id, a staff move) takes them once from a
 * scoped kit (`scopedKit`, and the groups below): each route says the rest, its handler gets what
 * was read.
 */
import type { IncomingMessage } from 'node:http';
import { idParam, optionalRestaurantIdFilter, type StaffRole, staffPinHeader } from '@qrmenu/shared/schemas';
import type {
  FastifyReply,
  FastifyRequest,
  RawServerDefault,
  RouteGenericInterface,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../types';
import { type Access, ownedRestaurantId, ownerCheck } from './access';
import { actorOf } from './actor';

/** A route's own part of its OpenAPI entry; its answer documented under 200 or (a creation) 201. */
export interface RouteSchema {
  operationId: string;
  summary: string;
  description?: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  response: { 200: z.ZodType<{ data: unknown }> } | { 201: z.ZodType<{ data: unknown }> };
}

/** A route's own: its schema and, where it differs from the file's, who may call it. */
export type RouteSpec = RouteSchema & { access?: Access; staff?: readonly StaffRole[] };

/** The request as Fastify types it from the route's schema (params, query, body, headers parsed). */
export type RouteRequest<S extends RouteSchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  IncomingMessage,
  S,
  ZodTypeProvider
>;

type AnswerOf<S extends RouteSchema> = S['response'] extends { 201: infer A }
  ? A
  : S['response'] extends { 200: infer A }
    ? A
    : never;
/** What the route's handler gives: the `data` of its documented answer. */
export type DataOf<S extends RouteSchema> =
  AnswerOf<S> extends z.ZodType ? (z.input<AnswerOf<S>> extends { data: infer D } ? D : never) : never;

type Handler<S extends RouteSchema> = (
  request: RouteRequest<S>,
  reply: FastifyReply,
) => DataOf<S> | Promise<DataOf<S>>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Register = <S extends RouteSpec>(url: string, spec: S, handler: Handler<S>) => void;

/** The routes of one file: `kit.get(url, spec, handler)` and the other methods. */
export interface RouteKit {
  get: Register;
  post: Register;
  put: Register;
  patch: Register;
  delete: Register;
}

/** The routes under one OpenAPI tag, callable by `access` unless a route names another. */
export function routeKit(app: App, defaults: { tag: string; access: Access }): RouteKit {
  const register =
    (method: Method): Register =>
    (url, spec, handler) => {
      const { access = defaults.access, staff, ...schema } = spec;
      const answers: Record<number, z.ZodType> = schema.response;
      const created = 201 in answers;
      const answer = answers[created ? 201 : 200];
      const counted = answer instanceof z.ZodObject && 'count' in answer.shape;
      // the handler's request is typed by the route's own schema (above); the options, untyped here
      const options: RouteOptions = {
        method,
        url,
        config: staff ? { access, staff } : { access },
        schema: { tags: [defaults.tag], ...schema },
        handler: async (request, reply) => {
          const data = await handler(request as RouteRequest<typeof spec>, reply);
          const body = counted ? { data, count: (data as unknown[]).length } : { data };
          return created ? reply.status(201).send(body) : body;
        },
      };
      app.route(options);
    };
  return {
    get: register('GET'),
    post: register('POST'),
    put: register('PUT'),
    patch: register('PATCH'),
    delete: register('DELETE'),
  };
}

type ScopedHandler<S extends RouteSchema, Scope> = (
  scope: Scope,
  request: RouteRequest<S>,
  reply: FastifyReply,
) => DataOf<S> | Promise<DataOf<S>>;
/**
 * A route of a group: its spec may not declare again what the group declares (`extra` would
 * replace it unseen, e.g. a querystring of more than `restaurant_id`): such a route is written
 * with the plain kit.
 */
type ScopedRegister<Extra, Scope> = <S extends RouteSpec>(
  url: string,
  spec: S & { [K in keyof Extra]?: never },
  handler: ScopedHandler<S & Extra, Scope>,
) => void;

/** The routes of a group: `group.get(url, spec, (scope, request) => ...)` and the other methods. */
export type ScopedKit<Extra, Scope> = Record<keyof RouteKit, ScopedRegister<Extra, Scope>>;

/**
 * The routes of `kit` whose spec has `extra` too (schema parts, who may call them) and whose
 * handler first gets `scopeOf(request)` (what the group reads from the request; it may refuse it
 * by throwing).
 */
export function scopedKit<Extra extends Partial<RouteSpec>, Scope>(
  kit: RouteKit,
  extra: Extra,
  scopeOf: (request: RouteRequest<RouteSchema & Extra>) => Scope | Promise<Scope>,
): ScopedKit<Extra, Scope> {
  const register =
    (method: keyof RouteKit): ScopedRegister<Extra, Scope> =>
    (url, spec, handler) =>
      kit[method](url, { ...(spec as RouteSpec), ...extra }, async (request, reply) =>
        handler(await scopeOf(request as never), request as never, reply),
      );
  return {
    get: register('get'),
    post: register('post'),
    put: register('put'),
    patch: register('patch'),
    delete: register('delete'),
  };
}

/**
 * Routes on the caller's restaurant (`ownedRestaurantId`: an admin names it with
 * `?restaurant_id=`): the handler gets its id.
 */
export const restaurantScoped = (kit: RouteKit) =>
  scopedKit(kit, { querystring: optionalRestaurantIdFilter }, (request) => ownedRestaurantId(request));

/**
 * Routes on one item of a restaurant, named by `:id`: the handler gets the id and the check the
 * services take (`ownerCheck`: the caller owns the item's restaurant).
 */
export const itemScoped = (kit: RouteKit) =>
  scopedKit(kit, { params: idParam }, (request) => ({
    id: request.params.id,
    owner: ownerCheck(request),
  }));

/**
 * A staff member's move on one order or call, named by `:id` (docs/ORDERS.md): as `itemScoped`,
 * with who acts (`actorOf`: a device session names the person by the `x-staff-pin` header).
 */
export const staffMoveScoped = (kit: RouteKit) =>
  scopedKit(kit, { params: idParam, headers: staffPinHeader }, async (request) => ({
    id: request.params.id,
    owner: ownerCheck(request),
    actor: await actorOf(request),
  }));
