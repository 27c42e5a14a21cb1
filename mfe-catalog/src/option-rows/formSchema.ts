/**
 * The option-row form. No client checks on the name, the price or how many times the row may be
 * taken (docs/SCREENS.md, "Option rows"); the numbers are numeric inputs, and the form sends what
 * was typed, the server's 400 coming back as the save-failure toast (and a rule's reason under
 * its field).
 *
 * How a price is sent: a number when the input holds one (negative too: the server refuses it);
 * otherwise "" (an empty input). A number input reports text it cannot read as a number as empty
 * (the browser's value sanitization), so a non-numeric price is sent as "" like an empty one, and
 * on an edit it counts as a change (it differs from the stored price), so it is sent too.
 */
import { translationFormValues } from '@qrmenu/shared/forms';
import {
  type OptionRow,
  optionRow,
  TRANSLATED_FIELDS,
  type TranslationsPatch,
  translationSchemas,
} from '@qrmenu/shared/schemas';
import type { z } from 'zod';

export interface OptionRowFormValues {
  name: string;
  /** The NumberField's value: a number, undefined when empty, or text it could not read. */
  price?: number | string;
  /** Times it may be taken on one dish (sent as typed, like the price: the server checks it). */
  max_quantity?: number | string;
  is_default: boolean;
  translations?: TranslationsPatch<'name'>;
}

export interface OptionRowFormOutput {
  name: string;
  price: number | string;
  max_quantity: number | string;
  is_default: boolean;
  translations?: TranslationsPatch<'name'> | undefined;
}

// The entity's own fields (a plain string, a plain number), not the request's rules; a price that
// is not a number passes as text, and an empty one as "" (a key JSON keeps, unlike undefined).
export const optionRowFormSchema: z.ZodType<OptionRowFormOutput, OptionRowFormValues> = optionRow
  .pick({ name: true })
  .extend({
    price: optionRow.shape.price.or(optionRow.shape.name).default(''),
    max_quantity: optionRow.shape.max_quantity.or(optionRow.shape.name).default(''),
    is_default: optionRow.shape.is_default,
    translations: translationSchemas.optionRow.write.optional(),
  });

export function optionRowFormValues(row: OptionRow | null): OptionRowFormValues {
  return {
    name: row?.name ?? '',
    price: row?.price,
    max_quantity: row?.max_quantity ?? 1,
    is_default: row?.is_default ?? false,
    translations: translationFormValues(TRANSLATED_FIELDS.optionRow, row?.translations),
  };
}
