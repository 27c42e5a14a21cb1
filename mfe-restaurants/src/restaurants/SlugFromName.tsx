/**
 * The slug of a new restaurant, suggested from its name (Uzbek letters transliterated, o' and g'
 * included) until the admin types a slug of their own; and the one line under the field that
 * says what a slug is: the address of the guests' menu.
 */
import type { EntityFormReturn } from '@qrmenu/shared/forms';
import { publicMenuUrl } from '@qrmenu/shared/runtime-config';
import { slugify } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import type { RestaurantFormSchema } from './formSchema';

type Form = EntityFormReturn<RestaurantFormSchema>;

/** Follows the name into the slug while the slug was not typed by hand (renders nothing). */
export function SlugFromName({ form }: { form: Form }) {
  const name = useWatch({ control: form.control, name: 'name' });
  useEffect(() => {
    // typed by hand: left alone (emptied again: suggested again)
    if (form.getFieldState('slug').isDirty) return;
    const suggested = slugify(typeof name === 'string' ? name : '', '');
    if (form.getValues('slug') !== suggested) form.setValue('slug', suggested, { shouldDirty: false });
  }, [form, name]);
  return null;
}

/** "Mehmonlar menyusining manzili: https://…/m/<slug>", the slug as typed. */
export function SlugHint({ form }: { form: Form }) {
  const slug = useWatch({ control: form.control, name: 'slug' });
  const shown = typeof slug === 'string' && slug.trim() ? slug.trim() : '…';
  return <>{t.slugHint(publicMenuUrl(shown).replace(encodeURIComponent('…'), '…'))}</>;
}
