/**
 * Options of a product (e.g. "Hajmi") and their rows (a size, an extra, each with its price):
 * a manager's create, edit, delete and move (the caller's access check first, then the write)
 * and reads. Owns: new rows (rows.ts), last in their lists; an edit writes only what changed and
 * merges translations; every write makes its restaurant's answers stale.
 */
import type {
  OptionRow,
  optionCreateBody,
  optionRowCreateBody,
  optionRowUpdateBody,
  optionUpdateBody,
  ProductDetail,
  ProductOption,
} from '@qrmenu/shared/schemas';
import type { z } from 'zod';
import { now, type OptionRowRow } from '../../db';
import { notFound } from '../../http/errors';
import type { Repositories } from '../../repos';
import { toOptionRow } from '../../repos/option-rows';
import { toOption } from '../../repos/options';
import { type AssertOwner, owned, type ServiceContext } from '../context';
import { patchOf } from '../patch';
import { translationsChange } from '../translations';
import { newOptionRow, newOptionRowRow, OPTION_ROW_FIELDS } from './rows';

/** The option `id`, once the caller's check passed on its restaurant. */
const ownedOption = async (repos: Repositories, id: string, assertOwner: AssertOwner) =>
  owned(await repos.options.find(id), 'Option not found', assertOwner);

export function optionsService({ repos, effects }: ServiceContext) {
  /** The product `productId`, once the caller's check passed on its restaurant. */
  const ownedProduct = async (productId: string, assertOwner: AssertOwner) =>
    owned(await repos.products.restaurantOf(productId), 'Product not found', assertOwner);

  return {
    /** The options of a product. */
    async listOf(productId: string, assertOwner: AssertOwner): Promise<ProductOption[]> {
      const product = await ownedProduct(productId, assertOwner);
      return repos.options.list(product.id);
    },

    /** Every option of the restaurant's products with its rows. */
    ofRestaurant: (restaurantId: string): Promise<ProductDetail['options']> =>
      repos.options.ofRestaurant(restaurantId),

    async create(body: z.output<typeof optionCreateBody>, assertOwner: AssertOwner): Promise<ProductOption> {
      const product = await ownedProduct(body.product_id, assertOwner);
      const row = newOptionRow(product.id, body);
      await repos.options.create(row);
      effects.stale({ restaurants: [product.restaurant_id] });
      return toOption(row);
    },

    /** Renames an option and/or sets or clears its translations. */
    async update(
      id: string,
      body: z.output<typeof optionUpdateBody>,
      assertOwner: AssertOwner,
    ): Promise<ProductOption> {
      const option = await ownedOption(repos, id, assertOwner);
      const { name } = body;
      const renamed = name !== undefined && name !== option.name;
      const translations = translationsChange(option.translations, body.translations);
      if (!renamed && !translations) return toOption(option);
      const updated = { ...option, name: renamed ? name : option.name, updated_at: now() };
      const merged = await repos.options.update(
        option.id,
        { ...(renamed ? { name } : {}), updated_at: updated.updated_at },
        translations,
      );
      effects.stale({ restaurants: [option.restaurant_id] });
      return { ...toOption(updated), ...(merged ? { translations: merged } : {}) };
    },

    /** Deletes an option with its rows. */
    async remove(id: string, assertOwner: AssertOwner): Promise<{ _id: string }> {
      const option = await ownedOption(repos, id, assertOwner);
      await repos.options.delete([option.id]);
      effects.stale({ restaurants: [option.restaurant_id] });
      return { _id: option.id };
    },

    /** Puts an option at `position` of its product's list; answers the list in its new order. */
    async move(id: string, position: number, assertOwner: AssertOwner): Promise<ProductOption[]> {
      const option = await ownedOption(repos, id, assertOwner);
      if (!(await repos.options.move(option.product_id, option.id, position)))
        throw notFound('Option not found');
      effects.stale({ restaurants: [option.restaurant_id] });
      return repos.options.list(option.product_id);
    },
  };
}

export function optionRowsService({ repos, effects }: ServiceContext) {
  /** The row `id`, once the caller's check passed on its restaurant. */
  const ownedRow = async (id: string, assertOwner: AssertOwner) =>
    owned(await repos.optionRows.find(id), 'Option row not found', assertOwner);

  return {
    /** The rows of an option. */
    async listOf(optionId: string, assertOwner: AssertOwner): Promise<OptionRow[]> {
      const option = await ownedOption(repos, optionId, assertOwner);
      return repos.optionRows.list(option.id);
    },

    async create(body: z.output<typeof optionRowCreateBody>, assertOwner: AssertOwner): Promise<OptionRow> {
      const option = await ownedOption(repos, body.product_option_id, assertOwner);
      const row: OptionRowRow = newOptionRowRow(option.id, body);
      await repos.optionRows.create(row);
      effects.stale({ restaurants: [option.restaurant_id] });
      return toOptionRow(row);
    },

    async update(
      id: string,
      body: z.output<typeof optionRowUpdateBody>,
      assertOwner: AssertOwner,
    ): Promise<OptionRow> {
      const found = await ownedRow(id, assertOwner);
      const set = patchOf<OptionRowRow>(body, OPTION_ROW_FIELDS, found);
      const translations = translationsChange(found.translations, body.translations);
      const changes = Object.keys(set).length > 0 || translations !== undefined;
      const merged = changes ? await repos.optionRows.update(found.id, set, translations) : undefined;
      if (changes) effects.stale({ restaurants: [found.restaurant_id] });
      const data = toOptionRow({ ...found, ...set });
      return merged ? { ...data, translations: merged } : data;
    },

    async remove(id: string, assertOwner: AssertOwner): Promise<{ _id: string }> {
      const found = await ownedRow(id, assertOwner);
      await repos.optionRows.delete([found.id]);
      effects.stale({ restaurants: [found.restaurant_id] });
      return { _id: found.id };
    },

    /** Puts a row at `position` of its option's list; answers the list in its new order. */
    async move(id: string, position: number, assertOwner: AssertOwner): Promise<OptionRow[]> {
      const row = await ownedRow(id, assertOwner);
      if (!(await repos.optionRows.move(row.product_option_id, row.id, position))) {
        throw notFound('Option row not found');
      }
      effects.stale({ restaurants: [row.restaurant_id] });
      return repos.optionRows.list(row.product_option_id);
    },
  };
}
