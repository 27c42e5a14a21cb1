/**
 * `app.staff` (docs/PRODUCT.md, "The restaurant's staff"): a restaurant's waiters and kitchen.
 * Owns:
 * - the accounts: made by the restaurant's manager (or an admin), of that restaurant only (a login
 *   unique on the platform, 409); a deactivation or a new password ends their sessions and their
 *   devices at once, on every server (the session epoch, as for every account);
 * - the floor: tables (placements) given to a waiter and put in zones, many at once; a table given
 *   to nobody, or to an account no longer an active waiter, is everyone's;
 * - the devices that stay signed in (a kitchen tablet): listed for the manager, ended by them;
 * - who acts (`actorOf`): the signed-in person, or on a device the person its PIN names (pin.ts:
 *   a lock after `pinTries` wrong PINs on the device);
 * - the one-time codes that link a staff member's Telegram (telegram/updates.ts takes them).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  type FloorTable,
  type FloorTablesBody,
  isStaffRole,
  ROLES,
  STAFF_LIMITS,
  type StaffCreateBody,
  type StaffDevice,
  type StaffMember,
  type StaffRole,
  type StaffUpdateBody,
  type TelegramLinkCode,
} from '@qrmenu/shared/schemas';
import { isUniqueViolation, newId, now, type UserRow } from '../../db';
import { conflict, invalid, limitReached, notAllowed, notFound, unauthenticated } from '../../domain/errors';
import { staffName, toStaffMember } from '../../repos/users';
import type { AssertOwner, ServiceContext } from '../context';
import { hashPassword } from '../passwords';
import { type Actor, accountActor } from './actor';
import { hashPin, randomPin } from './pin';

export { type Actor, type ActorRole, accountActor, assertFloor, assertMayMove, ownsTable } from './actor';
export { pinKeyFrom } from './pin';

export interface StaffSettings {
  /** The key of the PINs' hashes (pin.ts `pinKeyFrom`: the same on every server). */
  pinKey: Buffer;
}

