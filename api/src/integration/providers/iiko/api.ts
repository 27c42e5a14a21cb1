/**
 * The parts of iikoCloud's answers (iikoTransport, public OpenAPI description in
 * `UserVanya/Iikocloud-py-sdk`, `openapi/upstream/iikocloud.openapi.json`) this provider reads.
 * Unknown fields pass; a missing field we need rejects the answer.
 */
import { z } from 'zod';

export const tokenAnswer = z.object({ correlationId: z.string().optional(), token: z.string().min(1) });

export const organizationsAnswer = z.object({
  correlationId: z.string().optional(),
  organizations: z.array(z.object({ id: z.string(), name: z.string() })),
});

const price = z.object({
  currentPrice: z.number().nullable().optional(),
  isIncludedInMenu: z.boolean().optional(),
});

const sizePrice = z.object({ sizeId: z.string().nullable().optional(), price });

export const iikoGroup = z.object({
  id: z.string(),
  name: z.string(),
  parentGroup: z.string().nullable().optional(),
  order: z.number().optional(),
  isIncludedInMenu: z.boolean(),
  isGroupModifier: z.boolean(),
  isDeleted: z.boolean().optional(),
  imageLinks: z.array(z.string()).optional(),
});

const childModifier = z.object({ id: z.string() });
const groupModifier = z.object({ id: z.string(), childModifiers: z.array(childModifier).default([]) });

export const iikoProduct = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
  parentGroup: z.string().nullable().optional(),
  groupId: z.string().nullable().optional(),
  order: z.number().optional(),
  isDeleted: z.boolean().optional(),
  sizePrices: z.array(sizePrice).default([]),
  groupModifiers: z.array(groupModifier).default([]),
  imageLinks: z.array(z.string()).default([]),
});

export const iikoSize = z.object({
  id: z.string(),
  name: z.string().nullable().optional(),
  priority: z.number().nullable().optional(),
  isDefault: z.boolean().nullable().optional(),
});

export const nomenclatureAnswer = z.object({
  correlationId: z.string().optional(),
  groups: z.array(iikoGroup).default([]),
  products: z.array(iikoProduct).default([]),
  sizes: z.array(iikoSize).default([]),
  revision: z.number(),
});

export const stopListsAnswer = z.object({
  correlationId: z.string().optional(),
  terminalGroupStopLists: z.array(
    z.object({
      organizationId: z.string(),
      items: z.array(
        z.object({
          terminalGroupId: z.string(),
          items: z.array(
            z.object({
              productId: z.string(),
              sizeId: z.string().nullable().optional(),
              balance: z.number(),
            }),
          ),
        }),
      ),
    }),
  ),
});

export type Nomenclature = z.infer<typeof nomenclatureAnswer>;
export type IikoProduct = z.infer<typeof iikoProduct>;
