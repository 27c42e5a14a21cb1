/**
 * Products: a manager's create, edit, delete and move (the caller's access check first, then the
 * write), the guests' and the manager's reads. Owns: a new product's row (rows.ts), last in its
 * category; an edit writes only what changed, merges translations, and puts a product moved to
 * another category of its restaurant last there; pictures a write drops (an edit's image list,
 * a delete) are released; every write makes its restaurant's answers stale.
 */
import type {
  Product,
  ProductDetail,
  productCreateBody,
  productPositionBody,
  productUpdateBody,
} from '@qrmenu/shared/schemas';
import type { z } from 'zod';
import { now, type ProductRow } from '../../db';
import { notFound } from '../../domain/errors';
import { type ProductFilter, parseImages, toProduct } from '../../repos/products';
import { type AssertOwner, owned, type ServiceContext } from '../context';
import { assertOwnPictures } from '../own-pictures';
import { patchOf } from '../patch';
import { translationsChange } from '../translations';
import { newProductRow, PRODUCT_FIELDS } from './rows';

export function productsService(context: ServiceContext) {
  const { repos, effects } = context;
  /** The product `id`, once the caller's check passed on its restaurant. */
  const ownedProduct = async (id: string, assertOwner: AssertOwner) =>
    owned(await repos.products.findWithManager(id), 'Product not found', assertOwner);

  /** A category of the restaurant (404 when it is not one). */
  async function categoryOf(restaurantId: string, categoryId: string, message: string) {
    const category = await repos.categories.find(categoryId);
    if (!category || category.restaurant_id !== restaurantId) throw notFound(message);
    return category;
  }

  return {
    /** Every product of the restaurant, in the menu's order (the manager's list). */
    list: (restaurantId: string): Promise<Product[]> => repos.products.list({ restaurantId }),

    /**
     * A restaurant's products (of one category) for anyone: only active ones of active categories
     * unless `onlyActive` is false; 404 for no such restaurant.
     */
    async listOf(filter: ProductFilter): Promise<Product[]> {
      const products = await repos.products.list(filter);
      // an empty answer must still tell an unknown restaurant (404) from an empty menu
      if (products.length === 0 && !(await repos.restaurants.exists(filter.restaurantId))) {
        throw notFound('Restaurant not found');
      }
      return products;
    },

    /**
     * One product with its options (each with rows) and its restaurant; an inactive product (or
     * one of an inactive category) only for those `mayManage` lets see it, else 404.
     */
    async detail(
      id: string,
      mayManage: (restaurantId: string) => Promise<boolean>,
    ): Promise<{ product: ProductDetail; restaurantId: string }> {
      const found = await repos.products.find(id);
      if (!found) throw notFound('Product not found');
      if (!found.is_active || !found.category_is_active) {
        if (!(await mayManage(found.restaurant_id))) throw notFound('Product not found');
      }
      const options = await repos.options.withRows(found.id);
      return { product: { ...toProduct(found), options }, restaurantId: found.restaurant_id };
    },

    /** The restaurant a product belongs to (404 when there is none): what an upload to it is checked on. */
    async restaurantOf(id: string): Promise<string> {
      const row = await repos.products.restaurantOf(id);
      if (!row) throw notFound('Product not found');
      return row.restaurant_id;
    },

    async create(
      body: z.output<typeof productCreateBody>,
      assertOwner: AssertOwner,
    ): Promise<{ id: string }> {
      const category = await repos.categories.findWithManager(body.category_id);
      if (!category) throw notFound('Category not found');
      await assertOwner(category.restaurant_id, category.manager_id);
      await assertOwnPictures(context, category.restaurant_id, imageRefs(body.images));
      const row = newProductRow(category.restaurant_id, category.id, body);
      await repos.products.create(row);
      effects.stale({ restaurants: [row.restaurant_id] });
      return { id: row.id };
    },

    async update(
      id: string,
      body: z.output<typeof productUpdateBody>,
      assertOwner: AssertOwner,
    ): Promise<Product> {
      const found = await ownedProduct(id, assertOwner);
      if (body.images) {
        const held = parseImages(found.images).map((i) => i.file);
        await assertOwnPictures(context, found.restaurant_id, imageRefs(body.images), held);
      }
      const set: Partial<ProductRow> = {};
      let categoryTitle = found.category_title;
      if (body.category_id !== undefined && body.category_id !== found.category_id) {
        const category = await categoryOf(
          found.restaurant_id,
          body.category_id,
          'Category not found in this restaurant',
        );
        set.category_id = category.id;
        categoryTitle = category.title;
      }
      Object.assign(set, patchOf<ProductRow>(body, PRODUCT_FIELDS, found));
      const translations = translationsChange(found.translations, body.translations);
      if (Object.keys(set).length === 0 && !translations) return toProduct(found);
      const at = now();
      const merged = await repos.products.update(found.id, { ...set, updated_at: at }, translations);
      // a picture left out of the new list is deleted (the cap of 50 cannot be reset to fill the disk)
      if (set.images !== undefined && dropsPictures(found.images, set.images)) {
        await effects.releasePictures(found.restaurant_id);
      }
      effects.stale({ restaurants: [found.restaurant_id] });
      const data = toProduct({ ...found, ...set, category_title: categoryTitle, updated_at: at });
      return merged ? { ...data, translations: merged } : data;
    },

    /** Deletes a product with its options and rows. */
    async remove(id: string, assertOwner: AssertOwner): Promise<{ _id: string }> {
      const found = await ownedProduct(id, assertOwner);
      await repos.products.delete([found.id]);
      if (parseImages(found.images).length > 0) await effects.releasePictures(found.restaurant_id);
      effects.stale({ restaurants: [found.restaurant_id] });
      return { _id: found.id };
    },

    /**
     * Puts a product at `position` of its category, or of another category of its restaurant;
     * answers the list of the category it is in afterwards.
     */
    async move(
      id: string,
      { position, category_id }: z.output<typeof productPositionBody>,
      assertOwner: AssertOwner,
    ): Promise<Product[]> {
      const product = await ownedProduct(id, assertOwner);
      const target = category_id ?? product.category_id;
      if (target !== product.category_id)
        await categoryOf(product.restaurant_id, target, 'Category not found');
      if (!(await repos.products.move(product.id, product.category_id, target, position))) {
        throw notFound('Product not found');
      }
      effects.stale({ restaurants: [product.restaurant_id] });
      return repos.products.list({ restaurantId: product.restaurant_id, categoryId: target });
    },
  };
}

/** True when a picture of the stored list is missing from the new one (JSON text of `[{file}]`). */
function dropsPictures(stored: string, next: string): boolean {
  const kept = new Set(parseImages(next).map((i) => i.file));
  return parseImages(stored).some((i) => !kept.has(i.file));
}

/** A product's images as picture references named by their field (`images.0.file`). */
const imageRefs = (images: readonly { file: string }[] = []) =>
  images.map((image, i) => ({ path: `images.${i}.file`, url: image.file }));
