/**
 * Moving an item within its list (the menu in the restaurant's order, docs/PRODUCT.md). Every list of
 * the catalog has a hand-made order: categories within a restaurant, products within a category,
 * options within a product, rows within an option. One call moves one item; it answers the whole
 * list in its new order.
 */
import { z } from 'zod';
import { id } from './fields';

/** More items than any list of one parent can hold: a larger position is a mistake, not "last". */
export const MAX_POSITION = 100_000;

/**
 * Where the item goes: its 0-based index in the list after the move (0 = first). A position at
 * or past the end puts it last, so a move computed on a list that has since lost an item still
 * lands where it was meant to.
 */
export const position = z.number().int().min(0).max(MAX_POSITION);

/** `PUT .../position/{id}` of a category, an option or an option row. */
export const positionBody = z.strictObject({ position });
export type PositionBody = z.infer<typeof positionBody>;

/**
 * `PUT /manager/products/position/{id}`: within its category, or into another category of the
 * same restaurant (`category_id`) at that position.
 */
export const productPositionBody = z.strictObject({ position, category_id: id.optional() });
export type ProductPositionBody = z.input<typeof productPositionBody>;
