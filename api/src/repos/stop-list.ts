/** The stop-list's one write: products switched off (stop) or on (resume), with their categories. */
import { inTransaction, type Q } from './query';

const CHUNK = 1000;

export interface StopListChange {
  /** Products (of `restaurantId`) to switch. */
  ids: readonly string[];
  restaurantId: string;
  stop: boolean;
  /** resume: the categories of those products, switched on too. */
  categoryIds: readonly string[];
  at: string;
}

/**
 * One transaction; what flips is decided inside it, from the rows as they are now. stop: every
 * category of the restaurant with products, none of them active, is switched off too.
 * Answers the ids of the products that changed and the categories that changed.
 */
export function applyStopList(q: Q, change: StopListChange) {
  const { ids, restaurantId, stop, at } = change;
  const target = stop ? 0 : 1;
  return inTransaction(q, async (trx) => {
    const changedIds: string[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const slice = ids.slice(i, i + CHUNK);
      // the manager's own stop is remembered (a POS sync keeps it until the manager resumes);
      // a resume lifts only the manager's stop: a product the POS hides or stopped stays off
      await trx
        .updateTable('products')
        .set({ stopped_by_manager: stop ? 1 : 0 })
        .where('id', 'in', slice)
        .where('restaurant_id', '=', restaurantId)
        .where('stopped_by_manager', '!=', stop ? 1 : 0)
        .execute();
      let flip = trx
        .updateTable('products')
        .set({ is_active: target, updated_at: at })
        .where('id', 'in', slice)
        .where('restaurant_id', '=', restaurantId)
        .where('is_active', '!=', target);
      if (!stop) flip = flip.where('pos_hidden', '=', 0).where('pos_stopped', '=', 0);
      const rows = await flip.returning('id').execute();
      for (const r of rows) changedIds.push(r.id);
    }
    let categoryQuery = trx
      .updateTable('categories')
      .set({ is_active: target, updated_at: at })
      .where('restaurant_id', '=', restaurantId)
      .where('is_active', '!=', target);
    if (stop) {
      // categories with products, none of them active
      categoryQuery = categoryQuery
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
        );
    } else {
      categoryQuery = categoryQuery.where('id', 'in', [...change.categoryIds]);
    }
    const categories = await categoryQuery
      .returning(['id', 'restaurant_id', 'title', 'is_active', 'translations', 'created_at', 'updated_at'])
      .execute();
    return { changedIds, categories };
  });
}
