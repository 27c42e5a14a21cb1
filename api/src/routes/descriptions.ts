/** OpenAPI descriptions several route files share (not routes themselves). */

/** The translations every translatable entity's writes accept. */
export const TRANSLATIONS_RULE =
  '`translations` (optional; reads always carry it, with only filled values): `{ "ru": { "<field>": "..." }, "en": { ... } }` ' +
  "for the entity's translatable fields (category: title; product: name, description; option and option row: name; " +
  "restaurant: address, work_time), each with the rules of its Uzbek field. The spec's own fields stay the Uzbek value. " +
  'On an update a string sets that language\'s field, null or "" clears it, and a language or field not sent is left as it is.';

/** What every move of a list item answers. */
export const ORDER_NOTE =
  'position is the 0-based index of the item after the move; at or past the end puts it last. ' +
  'The other items keep their relative order; the list is numbered 0..n-1 again. ' +
  "Answers the whole list in its new order, as its read does. Another restaurant's item: 404.";
