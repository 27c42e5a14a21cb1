/**
 * The restaurant's staff (docs/PRODUCT.md, "The restaurant's staff"): the manager's «Xodimlar»
 * (accounts, PINs, the tables of each waiter, the devices that stay signed in; a manager's own
 * restaurant goes without an id, an admin names it) and a staff member's own Telegram link.
 */
import { api } from '../api';
import { defineMutation, defineQuery } from './define';
import { queryKeys as k } from './keys';

/** The restaurant's waiters and kitchen, deactivated ones too. */
export const useStaff = defineQuery({
  key: (restaurantId?: string) => k.staff.list(restaurantId),
  fetch: (restaurantId?: string) => api.staff.list(restaurantId),
});

export const useCreateStaff = defineMutation({ run: api.staff.create, invalidates: [k.staff.all()] });
export const useUpdateStaff = defineMutation({ run: api.staff.update, invalidates: [k.staff.all()] });
export const useResetStaffPassword = defineMutation({
  run: api.staff.resetPassword,
  invalidates: [k.staff.all()],
});
/** A new PIN: answered once, for the manager to tell its person. */
export const useNewStaffPin = defineMutation({ run: api.staff.newPin, invalidates: [k.staff.all()] });
export const useUnlinkStaffTelegram = defineMutation({
  run: api.staff.unlinkTelegram,
  invalidates: [k.staff.all()],
});

/** The tables with their zones and waiters. */
export const useFloor = defineQuery({
  key: (restaurantId?: string) => k.staff.floor(restaurantId),
  fetch: (restaurantId?: string) => api.staff.floor(restaurantId),
});
export const useAssignTables = defineMutation({ run: api.staff.assignTables, invalidates: [k.staff.all()] });

/** The devices that stay signed in (a kitchen tablet). */
export const useStaffDevices = defineQuery({
  key: (restaurantId?: string) => k.staff.devices(restaurantId),
  fetch: (restaurantId?: string) => api.staff.devices(restaurantId),
});
export const useRevokeDevice = defineMutation({ run: api.staff.revokeDevice, invalidates: [k.staff.all()] });

/** The caller's one-time code for the restaurant's bot («Telegramni ulash»). */
export const useTelegramLinkCode = defineMutation({ run: api.staff.telegramCode, invalidates: [] });
/** The caller unlinks their own Telegram («Uzish»). */
export const useUnlinkOwnTelegram = defineMutation({
  run: api.staff.unlinkOwnTelegram,
  invalidates: [k.profile()],
});
