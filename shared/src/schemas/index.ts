/**
 * Kept whole: the contract's entities, requests and answers are one vocabulary that refers to
 * itself; the rules of single fields already live in their own modules beside it.
 *
 * Every entity, request and answer of the API (docs/API.md), written once.
 * The server validates and documents with these; the client and forms take their types from them.
 */
import './jitless';
import { z } from 'zod';
import {
  id,
  isoDate,
  LIMITS,
  OPTION_LIMITS,
  optionalText,
  plainString,
  price,
  requiredText,
  slug,
} from './fields';
import { orderAnswers } from './orders';
import { paymentAnswers } from './payments';
import { releaseAnswers } from './releases';
import { reportAnswers } from './reports';
import { staffAnswers } from './staff';
import { translationSchemas as tr } from './translations';
import { visitAnswers } from './visits';

// the single fields' rules, each one the contract's vocabulary uses below
export * from './fields';
export * from './orders';
export * from './payments';
export * from './provider-statement';
export * from './releases';
export * from './reports';
export * from './staff';
export {
  applyTranslations,
  CONTENT_LANGS,
  type ContentLang,
  filledTranslations,
  LANGUAGE_NAMES,
  localized,
  missingLanguages,
  parseTranslations,
  serializeTranslations,
  TRANSLATABLE,
  TRANSLATED_FIELDS,
  TRANSLATION_LANGS,
  type TranslatableEntity,
  type TranslatableField,
  type TranslationLang,
  type Translations,
  type TranslationsPatch,
  translationSchemas,
  translationsRead,
  translationsWrite,
} from './translations';
export * from './visits';

// ---------- roles and auth ----------

export * from './position';
export { isStaffRole, type KnownRole, ROLES, STAFF_ROLES, type StaffRole } from './roles';
/** Other role names may exist and own nothing. */
export const role = z.string().min(1).max(50);

