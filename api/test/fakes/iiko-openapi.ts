/**
 * What iiko Cloud accepts, as its published OpenAPI description says (fixtures/iiko/
 * openapi.subset.json, SOURCES.md there): every call the fake iiko receives (fakes/iiko.ts) and
 * every request the contract test builds (pos-contract-iiko-requests.test.ts) is checked against
 * its operation's `requestBody` schema, discriminators followed (request-check.ts `openApi`).
 *
 * iiko's `date-time` is not RFC 3339: the description's own words are "date and time string in
 * custom string format yyyy-MM-dd HH:mm:ss.fff" (its `info.description`), and its schemas name
 * that very string as their `format`.
 */
import { recorded } from '../fixtures/recorded';
import { requestChecks } from './request-check';

interface Operation {
  requestBody?: { content?: { 'application/json'?: { schema?: { $ref?: string } } } };
}

const DOCUMENT = recorded<{ paths: Record<string, { post?: Operation }> }>('iiko/openapi.subset.json');

/** `2019-08-24 14:15:22.123` (iiko's examples). */
export const IIKO_DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/;

const checks = requestChecks(DOCUMENT as unknown as Record<string, unknown>, {
  openApi: true,
  formats: { 'date-time': IIKO_DATE_TIME, 'yyyy-MM-dd HH:mm:ss.fff': IIKO_DATE_TIME },
});

/** The paths the description holds (every one this project calls). */
export const IIKO_PATHS = Object.keys(DOCUMENT.paths);

/** The schema pointer of a path's request body (`#/components/schemas/...`), if iiko describes it. */
export function iikoRequestSchema(path: string): string | undefined {
  return DOCUMENT.paths[path]?.post?.requestBody?.content?.['application/json']?.schema?.$ref;
}

/**
 * A request's faults as iiko checks them, one line each; empty: iiko takes it. A path the
 * description does not hold has no schema to pass: it is a fault itself.
 */
export function iikoRequestFaults(path: string, body: unknown): string[] {
  const schema = iikoRequestSchema(path);
  if (!schema) return [`${path} is not an operation of iiko's description`];
  return checks(schema)(body);
}
