/**
 * The products of a restaurant's categories. Lean by design: a list is one query (the category
 * title joined), a product is one (prepared: the hot public reads skip Kysely's building), never
 * one query per item. New products go last in their category (repos/positions.ts).
 */
import {
  type Product,
  type ProductImage,
  parseTranslations,
  type TranslationsPatch,
} from '@qrmenu/shared/schemas';
import { sql } from 'kysely';
import { type ProductRow, toBool } from '../db';
import { menuListWrites } from './menu-lists';
import { arrangeList, inListTransaction, lockList, moveProduct, nextPosition } from './positions';
import { prepared } from './prepared';
import { chunks, type Dialect, inMenuOrder, inTransaction, type Q } from './query';
import { updateTranslated } from './translations';

/** `images` is JSON text; anything unreadable in it is dropped rather than failing the answer. */
export function parseImages(text: string | null | undefined): ProductImage[] {
  if (!text || text === '[]') return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return [];
    const out: ProductImage[] = [];
    for (const item of value) {
      if (item && typeof item === 'object' && typeof (item as { file?: unknown }).file === 'string') {
        out.push({ file: (item as { file: string }).file });
      }
    }
    return out;
  } catch {
    return [];
  }
}

/** A product row with its category's title and state, as reads by id give it. */
export type ProductWithCategory = Omit<ProductRow, 'external_id'> & {
  category_title: string;
  category_is_active: number;
};

/** What an answer is made of (toProduct): a list reads no more per row. */
export type ProductAnswerRow = Omit<ProductWithCategory, 'restaurant_id' | 'category_is_active'>;

