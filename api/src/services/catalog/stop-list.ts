/**
 * The stop-list: products switched off and on, by their manager (the stop-list screen) or by the
 * POS (its stop-list, read on a webhook or a poll). Both decide from the rows as they are inside
 * one transaction (held on PostgreSQL) with the one availability rule (availability.ts), and write
 * what they decided. The manager's stop switches off the restaurant's categories left with no
 * active product; a resume switches the products' categories back on.
 */
import type { Category, Product, stopListBody } from '@qrmenu/shared/schemas';
import type { z } from 'zod';
import { now } from '../../db';
import { notFound } from '../../domain/errors';
import { type PosStopList, stopsOf } from '../../integration/pos/stop-list';
import { toCategory } from '../../repos/categories';
import { toProduct } from '../../repos/products';
import type { AssertOwner, ServiceContext } from '../context';
import { logStops } from '../reports/build';
import { activeFrom } from './availability';

export function stopListService({ repos, effects }: ServiceContext) {
  return {
    /**
     * Stops or resumes products of one restaurant (all of them the caller's, or nothing changes:
     * 404). Answers only the products and categories whose state changed.
     */
    async apply(
      productIds: readonly string[],
      action: z.output<typeof stopListBody>['action'],
      assertOwner: AssertOwner,
    ): Promise<{ products: Product[]; categories: Category[] }> {
      const ids = [...new Set(productIds)];
      const stop = action === 'stop';
      const found = await repos.products.findMany(ids);
      if (found.length !== ids.length) throw notFound('Product not found');
      const restaurantId = found[0]?.restaurant_id as string;
      if (found.some((p) => p.restaurant_id !== restaurantId)) throw notFound('Product not found');
      await assertOwner(restaurantId);

      const target = stop ? 0 : 1;
      const byManager = stop ? 1 : 0;
      const at = now();
      const result = await repos.transaction(async (trx) => {
        const rows = await trx.products.lockAvailability(restaurantId, ids);
        // the manager's own stop is remembered (a POS sync keeps it until the manager resumes);
        // a resume lifts only the manager's stop: a product the POS holds off stays off
        const flip = rows.filter(
          (r) => r.is_active !== target && activeFrom({ ...r, stopped_by_manager: byManager }) === target,
        );
        await trx.products.setAvailability(
          rows.filter((r) => r.stopped_by_manager !== byManager).map((r) => r.id),
          { stopped_by_manager: byManager },
        );
        await trx.products.setAvailability(
          flip.map((r) => r.id),
          { is_active: target, updated_at: at },
        );
        const names = new Map(found.map((p) => [p.id, p.name]));
        await logStops(
          trx,
          restaurantId,
          flip.map((r) => ({ product_id: r.id, name: names.get(r.id) ?? '', stopped: stop ? 1 : 0 })),
          'manager',
          at,
        );
        const categories = stop
          ? await trx.categories.deactivateEmptied(restaurantId, at)
          : await trx.categories.activate(restaurantId, [...new Set(found.map((p) => p.category_id))], at);
        return { changedIds: new Set(flip.map((r) => r.id)), categories };
      });
      effects.stale({ restaurants: [restaurantId] });

      const changedCategory = new Map(result.categories.map((c) => [c.id, c]));
      const products = found
        .filter((p) => result.changedIds.has(p.id))
        .map((p) =>
          toProduct({
            ...p,
            is_active: target,
            updated_at: at,
            category_title: changedCategory.get(p.category_id)?.title ?? p.category_title,
          }),
        );
      return { products, categories: result.categories.map(toCategory) };
    },

    /**
     * Applies the POS's stop-list to the restaurant's imported products and their rows
     * (integration/pos/stop-list.ts says what it stops); a manager's own stop is kept on top of
     * it. Call inside a transaction (`Services.transaction`). Answers how many products and rows
     * changed.
     */
    async applyPos(restaurantId: string, stop: PosStopList): Promise<number> {
      const at = now();
      const products = await repos.products.lockAvailability(restaurantId);
      const optionRows = await repos.optionRows.listImported(restaurantId);
      // each product's options, each with its rows
      const optionsOf = new Map<string, Map<string, (typeof optionRows)[number][]>>();
      for (const r of optionRows) {
        const options = optionsOf.get(r.product_id) ?? new Map();
        optionsOf.set(r.product_id, options);
        const option = options.get(r.product_option_id) ?? [];
        options.set(r.product_option_id, option);
        option.push(r);
      }
      const rowsTo: Record<0 | 1, string[]> = { 0: [], 1: [] };
      // products by what they become: `${pos_stopped}${is_active}`
      const productsTo = new Map<string, string[]>();
      for (const p of products) {
        const options = [...(optionsOf.get(p.id)?.values() ?? [])];
        const stops = stopsOf(
          stop,
          p.external_id as string,
          options.map((o) => ({ rows: o.map((row) => row.external_id as string) })),
        );
        for (const row of options.flat()) {
          const stopped = stops.rows.has(row.external_id as string) ? 1 : 0;
          if (stopped !== (row.pos_stopped ?? 0)) rowsTo[stopped].push(row.id);
        }
        const pos_stopped = stops.product ? 1 : 0;
        const is_active = activeFrom({ ...p, pos_stopped });
        if (pos_stopped === p.pos_stopped && is_active === p.is_active) continue;
        const key = `${pos_stopped}${is_active}`;
        const group = productsTo.get(key) ?? [];
        productsTo.set(key, group);
        group.push(p.id);
      }
      await repos.optionRows.setPosStopped(rowsTo[1], 1);
      await repos.optionRows.setPosStopped(rowsTo[0], 0);
      let changed = rowsTo[0].length + rowsTo[1].length;
      const stopsChanged: { id: string; stopped: 0 | 1 }[] = [];
      const wasStopped = new Map(products.map((p) => [p.id, p.pos_stopped]));
      for (const [key, ids] of productsTo) {
        await repos.products.setAvailability(ids, {
          pos_stopped: Number(key[0]),
          is_active: Number(key[1]),
          updated_at: at,
        });
        changed += ids.length;
        const stopped = Number(key[0]) as 0 | 1;
        for (const id of ids) if (wasStopped.get(id) !== stopped) stopsChanged.push({ id, stopped });
      }
      // what the POS put on its stop-list or took off it, for the reports' "how often it ran out"
      if (stopsChanged.length > 0) {
        const names = new Map(
          (await repos.products.findMany(stopsChanged.map((c) => c.id))).map((p) => [p.id, p.name]),
        );
        await logStops(
          repos,
          restaurantId,
          stopsChanged.map((c) => ({ product_id: c.id, name: names.get(c.id) ?? '', stopped: c.stopped })),
          'pos',
          at,
        );
      }
      // the POS's writes make only their restaurant's answers stale, as its syncs do
      if (changed > 0) effects.stale({ restaurants: [restaurantId] });
      return changed;
    },
  };
}
