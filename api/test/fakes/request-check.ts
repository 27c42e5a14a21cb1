/**
 * What a fake receives, checked as the provider checks it. Each provider's request rules are a
 * JSON Schema kept as a fixture (api/test/fixtures/<provider>/, SOURCES.md there): the provider's
 * own OpenAPI description where it publishes one (iiko), otherwise rules written from its
 * documented parameter tables and limits, each rule's page named. A fake compiles them once and
 * refuses a request that breaks one, with the provider's own status and error shape: a fake that
 * accepts what the provider refuses tests only our reading of it.
 *
 * Limits a schema cannot say (Telegram's text length after entities parsing, counted in UTF-16
 * code units) stay in the fake's code beside the schema, with their source named there.
 */
import { Ajv, type AnySchema, type ErrorObject, type Format } from 'ajv';
import addFormatsImport from 'ajv-formats';

// ajv-formats ships CommonJS with `exports.default`: under Node's ESM loader the default import
// is the module object, under vitest's the function itself.
const addFormats = ((addFormatsImport as unknown as { default?: unknown }).default ??
  addFormatsImport) as typeof addFormatsImport;

export interface RequestCheck {
  /** The request's faults, one line each ("/order/items/0 must have required property 'price'"); empty: valid. */
  (body: unknown): string[];
}

export interface CheckOptions {
  /**
   * Formats the provider defines its own way (iiko's `date-time` is `yyyy-MM-dd HH:mm:ss.fff`,
   * not RFC 3339): each replaces the standard format of that name.
   */
  formats?: Record<string, Format>;
}

const describe = (e: ErrorObject) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`.trim();

/**
 * One ajv instance per document: `schemas` is the whole document (an OpenAPI's `components`
 * and `paths`, or a provider's rules file), added once so that its `$ref`s resolve inside it;
 * `check(pointer)` compiles the schema at that JSON pointer (`#/components/schemas/X`).
 */
export function requestChecks(document: Record<string, unknown>, options: CheckOptions = {}) {
  // strict off: published documents carry keywords ajv does not define (`example`, `x-*`,
  // OpenAPI's `discriminator` without ajv's own restrictions); `nullable` is OpenAPI 3.0's own
  // and ajv knows it; every error is kept so that a refusal names all of a request's faults
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // added after ajv-formats: the provider's own replaces the standard one of that name
  for (const [name, format] of Object.entries(options.formats ?? {})) ajv.addFormat(name, format);
  const id = 'provider-document';
  ajv.addSchema({ ...stripSource(document), $id: id } as AnySchema);
  const compiled = new Map<string, ReturnType<Ajv['compile']>>();
  return function check(pointer: string): RequestCheck {
    return (body) => {
      let validate = compiled.get(pointer);
      if (!validate) {
        validate = ajv.compile({ $ref: `${id}${pointer}` });
        compiled.set(pointer, validate);
      }
      return validate(body) ? [] : (validate.errors ?? []).map(describe);
    };
  };
}

/** A fixture's `_source` note is about the file, not part of the schema. */
function stripSource(document: Record<string, unknown>): Record<string, unknown> {
  const { _source: _, ...rest } = document;
  return rest;
}
