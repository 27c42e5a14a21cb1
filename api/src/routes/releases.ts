/**
 * The federated modules' releases (services/releases/, docs/RELEASES.md): the admin's overview
 * and deploy keys; register, canary share, promote and roll back for an admin or the module's own
 * deploy key (its team's pipeline, `pnpm release`); the origins releases may come from (admins);
 * each caller's release of every module (the shell asks on navigation: an ETag makes an
 * unchanged answer a 304); the shells' load reports.
 */
import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import {
  answers,
  assignmentQuery,
  canaryShareBody,
  errorBody,
  idParam,
  moduleParam,
  releaseOriginBody,
  releaseRegisterBody,
  releaseReportsBody,
} from '@qrmenu/shared/schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { releaseCaller, releaseSubject } from '../http/access';
import { HttpError } from '../http/errors';
import { routeKit, scopedKit } from '../http/route';
import { addressKey } from '../state/login-rules';
import type { App } from '../types';

/**
 * Report batches one address (IPv6: its /64) may send a minute (a page view sends one; an office
 * shares an address).
 */
export const REPORTS_PER_MINUTE = 120;

const CHANGE =
  "Only an admin or the module's own deploy key (403 for another module's key, 401 without one).";

export default async function releaseRoutes(app: App): Promise<void> {
  const { releases } = app;
  const route = routeKit(app, { tag: 'releases', access: 'adm' });
  /** A change of a module's releases: an admin's, or the module's own deploy key's. */
  const moduleChange = scopedKit(route, { access: 'key', params: moduleParam }, (request) => ({
    module: request.params.module,
    caller: releaseCaller(request),
  }));
  await app.register(rateLimit, { global: false });

  route.get(
    '/releases',
    {
      operationId: 'releases.list',
      summary: "Every module's stable and canary releases, their loads and failures, the canary threshold",
      response: { 200: answers.releasesOverview },
    },
    () => releases.overview(),
  );

  app.get(
    '/releases/assignment',
    {
      config: { access: 'pub' },
      schema: {
        tags: ['releases'],
        operationId: 'releases.assignment',
        summary: "The caller's release of every deployed module (the shell asks on navigation)",
        description:
          'A signed-in caller is split by its account, a signed-out one by `?visitor=` (a random id its browser keeps), so each gets the same release on every load and every server. `report_token` names the caller and these releases, signed: the shell sends its reports with it (null without an account or a visitor id). An ETag answers 304 when nothing changed.',
        querystring: assignmentQuery,
        response: { 200: answers.assignment },
      },
    },
    async (request, reply) => {
      const data = await releases.assignment(releaseSubject(request, request.query.visitor));
      const body = { data };
      const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 22)}"`;
      void reply.header('ETag', etag);
      void reply.header('Cache-Control', 'private, no-cache');
      void reply.header('Vary', 'Authorization');
      // a 304 carries no body (untyped: the route's schema describes the 200)
      if (request.headers['if-none-match'] === etag) return (reply as FastifyReply).code(304).send();
      return body;
    },
  );

  app.post(
    '/releases/reports',
    {
      config: {
        access: 'pub',
        rateLimit: {
          max: REPORTS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `release-reports:${addressKey(request.ip)}`,
          errorResponseBuilder: (_request: FastifyRequest, context: { after: string }) =>
            new HttpError(429, 'rate_limited', `Too many reports; try again in ${context.after}`),
        },
      },
      schema: {
        tags: ['releases'],
        operationId: 'releases.report',
        summary: "A shell's loads and failures of the modules' releases (module, version, error names)",
        description:
          "With `token`, the report token of the caller's assignment (401 without a valid one): a report counts only for a release the token names and the module serves now. Counted per distinct user (the token's subject): a user who loaded a release counts once in its loads however often it reports, a user who saw it fail once in its failures (and in its loads: failures never above loads), each error name once per user; one address speaks for at most a quarter of RELEASE_CANARY_MIN_LOADS signed-out visitors of a release an hour (5 by default, 20 at most; on each server), so no fewer than four addresses reach the threshold with visitors; signed-in accounts, which a browser cannot make up, count up to 20 a release an hour from one address. Added up in memory and written every 5 s. A canary whose failing users reach the threshold is switched off.",
        body: releaseReportsBody,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await releases.report(request.body.token, request.body.reports, request.ip);
      return reply.code(204).send(null);
    },
  );

  moduleChange.post(
    '/releases/modules/:module',
    {
      operationId: 'releases.register',
      summary:
        'Registers a build: the stable release, or with canary_share the canary for that share of users',
      description: `The manifest is fetched (an allowed origin, or /remotes/<package>/mf-manifest.json of this server) and refused (400, the reasons in details) unless the running shell could load it: its name, where its files are, every shared module it requires at a version the shell provides. 502: its server could not be reached. 409: that version is registered at another address. ${CHANGE}`,
      body: releaseRegisterBody,
      response: { 200: answers.moduleReleases, 502: errorBody },
    },
    ({ module, caller }, request) => releases.register(module, request.body, caller),
  );

  moduleChange.put(
    '/releases/modules/:module/canary',
    {
      operationId: 'releases.setCanaryShare',
      summary: 'Sets the share of users the canary reaches (409 without a canary)',
      description: CHANGE,
      body: canaryShareBody,
      response: { 200: answers.moduleReleases },
    },
    ({ module, caller }, request) => releases.setCanaryShare(module, request.body.share, caller),
  );

  moduleChange.post(
    '/releases/modules/:module/promote',
    {
      operationId: 'releases.promote',
      summary: 'The canary becomes the stable release for everyone (409 without a canary)',
      description: CHANGE,
      response: { 200: answers.moduleReleases },
    },
    ({ module, caller }) => releases.promote(module, caller),
  );

  moduleChange.post(
    '/releases/modules/:module/rollback',
    {
      operationId: 'releases.rollback',
      summary:
        'One step back: the canary is switched off; without one, the previous stable release is stable again (409: nothing to roll back to)',
      description: CHANGE,
      response: { 200: answers.moduleReleases },
    },
    ({ module, caller }) => releases.rollback(module, caller),
  );

  route.post(
    '/releases/origins',
    {
      operationId: 'releases.allowOrigin',
      summary: 'Allows releases registered from an origin (a CDN), on every server at once',
      description:
        "`origin`: `https://host` or `https://host:port` (http too), nothing after it (400 otherwise). 409: allowed already. The change is logged with the admin; the shell's Content-Security-Policy follows it.",
      body: releaseOriginBody,
      response: { 201: answers.releaseOrigin },
    },
    (request) => releases.allowOrigin(request.body.origin, request.user!),
  );

  route.delete(
    '/releases/origins/:id',
    {
      operationId: 'releases.disallowOrigin',
      summary: 'No more releases registered from this origin',
      description:
        "409 while a module's stable, canary or previous release (what a rollback returns to) is there: register another first. The change is logged with the admin.",
      params: idParam,
      response: { 200: answers.releaseOrigin },
    },
    (request) => releases.disallowOrigin(request.params.id, request.user!),
  );

  route.post(
    '/releases/modules/:module/deploy-key',
    {
      operationId: 'releases.createDeployKey',
      summary: "A new deploy key for the module's pipeline (the old one stops working); shown once",
      params: moduleParam,
      response: { 201: answers.deployKey },
    },
    (request) => releases.createDeployKey(request.params.module),
  );
}
