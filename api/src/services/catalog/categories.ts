/**
 * Categories: a manager's create, edit, delete and move (the caller's access check first, then
 * the write), the guests' and the manager's lists. Owns: a new category's row (rows.ts), goes
 * last; an edit writes only what changed and merges translations; a delete releases the pictures
 * of the products it took with it; every write makes its restaurant's answers stale.
 */
import type { Category, categoryCreateBody, categoryUpdateBody } from '@qrmenu/shared/schemas';
import type { z } from 'zod';
import { type CategoryRow, now } from '../../db';
import { notFound } from '../../domain/errors';
import { toCategory } from '../../repos/categories';
import { type AssertOwner, owned, type ServiceContext } from '../context';
import { patchOf } from '../patch';
import { translationsChange } from '../translations';
import { CATEGORY_FIELDS, newCategoryRow } from './rows';

export function categoriesService({ repos, effects }: ServiceContext) {
  /** The category `id`, once the caller's check passed on its restaurant. */
  const ownedCategory = async (id: string, assertOwner: AssertOwner) =>
    owned(await repos.categories.find(id), 'Category not found', assertOwner);

  return {
    /** Every category of the restaurant, in its order (the manager's list). */
    list: (restaurantId: string): Promise<Category[]> => repos.categories.list(restaurantId, false),

    /** A restaurant's categories for anyone: only active ones unless `all`; 404 for no such restaurant. */
    async listOf(restaurantId: string, all: boolean): Promise<Category[]> {
      if (!(await repos.restaurants.exists(restaurantId))) throw notFound('Restaurant not found');
      return repos.categories.list(restaurantId, !all);
    },

    async create(body: z.output<typeof categoryCreateBody>, assertOwner: AssertOwner): Promise<Category> {
      await assertOwner(body.restaurant_id);
      const row = newCategoryRow(body.restaurant_id, body);
      await repos.categories.create(row);
      effects.stale({ restaurants: [row.restaurant_id] });
      return toCategory(row);
    },

    async update(
      id: string,
      body: z.output<typeof categoryUpdateBody>,
      assertOwner: AssertOwner,
    ): Promise<Category> {
      const found = await ownedCategory(id, assertOwner);
      const set = patchOf<CategoryRow>(body, CATEGORY_FIELDS, found);
      // switched on or off by its manager (even to what it was): no resume switches it back on
      if (body.is_active !== undefined) set.emptied_by_stop = 0;
      const translations = translationsChange(found.translations, body.translations);
      if (Object.keys(set).length === 0 && !translations) return toCategory(found);
      const updated = { ...found, ...set, updated_at: now() };
      const merged = await repos.categories.update(
        found.id,
        { ...set, updated_at: updated.updated_at },
        translations,
      );
      effects.stale({ restaurants: [found.restaurant_id] });
      return { ...toCategory(updated), ...(merged ? { translations: merged } : {}) };
    },

    /** Deletes a category with its products, their options and rows. */
    async remove(id: string, assertOwner: AssertOwner): Promise<{ _id: string }> {
      const found = await ownedCategory(id, assertOwner);
      await repos.categories.delete([found.id]);
      // its products' pictures are referred to by nothing now
      await effects.releasePictures(found.restaurant_id);
      effects.stale({ restaurants: [found.restaurant_id] });
      return { _id: found.id };
    },

    /** Puts a category at `position` of its restaurant's list; answers the list in its new order. */
    async move(id: string, position: number, assertOwner: AssertOwner): Promise<Category[]> {
      const found = await ownedCategory(id, assertOwner);
      if (!(await repos.categories.move(found.restaurant_id, found.id, position)))
        throw notFound('Category not found');
      effects.stale({ restaurants: [found.restaurant_id] });
      return repos.categories.list(found.restaurant_id, false);
    },
  };
}
