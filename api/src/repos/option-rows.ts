/**
 * The rows of an option (a size, an extra), each with its price. New rows go last; a row on the
 * POS's stop-list (`pos_stopped`) is hidden from guests.
 */
import { type OptionRow, parseTranslations } from '@qrmenu/shared/schemas';
import type { OptionRowRow } from '../db';
import { menuListWrites } from './menu-lists';
import { chunks, type Dialect, inMenuOrder, type Q } from './query';

export function toOptionRow(r: Omit<OptionRowRow, 'external_id'>): OptionRow {
  return {
    _id: r.id,
    product_option_id: r.product_option_id,
    name: r.name,
    price: Number(r.price),
    max_quantity: r.max_quantity ?? 1,
    free_quantity: r.free_quantity ?? 0,
    is_default: r.is_default === 1,
    translations: parseTranslations(r.translations),
    createdAt: r.created_at,
  };
}

/** A row's limits as stored (0034_option_rules). */
export const ROW_RULE_COLUMNS = ['max_quantity', 'free_quantity', 'is_default'] as const;

const COLUMNS = [
  'id',
  'product_option_id',
  'name',
  'price',
  ...ROW_RULE_COLUMNS,
  'translations',
  'created_at',
] as const;

/** Rows joined with their option (`o`) and its product (`p`): whose restaurant a row is. */
const withProduct = (q: Q) =>
  q
    .selectFrom('option_rows as r')
    .innerJoin('product_options as o', 'o.id', 'r.product_option_id')
    .innerJoin('products as p', 'p.id', 'o.product_id');

export function optionRowsRepository(q: Q, dialect: Dialect) {
  return {
    async list(optionId: string): Promise<OptionRow[]> {
      const rows = await q
        .selectFrom('option_rows')
        .select(COLUMNS)
        .where('product_option_id', '=', optionId)
        .$call(inMenuOrder)
        .execute();
      return rows.map(toOptionRow);
    },

    /** An option row with the restaurant it belongs to (through its option and product). */
    find(id: string) {
      return withProduct(q)
        .select([
          'r.id',
          'r.product_option_id',
          'r.name',
          'r.price',
          'r.max_quantity',
          'r.free_quantity',
          'r.is_default',
          'r.translations',
          'r.created_at',
          'p.restaurant_id',
        ])
        .where('r.id', '=', id)
        .executeTakeFirst();
    },

    /**
     * The imported rows of a restaurant's options (those with an external id), with their
     * option's product, for a sync and the POS's stop-list.
     */
    listImported(restaurantId: string) {
      return withProduct(q)
        .select([
          'r.id',
          'r.product_option_id',
          'o.product_id',
          'r.name',
          'r.price',
          'r.external_id',
          'r.pos_stopped',
          'r.max_quantity',
          'r.free_quantity',
          'r.is_default',
        ])
        .where('p.restaurant_id', '=', restaurantId)
        .where('r.external_id', 'is not', null)
        .execute();
    },

    ...menuListWrites(q, dialect, 'option_rows'),

    /** Unmarks the option's default rows but `exceptId` (an option of one row at most has one default). */
    async clearDefaults(optionId: string, exceptId: string): Promise<void> {
      await q
        .updateTable('option_rows')
        .set({ is_default: 0 })
        .where('product_option_id', '=', optionId)
        .where('id', '!=', exceptId)
        .where('is_default', '=', 1)
        .execute();
    },

    /** Puts rows on the POS's stop-list (1) or takes them off (0). */
    async setPosStopped(ids: readonly string[], stopped: 0 | 1): Promise<void> {
      for (const part of chunks(ids)) {
        await q.updateTable('option_rows').set({ pos_stopped: stopped }).where('id', 'in', part).execute();
      }
    },
  };
}
