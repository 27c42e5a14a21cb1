/**
 * The product form, from the shared rules the server applies (`productCreateBody`): name required,
 * category required, price a number >= 0, description optional, the active flag. Pictures are not
 * a form field: they are uploaded once the product exists (the create answers its id).
 */
import { translationFormValues } from '@qrmenu/shared/forms';
import {
  type Product,
  productCreateBody,
  productFields,
  TRANSLATED_FIELDS,
  type TranslationsPatch,
} from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import type { z } from 'zod';

/** What the inputs hold (an empty price input is undefined, so "Majburiy maydon" shows). */
export interface ProductFormValues {
  name: string;
  category_id: string;
  price?: number;
  description?: string;
  is_active?: boolean;
  /** Russian and English of the name and description ('' when empty). */
  translations?: TranslationsPatch<'name' | 'description'>;
}

/** The parsed form: trimmed strings, a valid price. */
export interface ProductFormOutput {
  name: string;
  category_id: string;
  price: number;
  description: string;
  is_active: boolean;
  translations?: TranslationsPatch<'name' | 'description'> | undefined;
}

export type ProductFormSchema = z.ZodType<ProductFormOutput, ProductFormValues>;

/**
 * The form's schema for `product` (null: a new one). A price typed in so'm is a whole number
 * (12000.5 was saved silently and shown as 12 000): the form says so under the field. A stored
 * price with a fraction (an integration feed's) may stay as it is on an edit of other fields.
 * Built with the shared schema's own methods: no zod of this remote's own in its bundle.
 */
export function productFormSchemaFor(product: Product | null): ProductFormSchema {
  return productCreateBody.omit({ images: true }).extend({
    price: productFields.price.refine((p) => Number.isInteger(p) || p === product?.price, {
      message: t.wholeSom,
    }),
  });
}

/** The form's values of `product`, or a new one's in `categoryId` (active by default). */
export function productFormValues(product: Product | null, categoryId = ''): ProductFormValues {
  return {
    name: product?.name ?? '',
    category_id: product?.category_id ?? categoryId,
    price: product?.price,
    description: product?.description ?? '',
    is_active: product?.is_active ?? true,
    translations: translationFormValues(TRANSLATED_FIELDS.product, product?.translations),
  };
}
