/** Placements of a restaurant's QR codes ("Stol 1", "Eshik", "Instagram"): each code counts its visits apart. */
import type { Placement } from '@qrmenu/shared/schemas';
import type { PlacementRow } from '../db';
import { chunks, type Q } from './query';

export const toPlacement = (r: PlacementRow): Placement => ({
  _id: r.id,
  restaurant_id: r.restaurant_id,
  name: r.name,
  createdAt: r.created_at,
});

export function placementsRepository(q: Q) {
  return {
    /** A restaurant's placements in the order they were made ("Stol 1" ... "Stol 20" stay in order). */
    list: (restaurantId: string) =>
      q
        .selectFrom('placements')
        .selectAll()
        .where('restaurant_id', '=', restaurantId)
        .orderBy('created_at')
        .orderBy('id') // ids sort in the order they were made
        .execute(),

    /**
     * A restaurant's placements as its guests' page needs them (at most
     * `PLACEMENT_LIMITS.perRestaurant`): a view's `?p=` counts only if it is one, and one that
     * takes orders gets the page with its table's panel (public-menu/route.ts).
     */
    async guestTablesOf(
      restaurantId: string,
    ): Promise<{ id: string; name: string; takes_orders: boolean }[]> {
      const rows = await q
        .selectFrom('placements')
        .select(['id', 'name', 'takes_orders'])
        .where('restaurant_id', '=', restaurantId)
        .execute();
      return rows.map((r) => ({ id: r.id, name: r.name, takes_orders: r.takes_orders === 1 }));
    },

    find: (id: string) => q.selectFrom('placements').selectAll().where('id', '=', id).executeTakeFirst(),

    async count(restaurantId: string): Promise<number> {
      const row = await q
        .selectFrom('placements')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('restaurant_id', '=', restaurantId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async createMany(rows: PlacementRow[]): Promise<void> {
      for (const part of chunks(rows)) await q.insertInto('placements').values(part).execute();
    },

    /** Maps a placement to the POS's table (null: not mapped). */
    async setPosTable(id: string, posTableId: string | null, at: string): Promise<void> {
      await q
        .updateTable('placements')
        .set({ pos_table_id: posTableId, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    async rename(id: string, name: string, at: string): Promise<void> {
      await q.updateTable('placements').set({ name, updated_at: at }).where('id', '=', id).execute();
    },

    /** Switches ordering on or off at the restaurant's placements among `ids`. */
    async setTakesOrders(
      restaurantId: string,
      ids: readonly string[],
      on: boolean,
      at: string,
    ): Promise<void> {
      for (const part of chunks(ids)) {
        await q
          .updateTable('placements')
          .set({ takes_orders: on ? 1 : 0, updated_at: at })
          .where('restaurant_id', '=', restaurantId)
          .where('id', 'in', part)
          .execute();
      }
    },

    /** Deletes a placement; its visits stay counted under its id (shown as a deleted placement). */
    async delete(id: string): Promise<boolean> {
      const res = await q.deleteFrom('placements').where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    // ---------- the floor: zones and waiters (docs/PRODUCT.md, "Tables to waiters") ----------

    /**
     * Each placement's waiter as the orders go (`waiter`: the waiter it is given to while that
     * account is an active waiter, else null: everyone's), by placement id, for `ids`.
     */
    async waitersOf(ids: readonly string[]): Promise<Map<string, string | null>> {
      const out = new Map<string, string | null>();
      for (const part of chunks([...new Set(ids)])) {
        const rows = await q
          .selectFrom('placements')
          .leftJoin('users', (j) =>
            j
              .onRef('users.id', '=', 'placements.waiter_id')
              .on('users.role', '=', 'waiter')
              .on('users.is_active', '=', 1),
          )
          .select(['placements.id', 'users.id as waiter'])
          .where('placements.id', 'in', part)
          .execute();
        for (const r of rows) out.set(r.id, r.waiter ?? null);
      }
      return out;
    },

    /** Gives placements of the restaurant among `ids` to a waiter (null: to everyone) and/or a zone. */
    async assign(
      restaurantId: string,
      ids: readonly string[],
      change: { waiter_id?: string | null; zone?: string | null },
      at: string,
    ): Promise<void> {
      for (const part of chunks(ids)) {
        await q
          .updateTable('placements')
          .set({ ...change, updated_at: at })
          .where('restaurant_id', '=', restaurantId)
          .where('id', 'in', part)
          .execute();
      }
    },

    /** A waiter's tables go back to everyone (the account left the floor: deactivated, made the kitchen). */
    async releaseWaiter(waiterId: string, at: string): Promise<void> {
      await q
        .updateTable('placements')
        .set({ waiter_id: null, updated_at: at })
        .where('waiter_id', '=', waiterId)
        .execute();
    },

    /** Which of `ids` are placements, with their restaurants (the ordering switches check theirs). */
    async owners(ids: readonly string[]): Promise<Map<string, string>> {
      const out = new Map<string, string>();
      for (const part of chunks(ids)) {
        const rows = await q
          .selectFrom('placements')
          .select(['id', 'restaurant_id'])
          .where('id', 'in', part)
          .execute();
        for (const r of rows) out.set(r.id, r.restaurant_id);
      }
      return out;
    },
  };
}
