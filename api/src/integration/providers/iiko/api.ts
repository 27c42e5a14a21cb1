/**
 * The parts of iikoCloud's answers (iikoTransport) this provider reads, checked against recorded
 * answers (`api/test/fixtures/iiko/`, SOURCES.md there) before the public OpenAPI description:
 * where they differ the recordings win (`type` is `Dish`, not `dish`; lists and tags may be
 * null). Unknown fields pass; a missing field we need rejects the answer.
 */
import { z } from 'zod';

/** A list iiko may send as null or leave out: read as empty. */
const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((v) => v ?? []);

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
  imageLinks: list(z.string()),
});

/** A count of iiko's modifier rules (int32 in the description, `null` where it says "nullable"). */
const amount = z.number().nullish();

/**
 * A modifier offered with a product (`ChildModifierInfo` in a group, `SimpleModifierInfo` alone):
 * its quantity's minimum and maximum, whether it is required, its default and free quantities
 * (the description's words: "Minimum quantity", "Maximum quantity", "Required availability",
 * "Default quantity", "Free of charge amount").
 */
const modifierRef = z.object({
  id: z.string(),
  minAmount: amount,
  maxAmount: amount,
  required: z.boolean().nullish(),
  defaultAmount: amount,
  freeOfChargeAmount: amount,
});
/**
 * A modifier group offered with a product (`GroupModifierInfo`): the quantity of its modifiers
 * in all ("Minimum quantity", "Maximum quantity"), "Required availability", and whether its
 * modifiers' own minimums and maximums apply ("Presence of max/min quantity limitations of child
 * modifiers").
 */
const groupModifier = z.object({
  id: z.string(),
  minAmount: amount,
  maxAmount: amount,
  required: z.boolean().nullish(),
  childModifiersHaveMinMaxRestrictions: z.boolean().nullish(),
  childModifiers: list(modifierRef),
});

export type IikoModifier = z.infer<typeof modifierRef>;
export type IikoGroupModifier = z.infer<typeof groupModifier>;

export const iikoProduct = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable().optional(),
  type: z.string().nullable().optional(),
  parentGroup: z.string().nullable().optional(),
  groupId: z.string().nullable().optional(),
  order: z.number().optional(),
  isDeleted: z.boolean().optional(),
  sizePrices: list(sizePrice),
  /** Modifier groups offered with the product (rows: `childModifiers`). */
  groupModifiers: list(groupModifier),
  /** Single modifiers, outside any group. */
  modifiers: list(modifierRef),
  imageLinks: list(z.string()),
});

export const iikoSize = z.object({
  id: z.string(),
  name: z.string().nullable().optional(),
  priority: z.number().nullable().optional(),
  isDefault: z.boolean().nullable().optional(),
});

export const nomenclatureAnswer = z.object({
  correlationId: z.string().optional(),
  groups: list(iikoGroup),
  products: list(iikoProduct),
  sizes: list(iikoSize),
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
export type StopListsAnswer = z.infer<typeof stopListsAnswer>;

// ---------- guests' orders into iiko (orders.ts) ----------

/** An error answer: `{ correlationId, errorDescription, error }` (iiko's words are kept). */
export const errorAnswer = z.object({
  correlationId: z.string().nullish(),
  errorDescription: z.string().nullish(),
  error: z.string().nullish(),
});

export const terminalGroupsAnswer = z.object({
  correlationId: z.string().optional(),
  terminalGroups: z.array(
    z.object({
      organizationId: z.string(),
      items: z.array(z.object({ id: z.string(), name: z.string().nullish() })),
    }),
  ),
});

export const restaurantSectionsAnswer = z.object({
  correlationId: z.string().optional(),
  restaurantSections: list(
    z.object({
      id: z.string(),
      terminalGroupId: z.string(),
      name: z.string().nullish(),
      tables: list(
        z.object({
          id: z.string(),
          number: z.number().nullish(),
          name: z.string().nullish(),
          isDeleted: z.boolean().nullish(),
        }),
      ),
    }),
  ),
});

/** An order as iiko answers it (`order/create`'s `orderInfo`, `order/by_id`'s and `by_table`'s `orders`). */
export const iikoOrderInfo = z.object({
  id: z.string(),
  posId: z.string().nullish(),
  externalNumber: z.string().nullish(),
  organizationId: z.string().nullish(),
  /** `Success` | `InProgress` | `Error` (compared without case). */
  creationStatus: z.string().nullish(),
  errorInfo: z
    .object({ code: z.string().nullish(), message: z.string().nullish(), description: z.string().nullish() })
    .nullish(),
  order: z
    .object({
      tableIds: list(z.string()),
      /** `New` | `Bill` | `Closed` | `Deleted` (compared without case). */
      status: z.string().nullish(),
      sum: z.number().nullish(),
      number: z.number().nullish(),
      /** Its items (`Product`, `Compound`, `Service`: any case): ours are products, by `positionId`. */
      items: list(
        z
          .object({
            type: z.string().nullish(),
            positionId: z.string().nullish(),
            amount: z.number().nullish(),
            /** "Total cost per item without tax, discounts/surcharges" (its modifiers not in it). */
            cost: z.number().nullish(),
            modifiers: list(
              z
                .object({
                  price: z.number().nullish(),
                  amount: z.number().nullish(),
                  amountIndependentOfParentAmount: z.boolean().nullish(),
                  /** "Free of charge amount": of `amount`, what is not charged. */
                  freeOfChargeAmount: z.number().nullish(),
                  resultSum: z.number().nullish(),
                })
                .passthrough(),
            ),
          })
          .passthrough(),
      ),
      /** The order's payments (a table order's `payments`): ours are external, of our type. */
      payments: list(
        z
          .object({
            paymentType: z.object({ id: z.string(), kind: z.string().nullish() }).passthrough().nullish(),
            sum: z.number().nullish(),
            isProcessedExternally: z.boolean().nullish(),
          })
          .passthrough(),
      ),
    })
    .nullish(),
});

/** `/api/1/payment_types`: the organization's payment types (the restaurant makes one per method). */
export const paymentTypesAnswer = z.object({
  correlationId: z.string().optional(),
  paymentTypes: list(
    z.object({
      id: z.string(),
      code: z.string().nullish(),
      name: z.string().nullish(),
      isDeleted: z.boolean().nullish(),
      /** `Unknown` | `Cash` | `Card` | `Credit` | `Writeoff` | `Voucher` | `External` (without case). */
      paymentTypeKind: z.string().nullish(),
      /** `External` | `Internal` | `Both`: an external payment needs `External` or `Both`. */
      paymentProcessingType: z.string().nullish(),
    }),
  ),
});

export const orderCreateAnswer = z.object({ correlationId: z.string(), orderInfo: iikoOrderInfo });
export const ordersAnswer = z.object({ correlationId: z.string().optional(), orders: list(iikoOrderInfo) });
export const correlationAnswer = z.object({ correlationId: z.string() });
export const commandStatusAnswer = z.object({
  /** `InProgress` | `Success` | `Error` (compared without case). */
  state: z.string(),
  exception: z.record(z.string(), z.unknown()).nullish(),
  errorReason: z.string().nullish(),
});
export type IikoOrderInfo = z.infer<typeof iikoOrderInfo>;
