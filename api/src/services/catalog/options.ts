/**
 * Options of a product (e.g. "Hajmi") and their rows (a size, an extra, each with its price):
 * a manager's create, edit, delete and move (the caller's access check first, then the write)
 * and reads. Owns: new rows (rows.ts), last in their lists; an edit writes only what changed and
 * merges translations; an option's rule and its rows' limits are kept to what can be met
 * (option-rules.ts), and in an option of one row at most a row marked default unmarks the
 * others (a radio has one choice); every write makes its restaurant's answers stale.
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
import { now, type OptionRowRow, type ProductOptionRow } from '../../db';
import { notFound } from '../../domain/errors';
import type { Repositories } from '../../repos';
import { toOptionRow } from '../../repos/option-rows';
import { toOption } from '../../repos/options';
import { type AssertOwner, owned, type ServiceContext } from '../context';
import { patchOf } from '../patch';
import { translationsChange } from '../translations';
import { capacityOf, checkRule, ruleRefused } from './option-rules';
import { newOptionRow, newOptionRowRow, OPTION_ROW_FIELDS, OPTION_RULE_FIELDS } from './rows';

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

    /** Renames an option, sets or clears its translations, and/or sets its rule. */
    async update(
      id: string,
      body: z.output<typeof optionUpdateBody>,
      assertOwner: AssertOwner,
    ): Promise<ProductOption> {
      const option = await ownedOption(repos, id, assertOwner);
      const { name } = body;
      const renamed = name !== undefined && name !== option.name;
      const translations = translationsChange(option.translations, body.translations);
      const rule = patchOf<ProductOptionRow>(body, OPTION_RULE_FIELDS, option);
      if (Object.keys(rule).length > 0) {
        checkRule(
          { min_choices: option.min_choices ?? 0, max_choices: option.max_choices ?? 1, ...rule } as {
            min_choices: number;
            max_choices: number;
          },
          await repos.optionRows.list(option.id),
        );
      }
      if (!renamed && !translations && Object.keys(rule).length === 0) return toOption(option);
      const updated = { ...option, ...rule, name: renamed ? name : option.name, updated_at: now() };
      const merged = await repos.options.update(
        option.id,
        { ...(renamed ? { name } : {}), ...rule, updated_at: updated.updated_at },
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

  /**
   * Row `rowId` becomes a default of `option`: in an option of one row at most it is the only
   * one (the others are unmarked, as a radio has one choice); otherwise the defaults must stay
   * within what the option takes (refused on `field`).
   */
  async function keepDefaults(
    option: { id: string; max_choices?: number | null },
    rowId: string,
    field: string,
  ): Promise<void> {
    const max = option.max_choices ?? 1;
    if (max === 1) {
      await repos.optionRows.clearDefaults(option.id, rowId);
      return;
    }
    const others = (await repos.optionRows.list(option.id)).filter((r) => r.is_default && r._id !== rowId);
    if (others.length + 1 > max) throw ruleRefused(field, 'defaults_above_max');
  }

  return {
    /** The rows of an option. */
    async listOf(optionId: string, assertOwner: AssertOwner): Promise<OptionRow[]> {
      const option = await ownedOption(repos, optionId, assertOwner);
      return repos.optionRows.list(option.id);
    },

    async create(body: z.output<typeof optionRowCreateBody>, assertOwner: AssertOwner): Promise<OptionRow> {
      const option = await ownedOption(repos, body.product_option_id, assertOwner);
      const row: OptionRowRow = newOptionRowRow(option.id, body);
      if (body.is_default) await keepDefaults(option, row.id, 'is_default');
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
      const next = { ...found, ...set };
      if ((next.free_quantity ?? 0) > (next.max_quantity ?? 1))
        throw ruleRefused('free_quantity', 'free_above_max');
      if (set.max_quantity !== undefined || set.is_default === 1) {
        const option = await repos.options.find(found.product_option_id);
        if (!option) throw notFound('Option row not found');
        if (set.is_default === 1) await keepDefaults(option, found.id, 'is_default');
        if (set.max_quantity !== undefined && set.max_quantity < (found.max_quantity ?? 1)) {
          // lowered: the option's minimum must stay within what its rows can give
          const rows = (await repos.optionRows.list(option.id)).map((r) =>
            r._id === found.id ? { ...r, max_quantity: set.max_quantity as number } : r,
          );
          if ((option.min_choices ?? 0) > capacityOf(rows)) throw ruleRefused('max_quantity', 'below_min');
        }
      }
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
