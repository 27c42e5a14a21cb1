/**
 * The reads of a guest's menu page: four queries whatever the menu's size, translations
 * included (a column of each row: no query more for Russian or English) (see
 * public-menu/menu-data.ts for what is shown). Public columns only: bot_token, channel_id and
 * the manager are never even selected.
 */
import { inMenuOrder, type Q } from './query';

export function menuRepository(q: Q) {
  return {
    /**
     * The restaurant of a current slug (public columns, is_active, and `takes_orders`: 1 when
     * its manager opened ordering; each placement has its own switch, see `placementTakesOrders`).
     */
    findRestaurant: (slug: string) =>
      q
        .selectFrom('restaurants')
        .select([
          'id',
          'name',
          'slug',
          'address',
          'phone_number',
          'work_time',
          'image',
          'logotype',
          'is_active',
          'translations',
          'takes_orders',
        ])
        .where('slug', '=', slug)
        .executeTakeFirst(),

    /** Whether a placement's table takes orders (its own switch; the restaurant's is read with it). */
    async placementTakesOrders(restaurantId: string, placementId: string): Promise<boolean> {
      const row = await q
        .selectFrom('placements')
        .select('takes_orders')
        .where('id', '=', placementId)
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirst();
      return row?.takes_orders === 1;
    },

    /**
     * What an order may name, as the menu is now: the restaurant's products among `productIds`
     * with their category's switch, the options of those products with their rules and their rows
     * still offered (a row on the POS's stop-list is not) with their limits. Three queries
     * whatever the order's size.
     */
    async orderable(restaurantId: string, productIds: readonly string[]) {
      const ids = [...new Set(productIds)];
      if (ids.length === 0) return { products: [], options: [], rows: [] };
      const [products, options, rows] = await Promise.all([
        q
          .selectFrom('products as p')
          .innerJoin('categories as c', 'c.id', 'p.category_id')
          .select([
            'p.id',
            'p.name',
            'p.price',
            'p.is_active',
            'p.translations',
            'p.external_id',
            'c.is_active as category_active',
          ])
          .where('p.restaurant_id', '=', restaurantId)
          .where('p.id', 'in', ids)
          .execute(),
        q
          .selectFrom('product_options')
          .select(['id', 'product_id', 'name', 'translations', 'external_id', 'min_choices', 'max_choices'])
          .where('product_id', 'in', ids)
          .execute(),
        q
          .selectFrom('option_rows as r')
          .innerJoin('product_options as o', 'o.id', 'r.product_option_id')
          .select([
            'r.id',
            'r.product_option_id',
            'r.name',
            'r.price',
            'r.translations',
            'r.external_id',
            'r.max_quantity',
            'r.free_quantity',
          ])
          .where('o.product_id', 'in', ids)
          .where('r.pos_stopped', '=', 0)
          .execute(),
      ]);
      return { products, options, rows };
    },

    /** Active categories, active products and those products' options joined with their rows, in menu order. */
    async activeRows(restaurantId: string) {
      const [categories, products, options] = await Promise.all([
        q
          .selectFrom('categories')
          .select(['id', 'title', 'translations'])
          .where('restaurant_id', '=', restaurantId)
          .where('is_active', '=', 1)
          .$call(inMenuOrder)
          .execute(),
        q
          .selectFrom('products')
          .select(['id', 'category_id', 'name', 'description', 'price', 'images', 'translations'])
          .where('restaurant_id', '=', restaurantId)
          .where('is_active', '=', 1)
          .$call(inMenuOrder)
          .execute(),
        q
          .selectFrom('product_options as o')
          .innerJoin('products as p', 'p.id', 'o.product_id')
          .innerJoin('option_rows as r', 'r.product_option_id', 'o.id')
          .select([
            'o.id',
            'o.product_id',
            'o.name',
            'o.translations',
            'o.min_choices',
            'o.max_choices',
            'r.id as row_id',
            'r.name as row_name',
            'r.price as row_price',
            'r.translations as row_translations',
            'r.max_quantity as row_max_quantity',
            'r.free_quantity as row_free_quantity',
            'r.is_default as row_is_default',
          ])
          .where('p.restaurant_id', '=', restaurantId)
          .where('p.is_active', '=', 1)
          // a size or a modifier on the POS's stop-list is not offered
          .where('r.pos_stopped', '=', 0)
          .$call((qb) => inMenuOrder(inMenuOrder(qb, 'o'), 'r'))
          .execute(),
      ]);
      return { categories, products, options };
    },
  };
}
