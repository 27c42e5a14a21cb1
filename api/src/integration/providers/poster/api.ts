/**
 * The parts of Poster's answers (joinposter.com/api, `menu.getCategories`, `menu.getProducts`,
 * `access.getSpots`; docs: github.com/joinposter/docs) this provider reads. Poster sends numbers
 * as strings; an error comes as HTTP 200 with `{error: {code, message}}`.
 */
import { z } from 'zod';

const num = z.union([z.string(), z.number()]).transform((v) => String(v));

export const posterError = z.object({
  error: z.union([
    z.object({ code: z.unknown().optional(), message: z.string().optional() }).passthrough(),
    z.string(),
    z.number(),
  ]),
});

export const spotsAnswer = z.object({
  response: z.array(
    z.object({ spot_id: num, spot_name: z.string(), spot_adress: z.string().nullable().optional() }),
  ),
});

export const categoriesAnswer = z.object({
  response: z.array(
    z.object({
      category_id: num,
      category_name: z.string(),
      category_hidden: num.optional(),
      sort_order: num.optional(),
      visible: z.array(z.object({ spot_id: num, visible: num })).optional(),
    }),
  ),
});

const spotPrice = z.object({ spot_id: num, price: num, visible: num.optional() });

export const posterProduct = z.object({
  product_id: num,
  product_name: z.string(),
  menu_category_id: num,
  hidden: num.optional(),
  sort_order: num.optional(),
  photo: z.string().nullable().optional(),
  photo_origin: z.string().nullable().optional(),
  product_production_description: z.string().nullable().optional(),
  spots: z.array(spotPrice).optional(),
  /** Tech variants (a product sold in variants), each with its own price per spot. */
  modifications: z
    .array(
      z.object({ modificator_id: num, modificator_name: z.string(), spots: z.array(spotPrice).default([]) }),
    )
    .optional(),
  /** Dish modifier groups; a modification's `price` is in money units (not kopecks). */
  group_modifications: z
    .array(
      z.object({
        dish_modification_group_id: num,
        name: z.string(),
        is_deleted: num.optional(),
        modifications: z
          .array(
            z.object({
              dish_modification_id: num,
              name: z.string(),
              price: z.union([z.number(), z.string()]).optional(),
            }),
          )
          .default([]),
      }),
    )
    .optional(),
});

export const productsAnswer = z.object({ response: z.array(posterProduct) });

export type PosterProduct = z.infer<typeof posterProduct>;
export type PosterCategory = z.infer<typeof categoriesAnswer>['response'][number];
