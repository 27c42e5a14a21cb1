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
