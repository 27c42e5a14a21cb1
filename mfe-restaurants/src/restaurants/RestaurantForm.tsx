/**
 * The restaurant create/edit form (docs/SCREENS.md, "Restaurant form"), one body for the form page (admins) and the
 * edit dialog (managers): `useRestaurantForm` gives the kit's EntityForm/FormDialog their save
 * (create; edits of the changed fields only) and the body. Image and logotype go through
 * `/manager/upload` once the restaurant exists (after the create, or with the edit).
 */

import {
  type EntityFormOptions,
  type EntityFormReturn,
  SelectField,
  SwitchField,
  TextField,
  TranslatableFields,
} from '@qrmenu/shared/forms';
import { useCreateRestaurant, useUpdateRestaurant, useUploadRestaurantImage } from '@qrmenu/shared/query';
import {
  filledTranslations,
  RESTAURANT_TYPE_MANUAL,
  type Restaurant,
  TRANSLATED_FIELDS,
} from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  ImageUploadField,
  notify,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  useImageUpload,
} from '@qrmenu/shared/ui';
import { type ReactNode, useCallback } from 'react';
import { useWatch } from 'react-hook-form';
import { NoFreeManager } from '../managers/NoFreeManager';
import { useManagerOptions } from '../managers/useManagerOptions';
import { type RestaurantFormSchema, type RestaurantFormValues, restaurantFormFor } from './formSchema';
import { SlugFromName, SlugHint } from './SlugFromName';
import { TelegramPanel } from './TelegramPanel';

type TextFieldName = 'name' | 'slug' | 'phone_number' | 'bot_token' | 'channel_id';
const TEXT_FIELDS: { name: TextFieldName; required: boolean; placeholder?: string }[] = [
  { name: 'name', required: true },
  { name: 'slug', required: true, placeholder: 'masalan: rayhon-milliy' },
  { name: 'phone_number', required: true, placeholder: '+998 90 123 45 67' },
  { name: 'bot_token', required: false },
  { name: 'channel_id', required: false },
];
/** In the language tabs (the guests' page shows them in the guest's language). */
const PLACEHOLDERS: Record<string, string> = { work_time: '09:00 - 23:00' };
const PICTURES = ['image', 'logotype'] as const;

/**
 * Shown while an edit changes the slug: the menu's address (and so its QR code) changes; the old
 * address keeps redirecting (docs/PRODUCT.md, "Slugs that moved"), which the text says as the server does it.
 */
function SlugChangeWarning({
  form,
  savedSlug,
}: {
  form: EntityFormReturn<RestaurantFormSchema>;
  savedSlug: string;
}) {
  const slug = useWatch({ control: form.control, name: 'slug' });
  if (typeof slug !== 'string' || slug.trim() === '' || slug.trim() === savedSlug) return null;
  return (
    <Text
      role="status"
      fontSize="sm"
      color="orange.800"
      bg="orange.50"
      borderWidth="1px"
      borderColor="orange.200"
      borderRadius="md"
      p="3"
      data-testid="slug-change-warning"
    >
      {t.qr.slugChangeWarning}
    </Text>
  );
}

export type RestaurantFormOptions = Omit<
  EntityFormOptions<Restaurant, RestaurantFormSchema, Restaurant, Restaurant>,
  'record'
>;

export interface RestaurantForm {
  options: RestaurantFormOptions;
  body: (form: EntityFormReturn<RestaurantFormSchema>) => ReactNode;
  /** Drops chosen pictures (a dialog closed without saving). */
  reset: () => void;
}

