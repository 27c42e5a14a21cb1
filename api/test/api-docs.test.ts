/**
 * docs/API.md and the OpenAPI document the server serves say the same thing:
 * - every operation of the OpenAPI is named in docs/API.md (`POST /manager/orders/{id}/pos-retry`,
 *   in a table's cell or in prose), and every call docs/API.md names under "Endpoints" is an
 *   operation of the OpenAPI, so a route added, moved or removed cannot leave the reference behind;
 * - each operation's parameters are its own: a guest's order is opened with its key only (the
 *   stream's `after` resumes the stream), a call carries no order's line limits.
 * The served document is the exhaustive reference; docs/API.md the one a reader starts from.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestCtx } from './helpers';

const API_MD = resolve(import.meta.dirname, '../../docs/API.md');

interface Operation {
  tags?: string[];
  description?: string;
  summary?: string;
  parameters?: { name: string; in: string }[];
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** `METHOD /path` with the path's parameters unnamed and `/api` left out: what the two lists compare. */
const callOf = (method: string, path: string) =>
  `${method.toUpperCase()} ${path
    .replace(/^\/api(?=\/)/, '')
    .split('?')[0]
    ?.replace(/\{[^}]*\}/g, '{}')}`;

/** The operations of the OpenAPI document, as callOf writes them. */
export const operationsOf = (doc: OpenApi): string[] =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((method) => METHODS.includes(method))
      .map((method) => callOf(method, path)),
  );

/**
 * The calls a markdown text names in code spans, `GET /manager/orders` or `GET /user/products/?x=`,
 * as callOf writes them (its query left out); only the part between "## Endpoints" and the next
 * second-level heading (what lies outside `/api` is no operation of the API).
 */
export function callsOf(markdown: string): string[] {
  const start = markdown.indexOf('\n## Endpoints');
  const end = markdown.indexOf('\n## ', start + 1);
  const part = markdown.slice(start, end === -1 ? undefined : end);
  return [...part.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/[^`]*)`/g)].map((m) =>
    callOf(m[1] as string, m[2] as string),
  );
}

let ctx: TestCtx;
let doc: OpenApi;
beforeAll(async () => {
  ctx = await createTestApp();
  doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApi;
});
afterAll(async () => ctx?.close());

describe('docs/API.md against the OpenAPI document', () => {
  it('reads the two lists alike (the check works)', () => {
    const markdown = [
      '## Conventions',
      '`GET /not/an/endpoint`',
      '## Endpoints',
      '| `GET /manager/orders` | own | `?day=` |',
      'and `PUT /manager/placements/{id}/pos-table` in prose, `GET /user/products/?restaurant_id=`',
      '`POST /integrations/iiko/webhook/{restaurant id}`',
      '## Outside `/api`',
      '`GET /m/{slug}`',
    ].join('\n');
    expect(callsOf(markdown)).toEqual([
      'GET /manager/orders',
      'PUT /manager/placements/{}/pos-table',
      'GET /user/products/',
      'POST /integrations/iiko/webhook/{}',
    ]);
    expect(
      operationsOf({ paths: { '/api/public/orders/{id}': { get: {}, parameters: {} as Operation } } }),
    ).toEqual(['GET /public/orders/{}']);
  });

  it('docs/API.md names every operation of the OpenAPI, and no call the OpenAPI lacks', () => {
    const documented = new Set(callsOf(readFileSync(API_MD, 'utf8')));
    const served = operationsOf(doc);
    expect(served.length).toBeGreaterThan(100);
    expect(
      served.filter((call) => !documented.has(call)),
      'missing from docs/API.md',
    ).toEqual([]);
    expect(
      [...documented].filter((call) => !served.includes(call)),
      'in docs/API.md, not served',
    ).toEqual([]);
  });

  it('every tag (route group) of the OpenAPI has its operations in docs/API.md', () => {
    const documented = new Set(callsOf(readFileSync(API_MD, 'utf8')));
    const tags = new Map<string, string[]>();
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops))
        for (const tag of op.tags ?? []) tags.set(tag, [...(tags.get(tag) ?? []), callOf(method, path)]);
    expect([...tags.keys()]).toEqual(expect.arrayContaining(['orders', 'payments', 'placements']));
    const uncovered = [...tags].filter(([, calls]) => calls.some((call) => !documented.has(call)));
    expect(uncovered.map(([tag]) => tag)).toEqual([]);
  });

  it("opens a guest's order with its key only; `after` resumes the order's stream", () => {
    const query = (path: string) =>
      (doc.paths[path]?.get?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    expect(query('/api/public/orders/{id}')).toEqual(['key']);
    expect(query('/api/public/orders/{id}/events').sort()).toEqual(['after', 'key']);
  });

  it("gives a call no order's line limits; an order has them", () => {
    const call = doc.paths['/api/public/calls']?.post?.description ?? '';
    const order = doc.paths['/api/public/orders']?.post?.description ?? '';
    expect(order).toMatch(/At most \d+ lines/);
    expect(order).toContain('comment of');
    expect(call).not.toMatch(/lines|comment|row/);
    expect(call).toContain('429');
  });
});
