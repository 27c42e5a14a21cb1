/**
 * The restaurant's staff (docs/PRODUCT.md, "The restaurant's staff"): waiters and the kitchen with
 * accounts of their own restaurant, the tables given to each waiter, the devices that stay signed
 * in, the PIN a person on a shared device acts with, the one-time code that links their Telegram,
 * and who did each move of an order or a call. Written once here: the server validates and
 * documents with these, the «Xodimlar» page and the board take their shapes from them.
 */
import { z } from 'zod';
import { id, LIMITS, optionalText, plainString, requiredText } from './fields';
import { STAFF_ROLES } from './roles';

export const STAFF_LIMITS = {
  /** A staff member's name as the board, the history and Telegram show it ("Aziz"). */
  name: 100,
  /** A zone of tables ("Ayvon", "1-zal"). */
  zone: 60,
  /** Tables changed by one request (a restaurant has at most 300 placements). */
  tablesAtOnce: 300,
  /** A staff PIN: this many digits, unique in its restaurant. */
  pinDigits: 4,
  /** Wrong PINs on one device before it is locked... */
  pinTries: 5,
  /** ...for this long. */
  pinLockMinutes: 15,
  /** A device session (a kitchen tablet) lasts this long unless revoked. */
  deviceDays: 30,
  /** A Telegram link code is good for this long, once. */
  linkCodeMinutes: 15,
} as const;

/** Who moved an order or a call, and from where: the board, a shared device (by PIN), Telegram. */
export const ACTION_VIAS = ['board', 'device', 'telegram'] as const;
export type ActionVia = (typeof ACTION_VIAS)[number];

/**
 * What a staff member did: an order accepted, rejected, made ready, served, its bill closed; a
 * call done; an order or a call of another waiter's table taken over.
 */
export const STAFF_ACTIONS = [
  'accepted',
  'rejected',
  'ready',
  'served',
  'bill_closed',
  'call_done',
  'taken',
] as const;
export type StaffActionKind = (typeof STAFF_ACTIONS)[number];

export const staffAction = z.object({
  action: z.enum(STAFF_ACTIONS),
  /** The name shown: the staff member's name (or login), or a Telegram name for a chat administrator. */
  by: z.string(),
  /** The account that did it (null: a chat administrator with no account here, or one deleted since). */
  by_id: z.string().nullable(),
  via: z.enum(ACTION_VIAS),
  at: z.string(),
});
export type StaffAction = z.infer<typeof staffAction>;

export const staffRole = z.enum(STAFF_ROLES);

/** A staff account as its restaurant's manager sees it («Xodimlar»). */
export const staffMember = z.object({
  _id: z.string(),
  login: z.string(),
  name: z.string().nullable(),
  role: staffRole,
  restaurant_id: z.string(),
  is_active: z.boolean(),
  /** A PIN is set (the PIN itself is shown once, when it is made). */
  has_pin: z.boolean(),
  /** Their Telegram is linked (they get their tables' orders privately). */
  telegram_linked: z.boolean(),
  /** Tables given to them (a waiter). */
  tables: z.number().int(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

const staffName = optionalText(STAFF_LIMITS.name);
const newPassword = plainString().min(LIMITS.passwordMin).max(200);

export const staffCreateBody = z.strictObject({
  login: requiredText(100),
  password: newPassword,
  name: staffName.optional(),
  role: staffRole,
});
export type StaffCreateBody = z.input<typeof staffCreateBody>;

/** The edit dialog's fields: its name (blank: none) and its role. */
export const staffEditFields = z.strictObject({ name: staffName, role: staffRole });

/** An edit: its name, its role, deactivated (sessions and devices end at once) or reactivated. */
export const staffUpdateBody = staffEditFields
  .extend({ is_active: z.boolean() })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to change');
export type StaffUpdateBody = z.input<typeof staffUpdateBody>;

export const staffPasswordBody = z.strictObject({ password: newPassword });

/** A new PIN, shown once. */
export const staffPin = z.object({ pin: z.string() });

/** A device of the restaurant that stays signed in (a kitchen tablet), until it is revoked or expires. */
export const staffDevice = z.object({
  _id: z.string(),
  user_id: z.string(),
  login: z.string(),
  name: z.string().nullable(),
  role: staffRole,
  /** The browser it signed in from, as it named itself. */
  label: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type StaffDevice = z.infer<typeof staffDevice>;

/** A table (a placement) on the floor: its zone and its waiter (null: everyone's). */
export const floorTable = z.object({
  _id: z.string(),
  name: z.string(),
  zone: z.string().nullable(),
  waiter_id: z.string().nullable(),
});
export type FloorTable = z.infer<typeof floorTable>;

/**
 * Tables given to a waiter (`waiter_id`; null: to everyone) and/or put in a zone (`zone`; null or
 * blank: none), many at once (a zone's tables together).
 */
export const floorTablesBody = z
  .strictObject({
    placement_ids: z.array(id).min(1).max(STAFF_LIMITS.tablesAtOnce),
    waiter_id: id.nullable().optional(),
    zone: optionalText(STAFF_LIMITS.zone).optional(),
  })
  .refine((b) => b.waiter_id !== undefined || b.zone !== undefined, 'Nothing to change');
export type FloorTablesBody = z.input<typeof floorTablesBody>;

/** A one-time code that links the caller's Telegram: sent to the restaurant's bot as `/start <code>`. */
export const telegramLinkCode = z.object({
  code: z.string(),
  expires_at: z.string(),
  /** The bot's @name (null: the restaurant has no bot yet). */
  bot_username: z.string().nullable(),
  /** `https://t.me/<bot>?start=<code>`: opens the bot with the code (null without a bot). */
  link: z.string().nullable(),
});
export type TelegramLinkCode = z.infer<typeof telegramLinkCode>;

/** Whose tables a waiter's board shows: theirs (and everyone's, and what they took over), or all. */
export const TABLE_SCOPES = ['mine', 'all'] as const;
export type TableScope = (typeof TABLE_SCOPES)[number];

/** The staff's header naming the person on a shared device (a device session's every action). */
export const STAFF_PIN_HEADER = 'x-staff-pin';
export const staffPinHeader = z.object({
  [STAFF_PIN_HEADER]: plainString()
    .regex(/^\d{4,8}$/)
    .optional(),
});

export const staffAnswers = {
  staffMembers: z.object({ data: z.array(staffMember) }),
  staffMember: z.object({ data: staffMember }),
  staffPin: z.object({ data: staffPin }),
  staffDevices: z.object({ data: z.array(staffDevice) }),
  floorTables: z.object({ data: z.array(floorTable) }),
  telegramLinkCode: z.object({ data: telegramLinkCode }),
  telegramUnlinked: z.object({ data: z.object({ telegram_linked: z.literal(false) }) }),
} as const;