export const loginBody = z.object({
  login: requiredText(100),
  password: plainString().min(1).max(200),
  /**
   * Stay signed in as a device of the restaurant (a kitchen tablet): a staff account only; a long
   * session its manager sees and may end, on which every action names its person by PIN.
   */
  device: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const profile = z.object({
  _id: z.string(),
  login: z.string(),
  role,
  is_active: z.boolean(),
  /** A staff account's restaurant (null for admins and managers). */
  restaurant_id: z.string().nullable().optional(),
  /** A staff member's name. */
  name: z.string().nullable().optional(),
  /** A staff member's Telegram is linked to the restaurant's bot. */
  telegram_linked: z.boolean().optional(),
  /** This session is a device of the restaurant (every action asks the person's PIN). */
  device: z.boolean().optional(),
});
export type Profile = z.infer<typeof profile>;

export const manager = z.object({ _id: z.string(), login: z.string() });
export type Manager = z.infer<typeof manager>;

export const managerCreateBody = z.strictObject({
  login: requiredText(100),
  password: plainString().min(LIMITS.passwordMin).max(200),
});
export type ManagerCreateBody = z.infer<typeof managerCreateBody>;

// ---------- accounts (sessions a server can end) ----------

/** A new password (creation, reset, own change): at least LIMITS.passwordMin characters. */
export const newPassword = plainString().min(LIMITS.passwordMin).max(200);

/** A manager as the admin's accounts list shows it: deactivated ones too. */
export const managerAccount = manager.extend({ is_active: z.boolean() });
export type ManagerAccount = z.infer<typeof managerAccount>;

/** PUT /admin/managers/:id/password: the admin sets a new password (the manager's sessions end). */
export const managerPasswordBody = z.strictObject({ password: newPassword });
export type ManagerPasswordBody = z.infer<typeof managerPasswordBody>;

/** PUT /admin/managers/:id/active: deactivate (sessions end, no login) or reactivate. */
export const managerActiveBody = z.strictObject({ is_active: z.boolean() });
export type ManagerActiveBody = z.infer<typeof managerActiveBody>;

/** PUT /auth/password: the caller's own change, the current password required. */
export const passwordChangeBody = z.strictObject({
  current_password: plainString().min(1).max(200),
  password: newPassword,
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;

// ---------- restaurants ----------

export const RESTAURANT_TYPE_MANUAL = 'manual';

/**
 * What the API answers for a saved `bot_token`: never the token (docs/TELEGRAM.md). Sent back
 * unchanged it changes nothing; a new token replaces it.
 */
export const BOT_TOKEN_MASK = '••••••••';

export const restaurant = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  address: z.string(),
  phone_number: z.string(),
  work_time: z.string(),
  manager_id: z.string().nullable(),
  type: z.string(),
  is_active: z.boolean(),
  bot_token: z.string().nullable(),
  channel_id: z.string().nullable(),
  image: z.string().nullable(),
  logotype: z.string().nullable(),
  /** Russian and English of `address` and `work_time` (schemas/translations.ts). */
  translations: tr.restaurant.read,
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Restaurant = z.infer<typeof restaurant>;

/** What anyone may see of a restaurant (no secrets, no owner). */
export const publicRestaurant = restaurant.omit({ bot_token: true, channel_id: true, manager_id: true });
export type PublicRestaurant = z.infer<typeof publicRestaurant>;

export const restaurantCounts = z.object({
  all_count: z.number().int(),
  active_count: z.number().int(),
  inactive_count: z.number().int(),
});
export type RestaurantCounts = z.infer<typeof restaurantCounts>;

/** The admin's restaurant list by pages (docs/API.md): `limit` rows from page `page`, newest first or by 30-day visits. */
export const adminRestaurantsQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  sort: z.enum(['visits_desc', 'visits_asc']).optional(),
});
export type AdminRestaurantsQuery = z.infer<typeof adminRestaurantsQuery>;

/** The editable fields of a restaurant, as the form and the server see them. */
export const restaurantFields = {
  name: requiredText(),
  slug,
  address: requiredText(500),
  phone_number: requiredText(50),
  work_time: requiredText(100),
  manager_id: id.nullable(),
  is_active: z.boolean(),
  bot_token: optionalText(LIMITS.token),
  channel_id: optionalText(100),
  /** A string sets a language's field, null or blank clears it, absent leaves it (translations.ts). */
  translations: tr.restaurant.write,
};

export const restaurantCreateBody = z.strictObject({
  ...restaurantFields,
  manager_id: restaurantFields.manager_id.optional(),
  is_active: restaurantFields.is_active.default(true),
  bot_token: restaurantFields.bot_token.optional(),
  channel_id: restaurantFields.channel_id.optional(),
  translations: restaurantFields.translations.optional(),
  type: z.literal(RESTAURANT_TYPE_MANUAL).default(RESTAURANT_TYPE_MANUAL),
});
export type RestaurantCreateBody = z.input<typeof restaurantCreateBody>;

/** Only changed fields are sent; `image`/`logotype` may be cleared with null (uploads set them). */
export const restaurantUpdateBody = z
  .strictObject({
    ...restaurantFields,
    image: requiredText(LIMITS.url).nullable(),
    logotype: requiredText(LIMITS.url).nullable(),
  })
  .partial();
export type RestaurantUpdateBody = z.input<typeof restaurantUpdateBody>;

export const slugQuery = z.object({ slug });
export const restaurantIdQuery = z.object({ restaurantId: id });
export const restaurantIdFilter = z.object({ restaurant_id: id });
export const optionalRestaurantIdFilter = z.object({ restaurant_id: id.optional() });

// ---------- integration ----------

export const integrationRestaurant = z.object({ id: z.string(), name: z.string() });
export type IntegrationRestaurant = z.infer<typeof integrationRestaurant>;

export const integrationCreateBody = z.strictObject({ id: requiredText(200), manager_id: id });
export type IntegrationCreateBody = z.infer<typeof integrationCreateBody>;

export const syncResult = z.object({
  restaurant,
  categories: z.number().int(),
  products: z.number().int(),
});
export type SyncResult = z.infer<typeof syncResult>;

// ---------- POS integrations (iiko, Poster) ----------

export { isPosType, POS_PROVIDERS } from './pos-providers';

import { POS_PROVIDERS } from './pos-providers';
export const posProvider = z.enum(POS_PROVIDERS);
export type PosProvider = z.infer<typeof posProvider>;
/** iiko: `{apiLogin}` or `{appId, clientSecret, apiKey}`; Poster: `{token, appSecret}` (the provider checks which). */
export const posCredentials = z.record(z.string().max(50), z.string().trim().min(1).max(500));
export const posLocationsBody = z.strictObject({ provider: posProvider, credentials: posCredentials });
export const posPreviewBody = z.strictObject({
  provider: posProvider,
  credentials: posCredentials,
  location_id: requiredText(200),
});
export const posImportBody = z.strictObject({
  provider: posProvider,
  credentials: posCredentials,
  location_id: requiredText(200),
  manager_id: id,
});
export type PosImportBody = z.infer<typeof posImportBody>;
export const posPreview = z.object({
  name: z.string(),
  categories: z.number().int(),
  products: z.number().int(),
  options: z.number().int(),
  pictures: z.number().int(),
});
export type PosPreview = z.infer<typeof posPreview>;
export const posLastSync = z.object({
  at: z.string().nullable(),
  /** `ok` | `unchanged` | `error`; null before the first sync */
  result: z.string().nullable(),
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  /** The last error, in Uzbek. */
  error: z.string().nullable(),
});
export const posAccount = z.object({
  provider: z.string(),
  location_id: z.string(),
  /** Masked: `••••` and at most the last 4 characters. */
  credentials: z.record(z.string(), z.string()),
  webhook_path: z.string(),
  last_sync: posLastSync,
  /**
   * The POS's pictures of the last import or sync, taken in the background: products to take
   * them for, done so far, links that could not be used. Absent from servers before 3.1.
   */
  pictures: z
    .object({ total: z.number().int(), done: z.number().int(), failed: z.number().int() })
    .optional(),
});
export type PosAccount = z.infer<typeof posAccount>;
export const posSyncResult = syncResult.extend({
  result: z.enum(['ok', 'unchanged']),
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
});

/** The JSON feed of an integration provider (docs/API.md, "Integration feed"). */
const feedId = z.coerce.string().pipe(plainString());
/**
 * A source's rule of an option and limits of a row, each optional: a source that says nothing of
 * them leaves an option as it is (a new one: one row or none). The import fits them to the
 * option's rows (services/catalog/option-rules.ts).
 */
const feedRow = z.object({
  id: feedId,
  name: requiredText(),
  price,
  max_quantity: z.number().optional(),
  free_quantity: z.number().optional(),
  is_default: z.boolean().optional(),
});
const feedOption = z.object({
  id: feedId,
  name: requiredText(),
  rows: z.array(feedRow).default([]),
  min_choices: z.number().optional(),
  max_choices: z.number().optional(),
});
const feedProduct = z.object({
  id: feedId,
  name: requiredText(),
  description: plainString().max(LIMITS.longText).default(''),
  price,
  options: z.array(feedOption).default([]),
});
const feedCategory = z.object({
  id: feedId,
  title: requiredText(),
  products: z.array(feedProduct).default([]),
});
export const feedRestaurant = z.object({
  id: feedId,
  name: requiredText(),
  address: plainString().default(''),
  phone_number: plainString().default(''),
  work_time: plainString().default(''),
  categories: z.array(feedCategory).default([]),
});
export const integrationFeed = z.object({
  provider: requiredText(50),
  restaurants: z.array(feedRestaurant),
});
export type IntegrationFeed = z.infer<typeof integrationFeed>;
export type FeedRestaurant = z.infer<typeof feedRestaurant>;

// ---------- categories ----------

export const category = z.object({
  _id: z.string(),
  title: z.string(),
  restaurant_id: z.string(),
  is_active: z.boolean(),
  translations: tr.category.read,
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Category = z.infer<typeof category>;

export const categoryFields = {
  title: requiredText(),
  is_active: z.boolean(),
  translations: tr.category.write,
};

export const categoryCreateBody = z.strictObject({
  title: categoryFields.title,
  restaurant_id: id,
  is_active: categoryFields.is_active.default(true),
  translations: categoryFields.translations.optional(),
});
export type CategoryCreateBody = z.input<typeof categoryCreateBody>;

export const categoryUpdateBody = z.strictObject(categoryFields).partial();
export type CategoryUpdateBody = z.input<typeof categoryUpdateBody>;

// ---------- products ----------

export const productImage = z.object({ file: requiredText(LIMITS.url) });
export type ProductImage = z.infer<typeof productImage>;

export const product = z.object({
  _id: z.string(),
  name: z.string(),
  category_id: z.string(),
  category: z.object({ _id: z.string(), name: z.string() }),
  description: z.string(),
  price: z.number(),
  is_active: z.boolean(),
  images: z.array(productImage),
  translations: tr.product.read,
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Product = z.infer<typeof product>;

export const productFields = {
  name: requiredText(),
  category_id: id,
  description: plainString().trim().max(LIMITS.longText),
  price,
  is_active: z.boolean(),
  images: z.array(productImage).max(50),
  translations: tr.product.write,
};

export const productCreateBody = z.strictObject({
  ...productFields,
  description: productFields.description.default(''),
  is_active: productFields.is_active.default(true),
  images: productFields.images.default([]),
  translations: productFields.translations.optional(),
});
export type ProductCreateBody = z.input<typeof productCreateBody>;

export const productUpdateBody = z.strictObject(productFields).partial();
export type ProductUpdateBody = z.input<typeof productUpdateBody>;

export const productListQuery = z.object({ restaurant_id: id, category_id: id.optional() });

// ---------- options and rows ----------

/**
 * A refused rule says why as `option_rule: <code>` (the back office words each code, texts.ts
 * `t.optionRules.errors`): not a whole number, below zero, a maximum of 0, above the limit, a
 * minimum above the maximum, a minimum above what the option's rows can give, more default rows
 * than the option takes, more free portions than a row may be taken, a row's maximum lowered
 * under what its option's minimum needs.
 */
export const OPTION_RULE_ERRORS = [
  'whole',
  'negative',
  'max_zero',
  'too_many',
  'min_above_max',
  'above_rows',
  'defaults_above_max',
  'free_above_max',
  'below_min',
] as const;
export type OptionRuleError = (typeof OPTION_RULE_ERRORS)[number];
export const optionRuleMessage = (code: OptionRuleError) => `option_rule: ${code}`;

/** A count of a rule: a whole number from `min` to `max`, each refusal with its code. */
const ruleCount = (min: 0 | 1, max: number) =>
  z
    .number()
    .int(optionRuleMessage('whole'))
    .min(min, optionRuleMessage(min === 0 ? 'negative' : 'max_zero'))
    .max(max, optionRuleMessage('too_many'));

/**
 * An option's rule (docs/PRODUCT.md, "Options and their rules"): the guest chooses at least
 * `min_choices` and at most `max_choices` portions of its rows in all (a row taken twice counts
 * twice). 0 and 1, an option's default, is a choice that may be left out: one row or none.
 */
export const optionRuleFields = {
  min_choices: ruleCount(0, OPTION_LIMITS.choices),
  max_choices: ruleCount(1, OPTION_LIMITS.choices),
};

/**
 * A row's limits: taken at most `max_quantity` times on one dish («Qazi» x2; 1, the default: once
 * or not at all), its first `free_quantity` portions free (iiko's `freeOfChargeAmount`), and
 * `is_default`: chosen for the guest when the sheet opens.
 */
export const optionRowRuleFields = {
  max_quantity: ruleCount(1, OPTION_LIMITS.rowQuantity),
  free_quantity: ruleCount(0, OPTION_LIMITS.rowQuantity),
  is_default: z.boolean(),
};

/** A rule whose minimum is above its maximum is refused on `min_choices`. */
const minNotAboveMax = (b: { min_choices?: number; max_choices?: number }) =>
  b.min_choices === undefined || b.max_choices === undefined || b.min_choices <= b.max_choices;
const MIN_ABOVE_MAX = { message: optionRuleMessage('min_above_max'), path: ['min_choices'] };
/** More free portions than a row may be taken is refused on `free_quantity`. */
const freeNotAboveMax = (b: { free_quantity?: number; max_quantity?: number }) =>
  b.free_quantity === undefined || b.max_quantity === undefined || b.free_quantity <= b.max_quantity;
const FREE_ABOVE_MAX = { message: optionRuleMessage('free_above_max'), path: ['free_quantity'] };

export const optionRow = z.object({
  _id: z.string(),
  product_option_id: z.string(),
  name: z.string(),
  price: z.number(),
  max_quantity: z.number().int(),
  free_quantity: z.number().int(),
  is_default: z.boolean(),
  translations: tr.optionRow.read,
  createdAt: isoDate,
});
export type OptionRow = z.infer<typeof optionRow>;

export const productOption = z.object({
  _id: z.string(),
  product_id: z.string(),
  name: z.string(),
  min_choices: z.number().int(),
  max_choices: z.number().int(),
  translations: tr.option.read,
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type ProductOption = z.infer<typeof productOption>;

export const productOptionWithRows = productOption.extend({ rows: z.array(optionRow) });
export type ProductOptionWithRows = z.infer<typeof productOptionWithRows>;

export const productDetail = product.extend({ options: z.array(productOptionWithRows) });
export type ProductDetail = z.infer<typeof productDetail>;

/** Without a rule an option is what options always were: one row or none (0 and 1). */
export const optionCreateBody = z
  .strictObject({
    product_id: id,
    name: requiredText(),
    translations: tr.option.write.optional(),
    min_choices: optionRuleFields.min_choices.default(0),
    max_choices: optionRuleFields.max_choices.default(1),
  })
  .refine(minNotAboveMax, MIN_ABOVE_MAX);
export type OptionCreateBody = z.input<typeof optionCreateBody>;
/** The name, only translations (an untranslated-items screen saves one language), or the rule. */
export const optionUpdateBody = z
  .strictObject({ name: requiredText(), translations: tr.option.write, ...optionRuleFields })
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'name, translations or a rule is required')
  .refine(minNotAboveMax, MIN_ABOVE_MAX);
export type OptionUpdateBody = z.input<typeof optionUpdateBody>;

export const optionRowFields = {
  name: requiredText(),
  price,
  translations: tr.optionRow.write,
  ...optionRowRuleFields,
};
/** Without limits a row is taken once or not at all, nothing free, not chosen beforehand. */
export const optionRowCreateBody = z
  .strictObject({
    product_option_id: id,
    ...optionRowFields,
    translations: optionRowFields.translations.optional(),
    max_quantity: optionRowFields.max_quantity.default(1),
    free_quantity: optionRowFields.free_quantity.default(0),
    is_default: optionRowFields.is_default.default(false),
  })
  .refine(freeNotAboveMax, FREE_ABOVE_MAX);
export type OptionRowCreateBody = z.input<typeof optionRowCreateBody>;
export const optionRowUpdateBody = z
  .strictObject(optionRowFields)
  .partial()
  .refine(freeNotAboveMax, FREE_ABOVE_MAX);
export type OptionRowUpdateBody = z.input<typeof optionRowUpdateBody>;

// ---------- stop-list ----------

export const STOP_LIST_ACTIONS = ['stop', 'resume'] as const;
export const stopListBody = z.strictObject({
  product_ids: z.array(id).min(1).max(LIMITS.stopListBatch),
  action: z.enum(STOP_LIST_ACTIONS),
});
export type StopListBody = z.infer<typeof stopListBody>;
export const stopListResult = z.object({ products: z.array(product), categories: z.array(category) });
export type StopListResult = z.infer<typeof stopListResult>;

// ---------- uploads ----------

export const UPLOAD_TARGET_TYPES = ['image', 'logotype'] as const;
export type UploadTargetType = (typeof UPLOAD_TARGET_TYPES)[number];
export const uploadFields = z.union([
  z.strictObject({ restaurant_id: id, type: z.enum(UPLOAD_TARGET_TYPES) }),
  z.strictObject({ product_id: id }),
]);
export const restaurantUploadResult = z.object({ url: z.string() });
export const productUploadResult = z.object({ data: z.array(productImage) });

// ---------- envelopes and errors ----------

export const idParam = z.object({ id });
/** A restaurant and one of its old slugs (releasing it). */
export const oldSlugParams = z.object({ id, slug });
export const productIdParam = z.object({ productId: id });

export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
export const deleted = dataOf(z.object({ _id: z.string() }));

export const ERROR_CODES = [
  'validation',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  /**
   * 422 on placing an order: its idempotency key was used for another request (the same key
   * means the same request; docs/ORDERS.md)
   */
  'idempotency_key_reused',
  'payload_too_large',
  /** 413 on upload: a picture of more pixels than the server decodes (a decompression bomb) */
  'too_many_pixels',
  /** 413 on upload: the restaurant's pictures would pass its storage quota */
  'quota_exceeded',
  'unsupported_media_type',
  'rate_limited',
  'bad_gateway',
  'internal',
  // 503: a server that is shutting down or cannot reach its database (readiness)
  'unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

// ---------- answers, one per route ----------

/**
 * A restaurant's Telegram bot as checked (docs/TELEGRAM.md): its @name, its chat, whether Telegram
 * can reach this server (webhook), the messages waiting to be sent and the last refusal.
 */
export const telegramStatus = z.object({
  connected: z.boolean(),
  bot_username: z.string().nullable(),
  chat_title: z.string().nullable(),
  webhook: z.boolean(),
  waiting: z.number().int(),
  last_error: z.string().nullable(),
});
export type TelegramStatus = z.infer<typeof telegramStatus>;

/** An update as Telegram posts it to the webhook: its number, the rest read by the server (docs/TELEGRAM.md). */
export const telegramUpdateBody = z.looseObject({ update_id: z.number().int() });

/**
 * A Mini App guest's order tied to their Telegram (docs/TELEGRAM.md, "The menu inside Telegram"):
 * the order's key (as its page opens it) and the Mini App's signed `initData`, as Telegram gave it.
 */
export const telegramGuestBody = z.object({
  key: z.string().min(1).max(200),
  init_data: z.string().min(1).max(4096),
  /** The guest allowed the bot to write to them just now (the Mini App's `requestWriteAccess`). */
  write_access: z.boolean().optional(),
});
export type TelegramGuestBody = z.infer<typeof telegramGuestBody>;

export const answers = {
  health: z.object({ status: z.literal('ok') }),
  login: dataOf(z.object({ accessToken: z.string() })),
  profile: dataOf(profile),
  adminRestaurants: z.object({
    restaurants: z.array(restaurant),
    counts: restaurantCounts,
    /** Guests' visits of the last 30 days by restaurant id (absent from servers older than the visits). */
    visits_30d: z.record(z.string(), z.number().int()).optional(),
  }),
  myRestaurant: dataOf(restaurant.nullable()),
  restaurant: dataOf(restaurant),
  restaurantView: dataOf(z.union([restaurant, publicRestaurant])),
  integrationRestaurants: dataOf(z.array(integrationRestaurant)),
  managers: dataOf(z.array(manager)),
  manager: dataOf(manager),
  managerAccounts: dataOf(z.array(managerAccount)),
  managerAccount: dataOf(managerAccount),
  sync: dataOf(syncResult),
  managerCategories: z.object({ data: z.array(category), count: z.number().int() }),
  userCategories: z.object({ categories: z.array(category), count: z.number().int() }),
  category: dataOf(category),
  managerProducts: z.object({ data: z.array(product), count: z.number().int() }),
  userProducts: dataOf(z.object({ products: z.array(product), count: z.number().int() })),
  productDetail: dataOf(productDetail),
  productCreated: dataOf(z.object({ id: z.string() })),
  product: dataOf(product),
  options: dataOf(z.array(productOption)),
  restaurantOptions: dataOf(z.array(productOptionWithRows)),
  option: dataOf(productOption),
  optionRows: dataOf(z.array(optionRow)),
  optionRow: dataOf(optionRow),
  stopList: dataOf(stopListResult),
  posLocations: dataOf(z.array(integrationRestaurant)),
  posPreview: dataOf(posPreview),
  posImported: dataOf(z.object({ restaurant, webhook_token: z.string() })),
  posAccount: dataOf(posAccount),
  posSync: dataOf(posSyncResult),
  /** A restaurant's old slugs (its printed codes' redirects), newest first. */
  oldSlugs: dataOf(z.array(z.object({ slug: z.string(), createdAt: z.string() }))),
  oldSlugReleased: dataOf(z.object({ slug: z.string() })),
  telegramStatus: dataOf(telegramStatus),
  telegramTest: dataOf(z.object({ sent: z.literal(true) })),
  /** What the webhook answers Telegram (it reads only the status). */
  telegramWebhook: dataOf(z.object({ received: z.literal(true) })),
  /** Whether the order's changes will be written to the guest's private chat with the bot. */
  telegramGuest: dataOf(z.object({ notified: z.boolean() })),
  deleted,
  ...visitAnswers,
  ...releaseAnswers,
  ...orderAnswers,
  ...paymentAnswers,
  ...reportAnswers,
  ...staffAnswers,
} as const;

/** The slug suggested from a name (zod-free, in its own file). */
export { slugify } from '../slug';
