/**
 * The categories of a restaurant's menu: reads in the menu's order (`inMenuOrder`), new ones
 * last (repos/positions.ts), the stop-list's switches, and the row -> answer mapper.
 */
import { type Category, parseTranslations } from '@qrmenu/shared/schemas';
import { type CategoryRow, toBool } from '../db';
import { menuListWrites } from './menu-lists';
import { arrangeList } from './positions';
import { prepared } from './prepared';
import { type Dialect, inMenuOrder, type Q } from './query';

export function toCategory(r: CategoryRow | Omit<CategoryRow, 'external_id'>): Category {
  return {
    _id: r.id,
    title: r.title,
    restaurant_id: r.restaurant_id,
    is_active: toBool(r.is_active),
    translations: parseTranslations(r.translations),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

const COLUMNS = [
  'id',
  'restaurant_id',
  'title',
  'is_active',
  'translations',
  'created_at',
  'updated_at',
] as const;

// a product's create reads its category first: prepared (built once per handle)
const byId = prepared<Omit<CategoryRow, 'external_id' | 'pos_position'>, 'id'>((db, p) =>
  db.selectFrom('categories').select(COLUMNS).where('id', '=', p('id')),
);

// a product's create: the category with its restaurant's manager (the owner check reads nothing more)
const byIdWithManager = prepared<
  Omit<CategoryRow, 'external_id' | 'pos_position'> & { manager_id: string | null },
  'id'
>((db, p) =>
  db
    .selectFrom('categories')
    .select(COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('restaurants')
        .select('restaurants.manager_id')
        .whereRef('restaurants.id', '=', 'categories.restaurant_id')
        .as('manager_id'),
    )
    .where('id', '=', p('id')),
);

export function categoriesRepository(q: Q, dialect: Dialect) {
  return {
    async list(restaurantId: string, onlyActive: boolean): Promise<Category[]> {
      let query = q.selectFrom('categories').select(COLUMNS).where('restaurant_id', '=', restaurantId);
      if (onlyActive) query = query.where('is_active', '=', 1);
      const rows = await inMenuOrder(query).execute();
      return rows.map(toCategory);
    },

    async find(id: string) {
      return (await byId(q, { id }))[0];
    },

    /** The category with its restaurant's manager (null: none), for an owner check without a read. */
    async findWithManager(id: string) {
      return (await byIdWithManager(q, { id }))[0];
    },

    /** The imported categories of a restaurant (those with an external id), for a sync. */
    listImported(restaurantId: string) {
      return q
        .selectFrom('categories')
        .select(['id', 'title', 'external_id', 'pos_position'])
        .where('restaurant_id', '=', restaurantId)
        .where('external_id', 'is not', null)
        .execute();
    },

    ...menuListWrites(q, dialect, 'categories'),

    /** Puts the restaurant's list in the order `arrange` makes of it (a POS's order). */
    arrange: (restaurantId: string, arrange: (ids: string[]) => string[]) =>
      arrangeList(q, 'categories', restaurantId, arrange),

    /** Switches off every category of the restaurant that has products, none of them active. */
    deactivateEmptied(restaurantId: string, at: string) {
      return q
        .updateTable('categories')
        .set({ is_active: 0, emptied_by_stop: 1, updated_at: at })
        .where('restaurant_id', '=', restaurantId)
        .where('is_active', '!=', 0)
        .where(({ exists, selectFrom }) =>
          exists(selectFrom('products as p').select('p.id').whereRef('p.category_id', '=', 'categories.id')),
        )
        .where(({ exists, not, selectFrom }) =>
          not(
            exists(
              selectFrom('products as p')
                .select('p.id')
                .whereRef('p.category_id', '=', 'categories.id')
                .where('p.is_active', '=', 1),
            ),
          ),
        )
        .returning(COLUMNS)
        .execute();
    },

    /**
     * Switches on the restaurant's categories of `ids` that a stop switched off (never those its
     * manager switched off); answers those.
     */
    activate(restaurantId: string, ids: readonly string[], at: string) {
      return q
        .updateTable('categories')
        .set({ is_active: 1, emptied_by_stop: 0, updated_at: at })
        .where('restaurant_id', '=', restaurantId)
        .where('is_active', '!=', 1)
        .where('emptied_by_stop', '=', 1)
        .where('id', 'in', [...ids])
        .returning(COLUMNS)
        .execute();
    },
  };
}