export function toProduct(r: ProductAnswerRow): Product {
  return {
    _id: r.id,
    name: r.name,
    category_id: r.category_id,
    category: { _id: r.category_id, name: r.category_title },
    description: r.description,
    price: Number(r.price),
    is_active: toBool(r.is_active),
    images: parseImages(r.images),
    translations: parseTranslations(r.translations),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export interface ProductFilter {
  restaurantId: string;
  categoryId?: string | undefined;
  /** Only active products of active categories (what the public sees). */
  onlyActive?: boolean;
}

/** What decides whether a product is on the menu (services/catalog/availability.ts reads it). */
export interface ProductAvailability {
  id: string;
  external_id: string | null;
  category_id: string;
  is_active: number;
  stopped_by_manager: number;
  pos_hidden: number;
  pos_stopped: number;
}

export type ImagesRewrite = (current: ProductImage[] | undefined) => ProductImage[];

/** The columns of an answer, the category title joined. */
function selectAnswerRows(q: Q) {
  return q
    .selectFrom('products as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      'p.category_id',
      'p.name',
      'p.description',
      'p.price',
      'p.is_active',
      'p.images',
      'p.translations',
      'p.created_at',
      'p.updated_at',
      'c.title as category_title',
    ]);
}

/** An answer's columns with the restaurant and the category's state (what a read by id decides on). */
const selectProducts = (q: Q) =>
  selectAnswerRows(q).select(['p.restaurant_id', 'c.is_active as category_is_active']);

const listQueries = [false, true].map((byCategory) =>
  [false, true].map((onlyActive) =>
    prepared<ProductAnswerRow, 'restaurantId' | 'categoryId'>((db, p) => {
      let query = selectAnswerRows(db).where('p.restaurant_id', '=', p('restaurantId'));
      if (byCategory) query = query.where('p.category_id', '=', p('categoryId'));
      if (onlyActive)
        query = query.where('p.is_active', '=', sql.lit(1)).where('c.is_active', '=', sql.lit(1));
      // the menu's order: the categories in theirs, each category's products in theirs
      return inMenuOrder(inMenuOrder(query, 'c'), 'p');
    }),
  ),
);

const byId = prepared<ProductWithCategory, 'id'>((db, p) => selectProducts(db).where('p.id', '=', p('id')));

// a manager's write: the product with its restaurant's manager (the owner check reads nothing more)
const byIdWithManager = prepared<ProductWithCategory & { manager_id: string | null }, 'id'>((db, p) =>
  selectProducts(db)
    .select((eb) =>
      eb
        .selectFrom('restaurants as r')
        .select('r.manager_id')
        .whereRef('r.id', '=', 'p.restaurant_id')
        .as('manager_id'),
    )
    .where('p.id', '=', p('id')),
);

const AVAILABILITY = [
  'id',
  'external_id',
  'category_id',
  'is_active',
  'stopped_by_manager',
  'pos_hidden',
  'pos_stopped',
] as const;

export function productsRepository(q: Q, dialect: Dialect) {
  return {
    // create, createMany, delete; a product's update and move are its own (below)
    ...menuListWrites(q, dialect, 'products'),

    async list(filter: ProductFilter): Promise<Product[]> {
      const run = listQueries[filter.categoryId === undefined ? 0 : 1]![filter.onlyActive ? 1 : 0]!;
      const rows = await run(q, { restaurantId: filter.restaurantId, categoryId: filter.categoryId });
      return rows.map(toProduct);
    },

    async find(id: string): Promise<ProductWithCategory | undefined> {
      return (await byId(q, { id }))[0];
    },

    /** `find` with the restaurant's manager (null: none), for an owner check without a read. */
    async findWithManager(id: string) {
      return (await byIdWithManager(q, { id }))[0];
    },

    /** Products by id, category title joined (ids are chunked to stay under parameter limits). */
    async findMany(ids: readonly string[]): Promise<ProductWithCategory[]> {
      const out: ProductWithCategory[] = [];
      for (const part of chunks(ids, 1000)) {
        out.push(...(await selectProducts(q).where('p.id', 'in', part).execute()));
      }
      return out;
    },

    /** The restaurant a product belongs to (undefined: no such product). */
    restaurantOf(id: string) {
      return q.selectFrom('products').select(['id', 'restaurant_id']).where('id', '=', id).executeTakeFirst();
    },

    /** The imported products of a restaurant (those with an external id), for a sync. */
    listImported(restaurantId: string) {
      return q
        .selectFrom('products')
        .select([
          'id',
          'category_id',
          'name',
          'description',
          'price',
          'external_id',
          'is_active',
          'stopped_by_manager',
          'pos_hidden',
          'pos_stopped',
          'pos_position',
          'pos_pictures',
          'images',
        ])
        .where('restaurant_id', '=', restaurantId)
        .where('external_id', 'is not', null)
        .execute();
    },

    /**
     * The availability flags of the restaurant's products `ids` (all its imported ones when
     * absent), held until the transaction ends (PostgreSQL: FOR UPDATE, in id order so that two
     * writers cannot deadlock): a stop-list decides from them and writes what it decided.
     */
    async lockAvailability(restaurantId: string, ids?: readonly string[]): Promise<ProductAvailability[]> {
      const read = (part?: readonly string[]) =>
        q
          .selectFrom('products')
          .select(AVAILABILITY)
          .where('restaurant_id', '=', restaurantId)
          .$if(part === undefined, (qb) => qb.where('external_id', 'is not', null))
          .$if(part !== undefined, (qb) => qb.where('id', 'in', [...(part ?? [])]))
          .orderBy('id')
          .$if(dialect === 'postgres', (qb) => qb.forUpdate())
          .execute();
      const rows = [];
      if (ids === undefined) rows.push(...(await read()));
      else for (const part of chunks([...ids].sort(), 1000)) rows.push(...(await read(part)));
      return rows.map((r) => ({
        ...r,
        stopped_by_manager: r.stopped_by_manager ?? 0,
        pos_hidden: r.pos_hidden ?? 0,
        pos_stopped: r.pos_stopped ?? 0,
      }));
    },

    /** Writes the same availability flags to every product of `ids`. */
    async setAvailability(
      ids: readonly string[],
      set: Partial<Pick<ProductRow, 'is_active' | 'stopped_by_manager' | 'pos_stopped' | 'updated_at'>>,
    ): Promise<void> {
      for (const part of chunks(ids, 1000)) {
        await q.updateTable('products').set(set).where('id', 'in', part).execute();
      }
    },

    /**
     * Writes `set`, merging `translations` into the stored ones (answers them; undefined: none
     * sent). Put into another category, the product goes last there (its old list keeps a gap).
     */
    update(id: string, set: Partial<ProductRow>, translations?: TranslationsPatch) {
      const target = set.category_id;
      if (target === undefined) return updateTranslated(q, dialect, 'products', id, set, translations);
      return inListTransaction(q, async (trx) => {
        await lockList(trx, 'products', target);
        const position = await nextPosition(trx, 'products', target);
        return updateTranslated(trx, dialect, 'products', id, { ...set, position }, translations);
      });
    },

    /**
     * Rewrites a product's image list from the stored one in one transaction (parallel uploads
     * lose nothing): `next` gets the current list (or undefined: no such product) and answers
     * the new one.
     */
    rewriteImages(id: string, next: ImagesRewrite, at: string): Promise<ProductImage[]> {
      return inTransaction(q, async (trx) => {
        const row = await trx
          .selectFrom('products')
          .select('images')
          .where('id', '=', id)
          // PostgreSQL needs FOR UPDATE to serialize this read-modify-write; SQLite has no such
          // clause, and its transactions already run one at a time on the single connection
          .$if(dialect === 'postgres', (qb) => qb.forUpdate())
          .executeTakeFirst();
        const images = next(row ? parseImages(row.images) : undefined);
        await trx
          .updateTable('products')
          .set({ images: JSON.stringify(images), updated_at: at })
          .where('id', '=', id)
          .execute();
        return images;
      });
    },

    /**
     * Records the POS's pictures of a product (`products.pos_pictures`) if they are still
     * `previous`: false when another server imported them meanwhile (or the product is gone).
     */
    async claimPosPictures(id: string, previous: string | null, next: string): Promise<boolean> {
      const result = await q
        .updateTable('products')
        .set({ pos_pictures: next })
        .where('id', '=', id)
        .where((eb) =>
          previous === null ? eb('pos_pictures', 'is', null) : eb('pos_pictures', '=', previous),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Puts a product at `position` of category `target` (its own `from`, or another of its
     * restaurant); false when the product or a category is gone meanwhile.
     */
    move: (id: string, from: string, target: string, position: number) =>
      moveProduct(q, id, from, target, position),

    /** Puts a category's products in the order `arrange` makes of them (a POS's order). */
    arrange: (categoryId: string, arrange: (ids: string[]) => string[]) =>
      arrangeList(q, 'products', categoryId, arrange),
  };
}