/** Who is signed in, as the access check read them. */
export interface SignedIn {
  _id: string;
  role: string;
  restaurantId: string | null;
  deviceId: string | null;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** A new PIN is drawn again when the restaurant has it (a restaurant has few staff). */
const PIN_DRAWS = 20;
/** A link code: 16 random bytes, base64url (A-Z a-z 0-9 _ -, as a deep link's start parameter allows). */
const linkCodeHash = (code: string) => createHash('sha256').update(code).digest('hex');

export function staffService({ repos }: ServiceContext, settings: StaffSettings) {
  /** The staff account `id` of the caller's restaurant (404 otherwise: another's is not disclosed). */
  async function ownStaff(
    id: string,
    assertOwner: AssertOwner,
  ): Promise<UserRow & { restaurant_id: string }> {
    const row = await repos.users.findStaff(id);
    if (!row?.restaurant_id) throw notFound('Staff member not found');
    await assertOwner(row.restaurant_id);
    return row as UserRow & { restaurant_id: string };
  }

  const memberOf = async (row: UserRow): Promise<StaffMember> => {
    const listed = (await repos.users.listStaff(row.restaurant_id ?? '')).find((r) => r.id === row.id);
    return toStaffMember(listed ?? row);
  };

  /** The restaurant's tables with their zones and waiters, in the order they were made. */
  const floor = async (restaurantId: string): Promise<FloorTable[]> =>
    (await repos.placements.list(restaurantId)).map((p) => ({
      _id: p.id,
      name: p.name,
      zone: p.zone ?? null,
      waiter_id: p.waiter_id ?? null,
    }));

  /** Ends every session and device of the account, on every server. */
  async function endSessions(userId: string): Promise<void> {
    await repos.sessions.raiseEpoch(userId);
    await repos.staffDevices.deleteOfUser(userId);
  }

  return {
    // ---------- the accounts (the manager's «Xodimlar») ----------

    /** The restaurant's staff, deactivated ones too, by login. */
    list: async (restaurantId: string): Promise<StaffMember[]> =>
      (await repos.users.listStaff(restaurantId)).map(toStaffMember),

    /** A new staff account of the restaurant (409: the login is taken, by anyone). */
    async create(restaurantId: string, body: StaffCreateBody): Promise<StaffMember> {
      const login = body.login.trim();
      if (await repos.users.findByLogin(login)) throw conflict('Login already taken');
      const at = now();
      const row: UserRow = {
        id: newId(),
        login,
        password_hash: await hashPassword(body.password),
        role: body.role,
        is_active: 1,
        created_at: at,
        updated_at: at,
        restaurant_id: restaurantId,
        name: body.name?.trim() || null,
      };
      try {
        await repos.users.create(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('Login already taken');
        throw err;
      }
      return toStaffMember(row);
    },

    /** Its name, its role, or deactivated (its sessions and devices end) / reactivated. */
    async update(id: string, body: StaffUpdateBody, assertOwner: AssertOwner): Promise<StaffMember> {
      const row = await ownStaff(id, assertOwner);
      const at = now();
      const fields: { name?: string | null; role?: StaffRole } = {};
      if (body.name !== undefined) fields.name = body.name;
      if (body.role !== undefined) fields.role = body.role;
      if (Object.keys(fields).length > 0) await repos.users.setStaffFields(row.id, fields, at);
      if (body.is_active !== undefined && (body.is_active ? 1 : 0) !== row.is_active) {
        await repos.users.setActive(row.id, body.is_active, at);
        if (!body.is_active) await endSessions(row.id);
      }
      // a new role is a new set of rights: what the old sessions hold ends with them
      if (body.role !== undefined && body.role !== row.role) await endSessions(row.id);
      return memberOf({
        ...row,
        ...fields,
        is_active: body.is_active === undefined ? row.is_active : +body.is_active,
      });
    },

    /** A new password from the manager: the account's sessions and devices end. */
    async resetPassword(id: string, password: string, assertOwner: AssertOwner): Promise<StaffMember> {
      const row = await ownStaff(id, assertOwner);
      await repos.users.setPasswordHash(row.id, await hashPassword(password), now());
      await endSessions(row.id);
      return memberOf(row);
    },

    /** A new PIN for the account, answered once (only its keyed hash is kept). */
    async newPin(id: string, assertOwner: AssertOwner): Promise<{ pin: string }> {
      const row = await ownStaff(id, assertOwner);
      for (let draw = 0; draw < PIN_DRAWS; draw++) {
        const pin = randomPin();
        try {
          await repos.users.setPinHash(row.id, hashPin(settings.pinKey, row.restaurant_id, pin), now());
          return { pin };
        } catch (err) {
          if (!isUniqueViolation(err)) throw err;
        }
      }
      throw conflict('No free PIN was drawn; try again');
    },

    /** Unlinks the account's Telegram (it gets no private messages, its presses count no more). */
    async unlinkTelegram(id: string, assertOwner: AssertOwner): Promise<StaffMember> {
      const row = await ownStaff(id, assertOwner);
      await repos.users.linkTelegram(row.restaurant_id, row.id, null, now());
      return memberOf({ ...row, telegram_user_id: null });
    },

    // ---------- the floor ----------

    floor,

    /**
     * Gives tables to a waiter (null: to everyone) and/or puts them in a zone, all or none: a table
     * not of the restaurant is one that does not exist (404, docs/API.md, "Who may call what"), a
     * waiter not its active waiter is refused (400), and nothing changes.
     */
    async assignTables(restaurantId: string, body: FloorTablesBody): Promise<FloorTable[]> {
      const ids = [...new Set(body.placement_ids)];
      const owners = await repos.placements.owners(ids);
      if (ids.some((id) => owners.get(id) !== restaurantId)) throw notFound('Placement not found');
      if (body.waiter_id) {
        const ok = await repos.users.activeWaiters(restaurantId, [body.waiter_id]);
        if (!ok.has(body.waiter_id))
          throw invalid('Not an active waiter of this restaurant', [
            { path: 'waiter_id', message: 'Unknown waiter' },
          ]);
      }
      const change: { waiter_id?: string | null; zone?: string | null } = {};
      if (body.waiter_id !== undefined) change.waiter_id = body.waiter_id;
      if (body.zone !== undefined) change.zone = body.zone?.trim() || null;
      await repos.placements.assign(restaurantId, ids, change, now());
      return floor(restaurantId);
    },

    // ---------- devices that stay signed in ----------

    /** Records a device session of a staff account (its login with «Qurilma sifatida»). */
    async startDevice(user: UserRow, jti: string, label: string): Promise<void> {
      if (!isStaffRole(user.role) || !user.restaurant_id) {
        throw invalid('Only a staff account signs in as a device', [
          { path: 'device', message: 'staff_only' },
        ]);
      }
      const at = Date.now();
      await repos.staffDevices.add({
        id: jti,
        user_id: user.id,
        restaurant_id: user.restaurant_id,
        label: label.slice(0, 200) || '-',
        pin_failures: 0,
        pin_locked_until: null,
        created_at: new Date(at).toISOString(),
        expires_at: new Date(at + STAFF_LIMITS.deviceDays * DAY).toISOString(),
      });
    },

    /** The restaurant's devices still signed in. */
    devices: async (restaurantId: string): Promise<StaffDevice[]> =>
      (await repos.staffDevices.ofRestaurant(restaurantId, now())).map((d) => ({
        _id: d.id,
        user_id: d.user_id,
        login: d.login,
        name: d.name ?? null,
        role: d.role as StaffRole,
        label: d.label,
        createdAt: d.created_at,
        expiresAt: d.expires_at,
      })),

    /** Ends a device's session at once, on every server (its token id is refused). */
    async revokeDevice(id: string, assertOwner: AssertOwner): Promise<{ _id: string }> {
      const device = await repos.staffDevices.find(id);
      if (!device) throw notFound('Device not found');
      await assertOwner(device.restaurant_id);
      await repos.sessions.revoke(device.id, device.expires_at);
      await repos.staffDevices.delete(device.id);
      return { _id: device.id };
    },

    /** A device signed out by itself (its logout): its row goes with its session. */
    forgetDevice: async (id: string): Promise<void> => {
      await repos.staffDevices.delete(id);
    },

    // ---------- who acts ----------

    /**
     * Who acts for a signed-in request: the account itself (`via` board), or on a device the
     * restaurant's active staff member its PIN names (`via` device): no PIN 400 (`pin` Required),
     * a wrong one 403 (`pin` wrong; the device's count goes up), a locked device 429 with
     * Retry-After (`pin` locked). Nothing is written before the person is known.
     */
    async actorOf(user: SignedIn, pin: string | undefined): Promise<Actor> {
      if (!user.deviceId || !user.restaurantId) {
        const row = await repos.users.findById(user._id);
        if (!row) throw unauthenticated();
        return accountActor(row, 'board');
      }
      const device = await repos.staffDevices.find(user.deviceId);
      if (!device) throw unauthenticated('This device was signed out');
      const at = Date.now();
      const lockedFor = device.pin_locked_until ? Date.parse(device.pin_locked_until) - at : 0;
      if (lockedFor > 0) {
        throw limitReached('Too many wrong PINs on this device', Math.ceil(lockedFor / 1000), [
          { path: 'pin', message: 'locked' },
        ]);
      }
      if (!pin) throw invalid('A PIN names who acts on this device', [{ path: 'pin', message: 'Required' }]);
      const person = await repos.users.findByPin(
        user.restaurantId,
        hashPin(settings.pinKey, user.restaurantId, pin),
      );
      if (!person || !isStaffRole(person.role)) {
        const lockMs = STAFF_LIMITS.pinLockMinutes * MINUTE;
        const { failures } = await repos.staffDevices.failPin(
          device.id,
          STAFF_LIMITS.pinTries,
          new Date(at + lockMs).toISOString(),
        );
        if (failures >= STAFF_LIMITS.pinTries)
          throw limitReached('Too many wrong PINs on this device', lockMs / 1000, [
            { path: 'pin', message: 'locked' },
          ]);
        throw notAllowed('Wrong PIN', [{ path: 'pin', message: 'wrong' }]);
      }
      await repos.staffDevices.pinOk(device.id);
      return accountActor(person, 'device');
    },

    // ---------- a staff member's own Telegram ----------

    /** A one-time code that links the caller's Telegram (a new one replaces the last). */
    async linkCode(user: SignedIn): Promise<TelegramLinkCode> {
      if (!isStaffRole(user.role) || !user.restaurantId) throw notAllowed('Staff accounts only');
      const code = randomBytes(16).toString('base64url');
      const at = Date.now();
      const expires = new Date(at + STAFF_LIMITS.linkCodeMinutes * MINUTE).toISOString();
      await repos.telegramLinkCodes.prune(new Date(at).toISOString());
      await repos.telegramLinkCodes.replace({
        code_hash: linkCodeHash(code),
        user_id: user._id,
        restaurant_id: user.restaurantId,
        expires_at: expires,
        created_at: new Date(at).toISOString(),
      });
      const bot = await repos.telegramBots.find(user.restaurantId);
      const username = bot?.bot_username ?? null;
      return {
        code,
        expires_at: expires,
        bot_username: username,
        link: username ? `https://t.me/${username}?start=${code}` : null,
      };
    },

    /** The caller unlinks their own Telegram. */
    async unlinkOwn(user: SignedIn): Promise<void> {
      if (!isStaffRole(user.role) || !user.restaurantId) throw notAllowed('Staff accounts only');
      await repos.users.linkTelegram(user.restaurantId, user._id, null, now());
    },

    /**
     * `/start <code>` from Telegram user `telegramUserId` to the restaurant's bot: the code taken
     * (once: a second use finds nothing), its account linked. Answers the account, or why not:
     * `unknown` (no such code: a typo, or used already), `expired`, `inactive`.
     */
    async linkTelegram(
      restaurantId: string,
      code: string,
      telegramUserId: string,
    ): Promise<{ linked: UserRow } | { refused: 'unknown' | 'expired' | 'inactive' }> {
      return repos.transaction(async (trx) => {
        const taken = await trx.telegramLinkCodes.take(restaurantId, linkCodeHash(code));
        if (!taken) return { refused: 'unknown' as const };
        if (Date.parse(taken.expires_at) <= Date.now()) return { refused: 'expired' as const };
        const user = await trx.users.findStaff(taken.user_id);
        if (user?.is_active !== 1 || user.restaurant_id !== restaurantId)
          return { refused: 'inactive' as const };
        await trx.users.linkTelegram(restaurantId, user.id, telegramUserId, now());
        return { linked: { ...user, telegram_user_id: telegramUserId } };
      });
    },

    /** The restaurant's active staff member whose Telegram is `telegramUserId` (a press, a command). */
    linkedStaff: (restaurantId: string, telegramUserId: number) =>
      repos.users.findByTelegram(restaurantId, String(telegramUserId)),
  };
}

export type StaffService = ReturnType<typeof staffService>;

/** The name a staff account is shown by (its name, else its login). */
export { staffName };
export const isWaiter = (role: string | null | undefined) => role === ROLES.waiter;
