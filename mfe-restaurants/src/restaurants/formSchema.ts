/**
 * The restaurant form, built from the shared field rules (`restaurantFields`): the same rules the
 * server applies. Admins (and every non-manager role) must choose a manager and the active flag;
 * managers see neither (docs/SCREENS.md, "Restaurant form").
 */
import { translationFormValues } from '@qrmenu/shared/forms';
import {
  id,
  type Restaurant,
  restaurantCreateBody,
  restaurantFields,
  TRANSLATED_FIELDS,
  type TranslationsPatch,
} from '@qrmenu/shared/schemas';
import type { z } from 'zod';

// Built with the schemas' own methods: no second zod copy in this remote's bundle.
const adminRestaurantForm = restaurantCreateBody.omit({ type: true }).extend({
  // Required in the form (docs/SCREENS.md, "Restaurant form"), although the API lets it be null.
  manager_id: id,
  is_active: restaurantFields.is_active,
});

const managerRestaurantForm = restaurantCreateBody.omit({ type: true, manager_id: true, is_active: true });

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
  /** Optional fields: a blank input is stored as null. */
  bot_token?: string | null;
  channel_id?: string | null;
  /** Russian and English of the address and working hours ('' when empty). */
  translations?: TranslationsPatch<'address' | 'work_time'>;
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
  bot_token?: string | null;
  channel_id?: string | null;
  translations?: TranslationsPatch<'address' | 'work_time'> | undefined;
}

export type RestaurantFormSchema = z.ZodType<RestaurantFormOutput, RestaurantFormValues>;

/** The role's schema, and the form values of a restaurant (defaults of a new one: active). */
export function restaurantFormFor(isManager: boolean): {
  schema: RestaurantFormSchema;
  values: (r: Restaurant | null) => RestaurantFormValues;
} {
  return {
    schema: isManager ? managerRestaurantForm : adminRestaurantForm,
    values: (r) => {
      const base = {
        name: r?.name ?? '',
        slug: r?.slug ?? '',
        address: r?.address ?? '',
        phone_number: r?.phone_number ?? '',
        work_time: r?.work_time ?? '',
        bot_token: r?.bot_token ?? '',
        channel_id: r?.channel_id ?? '',
        translations: translationFormValues(TRANSLATED_FIELDS.restaurant, r?.translations),
      };
      return isManager ? base : { ...base, manager_id: r?.manager_id ?? '', is_active: r?.is_active ?? true };
    },
  };
}