/** The form of `restaurant` (null: a new one) for the role. */
export function useRestaurantForm(isManager: boolean, restaurant: Restaurant | null): RestaurantForm {
  const create = useCreateRestaurant();
  const update = useUpdateRestaurant();
  const upload = useUploadRestaurantImage();
  const pictures = { image: useImageUpload(), logotype: useImageUpload() };
  const managers = useManagerOptions({
    enabled: !isManager,
    currentManagerId: restaurant?.manager_id ?? null,
  });
  const { schema, values } = restaurantFormFor(isManager);

  /** Uploads the chosen pictures of the saved restaurant: one toast for all of them. */
  const uploadPictures = async (restaurantId: string) => {
    const chosen = PICTURES.filter((type) => pictures[type].hasFiles);
    let ok = true;
    for (const type of chosen) {
      const sent = await pictures[type].uploadAll((file) =>
        upload.mutateAsync({ restaurantId, type, files: [file] }),
      );
      ok &&= sent;
    }
    if (chosen.length > 0 && ok) notify.success(t.imageUploaded);
  };

  const options: RestaurantFormOptions = {
    schema,
    values,
    texts: {
      created: t.restaurantCreated,
      updated: t.restaurantUpdated,
      createError: t.restaurantCreateError,
      updateError: t.editError,
    },
    // 409: the slug (managers already running a restaurant are not offered)
    conflict: { field: 'slug', text: t.slugTaken },
    guard: (r) => (r.slug ? undefined : t.slugMissing),
    hasPendingExtras: pictures.image.hasFiles || pictures.logotype.hasFiles,
    onCreate: (v) =>
      create.mutateAsync({
        ...v,
        manager_id: v.manager_id ?? null,
        is_active: v.is_active ?? true,
        translations: filledTranslations(v.translations),
        type: RESTAURANT_TYPE_MANUAL,
      }),
    onUpdate: (changed, r) => update.mutateAsync({ slug: r.slug, changed }),
    afterSave: (saved, r) => {
      const id = r?._id ?? saved?._id;
      return id ? uploadPictures(id) : undefined;
    },
  };

  const body = (form: EntityFormReturn<RestaurantFormSchema>) => (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {TEXT_FIELDS.map((f) => (
          <TextField<RestaurantFormValues>
            key={f.name}
            form={form}
            name={f.name}
            required={f.required}
            placeholder={f.placeholder}
            autoComplete="off"
            helperText={
              f.name === 'slug' ? (
                <SlugHint form={form} />
              ) : f.name === 'bot_token' && restaurant?.bot_token ? (
                t.telegram.tokenHint
              ) : undefined
            }
          />
        ))}
        {restaurant ? <TelegramPanel restaurantId={restaurant._id} /> : null}
        {restaurant ? null : <SlugFromName form={form} />}
        {isManager ? null : managers.isLoading ? (
          // The select mounts once its options exist, so that it shows the stored manager.
          <Skeleton height="16" data-testid="manager-select-loading" />
        ) : (
          <SelectField<RestaurantFormValues>
            form={form}
            name="manager_id"
            required
            options={managers.managers.map((m) => ({ value: m._id, label: m.login }))}
          />
        )}
        {!isManager &&
        !restaurant &&
        !managers.isLoading &&
        !managers.isError &&
        managers.managers.length === 0 ? (
          <NoFreeManager />
        ) : null}
        {isManager ? null : (
          <SwitchField<RestaurantFormValues> form={form} name="is_active" label={t.status} />
        )}
      </SimpleGrid>
      <TranslatableFields<RestaurantFormValues> form={form} fields={TRANSLATED_FIELDS.restaurant}>
        {(tab) => (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {TRANSLATED_FIELDS.restaurant.map((name) => (
              <TextField<RestaurantFormValues>
                key={name}
                form={form}
                {...tab.field(name, { required: true })}
                placeholder={PLACEHOLDERS[name]}
                autoComplete="off"
              />
            ))}
          </SimpleGrid>
        )}
      </TranslatableFields>
      {restaurant ? <SlugChangeWarning form={form} savedSlug={restaurant.slug} /> : null}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {PICTURES.map((type) => (
          <ImageUploadField
            key={type}
            upload={pictures[type]}
            label={t.fields[type]}
            name={type}
            current={restaurant?.[type]}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );

  const clearImage = pictures.image.clear;
  const clearLogotype = pictures.logotype.clear;
  const reset = useCallback(() => {
    clearImage();
    clearLogotype();
  }, [clearImage, clearLogotype]);
  return { options, body, reset };
}
