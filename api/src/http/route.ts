/**
 * The common skeleton of a route that answers `{ data }` (docs/API.md; docs/ARCHITECTURE.md,
 * "Access"): a route file names its OpenAPI tag and its usual access once, and each route says
 * only what is its own: its path, its OpenAPI entry (operationId, summary, params, body, the
 * answer's schema), who may call it where that differs, and what it answers. The kit adds the tag,
 * puts `access` and `staff` in the route's config (the access hook reads them), wraps the answer
 * in `{ data }` (with `count`, the list's length, where the answer documents one: the managers'
 * lists), and answers 201 where the route's schema documents a 201.
 */
import type { IncomingMessage } from 'node:http';
import type { StaffRole } from '@qrmenu/shared/schemas';
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
import type { Access } from './access';

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
