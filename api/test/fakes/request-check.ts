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
  /**
   * The document is an OpenAPI 3.0 description (iiko's), read as its provider reads a request:
   * each `discriminator` dispatches on its property's value, compared exactly as sent, to the
   * schema its `mapping` names (a value outside the mapping is refused), and that schema is its
   * own properties and the base's together (the `allOf` that extends the base); a `nullable`
   * beside `allOf`/`$ref` (no `type`) also takes null. ajv alone does neither: with `strict` off it
   * ignores `discriminator`, so an item would be checked against the base only, and it refuses to
   * compile `nullable` without `type`.
   */
  openApi?: boolean;
}

const describe = (e: ErrorObject) => {
  // ajv names the property it refuses only in its params
  const extra = e.keyword === 'additionalProperties' ? ` '${String(e.params.additionalProperty)}'` : '';
  return `${e.instancePath || '/'} ${e.message ?? 'is invalid'}${extra}`.trim();
};

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
  const source = stripSource(document);
  ajv.addSchema({ ...(options.openApi ? asJsonSchema(source) : source), $id: id } as AnySchema);
  const compiled = new Map<string, ReturnType<Ajv['compile']>>();
  return function check(pointer: string): RequestCheck {
    return (body) => {
      let validate = compiled.get(pointer);
      if (!validate) {
        validate = ajv.compile({ $ref: `${id}${pointer}` });
        compiled.set(pointer, validate);
      }
      // a dispatch's own `if` adds only "must match then": the faults inside it are named
      return validate(body) ? [] : (validate.errors ?? []).filter((e) => e.keyword !== 'if').map(describe);
    };
  };
}

/** A fixture's `_source` note is about the file, not part of the schema. */
function stripSource(document: Record<string, unknown>): Record<string, unknown> {
  const { _source: _, ...rest } = document;
  return rest;
}

type Schema = Record<string, unknown>;
interface Discriminator {
  propertyName: string;
  mapping: Record<string, string>;
}

const isObject = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const discriminatorOf = (s: Schema): Discriminator | undefined => {
  const d = s.discriminator;
  return isObject(d) && typeof d.propertyName === 'string' && isObject(d.mapping)
    ? (d as unknown as Discriminator)
    : undefined;
};

/**
 * An OpenAPI 3.0 document's `components.schemas` as JSON Schema that follows its discriminators
 * (`CheckOptions.openApi`); the document itself is not changed.
 */
function asJsonSchema(document: Schema): Schema {
  const copy = structuredClone(document);
  const components = isObject(copy.components) ? copy.components : {};
  const schemas = (isObject(components.schemas) ? components.schemas : {}) as Record<string, Schema>;
  const refOf = (name: string) => `#/components/schemas/${name}`;
  const bases = new Map(
    Object.entries(schemas).flatMap(([name, s]) => {
      const d = discriminatorOf(s);
      return d ? [[refOf(name), { schema: structuredClone(s), discriminator: d }] as const] : [];
    }),
  );

  // a schema that extends a base (`allOf: [{$ref: base}]`): the base's properties and its own,
  // the discriminator's value one of those the mapping sends here
  for (const [name, s] of Object.entries(schemas)) {
    if (!Array.isArray(s.allOf)) continue;
    const extended = s.allOf.filter((e) => isObject(e) && bases.has(String(e.$ref)));
    if (extended.length === 0) continue;
    const properties: Schema = {};
    const required = new Set<string>();
    for (const e of extended) {
      const base = bases.get(String((e as Schema).$ref)) as { schema: Schema; discriminator: Discriminator };
      Object.assign(properties, base.schema.properties);
      for (const r of (base.schema.required as string[] | undefined) ?? []) required.add(r);
      const { propertyName, mapping } = base.discriminator;
      const values = Object.keys(mapping).filter((v) => mapping[v] === refOf(name));
      if (values.length > 0) properties[propertyName] = { type: 'string', enum: values };
    }
    Object.assign(properties, s.properties);
    for (const r of (s.required as string[] | undefined) ?? []) required.add(r);
    const { allOf, ...own } = s;
    const rest = (allOf as unknown[]).filter((e) => !extended.includes(e));
    schemas[name] = {
      ...own,
      properties,
      required: [...required],
      ...(rest.length > 0 ? { allOf: rest } : {}),
    };
  }

  // a base: its discriminator's value picks the schema to check against
  for (const [ref, { schema, discriminator }] of bases) {
    const { propertyName, mapping } = discriminator;
    schemas[ref.slice(refOf('').length)] = {
      ...(schema.description ? { description: schema.description } : {}),
      type: 'object',
      required: [propertyName],
      properties: { [propertyName]: { type: 'string', enum: Object.keys(mapping) } },
      allOf: Object.entries(mapping).map(([value, target]) => ({
        if: { properties: { [propertyName]: { const: value } }, required: [propertyName] },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, not a promise
        then: { $ref: target },
      })),
    };
  }
  return nullableWithoutType(copy) as Schema;
}

/** OpenAPI 3.0's `nullable` beside `allOf` or `$ref` (no `type`): null, or the schema. */
function nullableWithoutType(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableWithoutType);
  if (!isObject(node)) return node;
  const walked: Schema = {};
  for (const [k, v] of Object.entries(node)) walked[k] = nullableWithoutType(v);
  if (typeof walked.nullable !== 'boolean' || 'type' in walked) return walked;
  const { nullable, ...rest } = walked;
  const constrained = ['allOf', 'anyOf', 'oneOf', '$ref'].some((k) => k in rest);
  return nullable === true && constrained ? { anyOf: [{ type: 'null' }, rest] } : rest;
}
