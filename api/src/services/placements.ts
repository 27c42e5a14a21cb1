/**
 * `app.placements`: where a restaurant's QR codes are placed ("Stol 1" ... "Stol 20", "Eshik",
 * "Instagram"); each placement's code opens `/m/<slug>?p=<placement id>` and its visits are
 * counted apart. Owns: names are unique per restaurant (a name given twice: 400; one the
 * restaurant has: 409, nothing created), at most PLACEMENT_LIMITS.perRestaurant a restaurant
 * (counted in the transaction that adds them); a deleted placement's visits stay counted.
 * A new, renamed or deleted placement makes the restaurant's cached menu pages stale: a page knows
 * its placements, counts a view's `?p=` only when it is one of them, and names the table in the
 * panel of a table that takes orders (public-menu/page.tsx).
 */
import { PLACEMENT_LIMITS, type Placement } from '@qrmenu/shared/schemas';
import { isUniqueViolation, newCodeId, now, type PlacementRow } from '../db';
import { conflict, invalid, notFound } from '../domain/errors';
import { toPlacement } from '../repos/placements';
import { type AssertOwner, owned, type ServiceContext } from './context';

const NAME_TAKEN = 'A placement of this restaurant already has this name';

function nameTakenToConflict(err: unknown): never {
  if (isUniqueViolation(err)) throw conflict(NAME_TAKEN);
  throw err;
}

export function placementsService({ repos, effects }: ServiceContext) {
  /** The placement `id`, once the caller's check passed on its restaurant. */
  const ownedPlacement = async (id: string, assertOwner: AssertOwner): Promise<PlacementRow> =>
    owned(await repos.placements.find(id), 'Placement not found', assertOwner);

  return {
    /** The restaurant's placements, in the order they were made. */
    list: async (restaurantId: string): Promise<Placement[]> =>
      (await repos.placements.list(restaurantId)).map(toPlacement),

    /** One placement per name (a range "Stol 1-20" arrives as its 20 names). */
    async create(
      restaurantId: string,
      names: readonly string[],
      assertOwner: AssertOwner,
    ): Promise<Placement[]> {
      await assertOwner(restaurantId);
      const seen = new Set<string>();
      names.forEach((name, i) => {
        if (seen.has(name))
          throw invalid('A name is given twice', [{ path: `names.${i}`, message: 'Duplicate' }]);
        seen.add(name);
      });
      const at = now();
      // the id is the code printed on the table: 128 random bits, not to be guessed (db/util.ts)
      const rows: PlacementRow[] = names.map((name) => ({
        id: newCodeId(),
        restaurant_id: restaurantId,
        name,
        created_at: at,
        updated_at: at,
      }));
      try {
        await repos.transaction(async (trx) => {
          const had = await trx.placements.count(restaurantId);
          if (had + rows.length > PLACEMENT_LIMITS.perRestaurant) {
            throw invalid(`At most ${PLACEMENT_LIMITS.perRestaurant} placements a restaurant`, [
              { path: 'names', message: 'Too many placements' },
            ]);
          }
          await trx.placements.createMany(rows);
        });
      } catch (err) {
        nameTakenToConflict(err);
      }
      effects.stale({ restaurants: [restaurantId] });
      return rows.map(toPlacement);
    },

    /** Renames a placement (its code and counts stay). */
    async rename(id: string, name: string, assertOwner: AssertOwner): Promise<Placement> {
      const row = await ownedPlacement(id, assertOwner);
      const at = now();
      try {
        await repos.placements.rename(row.id, name, at);
      } catch (err) {
        nameTakenToConflict(err);
      }
      effects.stale({ restaurants: [row.restaurant_id] });
      return toPlacement({ ...row, name, updated_at: at });
    },

    /** Deletes a placement: its printed codes then count as "QR kod"; its past visits stay. */
    async remove(id: string, assertOwner: AssertOwner): Promise<{ _id: string }> {
      const row = await ownedPlacement(id, assertOwner);
      if (!(await repos.placements.delete(row.id))) throw notFound('Placement not found');
      effects.stale({ restaurants: [row.restaurant_id] });
      return { _id: row.id };
    },
  };
}
