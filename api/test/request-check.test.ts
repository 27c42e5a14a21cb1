/**
 * The fakes' request checks (fakes/request-check.ts): a document's schemas resolve their `$ref`s
 * inside it, every fault is named, OpenAPI 3.0's `nullable` holds, a provider's own format
 * replaces the standard one of its name.
 */
import { describe, expect, it } from 'vitest';
import { requestChecks } from './fakes/request-check';

const document = {
  _source: 'a test document',
  components: {
    schemas: {
      Line: {
        type: 'object',
        required: ['productId', 'price'],
        properties: {
          productId: { type: 'string', format: 'uuid' },
          price: { type: 'number' },
          comment: { type: 'string', nullable: true, maxLength: 5 },
        },
      },
      Order: {
        type: 'object',
        required: ['items'],
        properties: {
          items: { type: 'array', items: { $ref: '#/components/schemas/Line' } },
          when: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
};

describe('request checks', () => {
  const check = requestChecks(document, {
    formats: { 'date-time': /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/ },
  })('#/components/schemas/Order');
  const id = '497f6eca-6276-4993-bfeb-53cbbbba6f08';

  it('passes a valid request, with a null where the schema allows it', () => {
    expect(
      check({ items: [{ productId: id, price: 1, comment: null }], when: '2026-11-28 12:00:00.000' }),
    ).toEqual([]);
  });

  it('names every fault, through the references', () => {
    const faults = check({ items: [{ productId: 'x' }, { price: 2, comment: 'too long' }] });
    expect(faults).toEqual(
      expect.arrayContaining([
        "/items/0 must have required property 'price'",
        '/items/0/productId must match format "uuid"',
        "/items/1 must have required property 'productId'",
        '/items/1/comment must NOT have more than 5 characters',
      ]),
    );
  });

  it("takes the provider's own format for a standard name", () => {
    expect(check({ items: [], when: '2026-11-28T12:00:00Z' })).toEqual([
      '/when must match format "date-time"',
    ]);
  });
});

/**
 * An OpenAPI 3.0 document as iiko publishes one: an item's `type` is a discriminator whose mapping
 * names the schema that extends the base (`allOf`), both with `additionalProperties: false`, and a
 * `nullable` beside `allOf` with no `type`.
 */
const openApi = {
  _source: 'a test document in the shape of iiko OpenAPI description',
  components: {
    schemas: {
      Item: {
        type: 'object',
        required: ['type', 'amount'],
        properties: {
          type: { type: 'string' },
          amount: { type: 'number', maximum: 999.999 },
          comment: { type: 'string', nullable: true, maxLength: 5 },
        },
        additionalProperties: false,
        discriminator: {
          propertyName: 'type',
          mapping: {
            Product: '#/components/schemas/ProductItem',
            Compound: '#/components/schemas/CompoundItem',
          },
        },
      },
      ProductItem: {
        type: 'object',
        required: ['productId', 'price'],
        allOf: [{ $ref: '#/components/schemas/Item' }],
        properties: { productId: { type: 'string', format: 'uuid' }, price: { type: 'number' } },
        additionalProperties: false,
      },
      CompoundItem: {
        type: 'object',
        required: ['primaryComponent'],
        allOf: [{ $ref: '#/components/schemas/Item' }],
        properties: { primaryComponent: { type: 'string' } },
        additionalProperties: false,
      },
      Settings: {
        type: 'object',
        properties: { checkStopList: { type: 'boolean' } },
        additionalProperties: false,
      },
      Order: {
        type: 'object',
        required: ['items'],
        properties: {
          items: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
          settings: { allOf: [{ $ref: '#/components/schemas/Settings' }], nullable: true },
        },
        additionalProperties: false,
      },
    },
  },
};

describe('request checks of an OpenAPI document', () => {
  const check = requestChecks(openApi, { openApi: true })('#/components/schemas/Order');
  const productId = '497f6eca-6276-4993-bfeb-53cbbbba6f08';

  it("checks an item against the schema its discriminator's value names, with the base's properties", () => {
    expect(
      check({
        items: [{ type: 'Product', amount: 2, productId, price: 9000, comment: null }],
        settings: null,
      }),
    ).toEqual([]);
    expect(check({ items: [{ type: 'Product', amount: 2, productId }] })).toEqual([
      "/items/0 must have required property 'price'",
    ]);
    expect(
      check({ items: [{ type: 'Product', amount: 1000, productId, price: 1, comment: 'too long' }] }),
    ).toEqual(
      expect.arrayContaining([
        '/items/0/amount must be <= 999.999',
        '/items/0/comment must NOT have more than 5 characters',
      ]),
    );
    expect(check({ items: [{ type: 'Compound', amount: 1, primaryComponent: 'x', price: 1 }] })).toEqual([
      "/items/0 must NOT have additional properties 'price'",
    ]);
  });

  it('refuses a value the mapping does not name, compared exactly as sent', () => {
    expect(check({ items: [{ type: 'product', amount: 1, productId, price: 1 }] })).toEqual([
      '/items/0/type must be equal to one of the allowed values',
    ]);
  });

  it('takes null where a nullable stands beside allOf, and checks the object otherwise', () => {
    expect(check({ items: [], settings: { checkStopList: true } })).toEqual([]);
    expect(check({ items: [], settings: { checkStopList: 'yes' } })).toEqual(
      expect.arrayContaining(['/settings/checkStopList must be boolean']),
    );
  });
});
