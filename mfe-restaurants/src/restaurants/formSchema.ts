/**
 * The restaurant form, built from the shared field rules (`restaurantFields`): the same rules the
 * server applies. Admins (and every non-manager role) must choose a manager and the active flag;
 * managers see neither.
 */
import { id, type Restaurant, restaurantCreateBody, restaurantFields } from '@qrmenu/shared/schemas';

// Built with the schemas' own methods: no second zod copy in this remote's bundle.
export const adminRestaurantForm = restaurantCreateBody.omit({ type: true }).extend({
  // Required in the form (spec 5), although the API lets it be null.
  manager_id: id,
  is_active: restaurantFields.is_active,
});

export const managerRestaurantForm = restaurantCreateBody.omit({
  type: true,
  manager_id: true,
  is_active: true,
});

/** What the inputs hold: plain strings and a boolean. */
export interface RestaurantFormValues {
  name: string;
  slug: string;
  address: string;
  phone_number: string;
  work_time: string;
  /** Admin form only (the manager's form has neither key: its schema is strict). */
  manager_id?: string;
  is_active?: boolean;
  bot_token: string;
  channel_id: string;
}

/** The parsed form: trimmed strings, blanks of optional fields as null. */
export interface RestaurantFormOutput {
  name: string;
  slug: string;
  address: string;
  phone_number: string;
  work_time: string;
  manager_id?: string | null;
  is_active?: boolean;
  bot_token: string | null;
  channel_id: string | null;
}

/** Defaults of a new restaurant (spec 4: active). */
export function emptyFormValues(isManager: boolean): RestaurantFormValues {
  const base = {
    name: '',
    slug: '',
    address: '',
    phone_number: '',
    work_time: '',
    bot_token: '',
    channel_id: '',
  };
  return isManager ? base : { ...base, manager_id: '', is_active: true };
}

export function formValuesOf(r: Restaurant, isManager: boolean): RestaurantFormValues {
  const base = {
    name: r.name,
    slug: r.slug,
    address: r.address,
    phone_number: r.phone_number,
    work_time: r.work_time,
    bot_token: r.bot_token ?? '',
    channel_id: r.channel_id ?? '',
  };
  return isManager ? base : { ...base, manager_id: r.manager_id ?? '', is_active: r.is_active };
}

/** The stored values in the shape the form produces, to compare an edit against. */
export function comparableOf(r: Restaurant, isManager: boolean): RestaurantFormOutput {
  const base: RestaurantFormOutput = {
    name: r.name,
    slug: r.slug,
    address: r.address,
    phone_number: r.phone_number,
    work_time: r.work_time,
    bot_token: r.bot_token,
    channel_id: r.channel_id,
  };
  return isManager ? base : { ...base, manager_id: r.manager_id, is_active: r.is_active };
}
