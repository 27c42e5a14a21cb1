/**
 * The restaurant create/edit form (spec 2, 4, 5), used by the form page (admins) and the edit
 * dialog (managers). Required: name, slug, address, phone_number, work_time; for non-manager
 * roles also the manager and the active flag. Edits send only the changed fields; nothing changed
 * means an info toast and no call. Image and logotype go through `/manager/upload` once the
 * restaurant exists (after the create, or with the edit).
 */
import { changedFields, hasChanges } from '@qrmenu/shared/api';
import { useCreateRestaurant, useUpdateRestaurant, useUploadRestaurantImage } from '@qrmenu/shared/query';
import {
  RESTAURANT_TYPE_MANUAL,
  type Restaurant,
  type RestaurantUpdateBody,
  type UploadTargetType,
} from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  applyServerErrors,
  Button,
  Field,
  formResolver,
  HStack,
  ImageOrDefault,
  notify,
  SelectField,
  SimpleGrid,
  Skeleton,
  Stack,
  SwitchField,
  Text,
  TextField,
} from '@qrmenu/shared/ui';
import { useEffect, useId, useState } from 'react';
import { type FieldValues, type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { useManagerOptions } from '../managers/useManagerOptions';
import {
  adminRestaurantForm,
  comparableOf,
  emptyFormValues,
  formValuesOf,
  managerRestaurantForm,
  type RestaurantFormOutput,
  type RestaurantFormValues,
} from './formSchema';

export interface RestaurantFormProps {
  /** The restaurant to edit; absent = create. */
  restaurant?: Restaurant | null;
  /** Managers have no manager or active selector. */
  isManager: boolean;
  /** After a successful save (with the saved restaurant when the server answered it). */
  onSaved?: (restaurant: Restaurant | null) => void;
  onCancel?: () => void;
}

type TextFieldName = 'name' | 'slug' | 'address' | 'phone_number' | 'work_time' | 'bot_token' | 'channel_id';
const TEXT_FIELDS: { name: TextFieldName; required: boolean; placeholder?: string }[] = [
  { name: 'name', required: true },
  { name: 'slug', required: true, placeholder: 'masalan: rayhon-milliy' },
  { name: 'address', required: true },
  { name: 'phone_number', required: true, placeholder: '+998 90 123 45 67' },
  { name: 'work_time', required: true, placeholder: '09:00 - 23:00' },
  { name: 'bot_token', required: false },
  { name: 'channel_id', required: false },
];

/** Object URLs of the chosen pictures, revoked when replaced or unmounted. */
function usePreviews(files: Record<UploadTargetType, File | null>): Record<UploadTargetType, string | null> {
  const [urls, setUrls] = useState<Record<UploadTargetType, string | null>>({ image: null, logotype: null });
  useEffect(() => {
    const canPreview = typeof URL.createObjectURL === 'function';
    const next = {
      image: files.image && canPreview ? URL.createObjectURL(files.image) : null,
      logotype: files.logotype && canPreview ? URL.createObjectURL(files.logotype) : null,
    };
    setUrls(next);
    return () => {
      for (const url of Object.values(next)) if (url) URL.revokeObjectURL(url);
    };
  }, [files]);
  return urls;
}

export function RestaurantForm({ restaurant, isManager, onSaved, onCancel }: RestaurantFormProps) {
  const isEdit = Boolean(restaurant);
  const idPrefix = useId();
  const schema = isManager ? managerRestaurantForm : adminRestaurantForm;
  const form = useForm<RestaurantFormValues, unknown, RestaurantFormOutput>({
    resolver: formResolver(schema) as unknown as Resolver<
      RestaurantFormValues,
      unknown,
      RestaurantFormOutput
    >,
    defaultValues: restaurant ? formValuesOf(restaurant, isManager) : emptyFormValues(isManager),
  });
  // The form is passed to the facade's fields explicitly (no FormProvider), so the fields do not
  // depend on a react-hook-form context being shared across the federation boundary.
  const bound = form as unknown as UseFormReturn<RestaurantFormValues, unknown, FieldValues>;
  const { managers, isLoading: managersLoading } = useManagerOptions({
    enabled: !isManager,
    currentManagerId: restaurant?.manager_id ?? null,
  });
  const create = useCreateRestaurant();
  const update = useUpdateRestaurant();
  const upload = useUploadRestaurantImage();
  const [files, setFiles] = useState<Record<UploadTargetType, File | null>>({ image: null, logotype: null });
  const previews = usePreviews(files);
  const busy = create.isPending || update.isPending || upload.isPending;

  /** Uploads the chosen pictures; true when all went through. */
  const uploadFiles = async (restaurantId: string): Promise<boolean> => {
    let ok = true;
    for (const type of ['image', 'logotype'] as const) {
      const file = files[type];
      if (!file) continue;
      try {
        await upload.mutateAsync({ restaurantId, type, files: [file] });
      } catch {
        ok = false;
        notify.error(t.uploadError);
      }
    }
    if (ok && (files.image || files.logotype)) notify.success(t.imageUploaded);
    setFiles({ image: null, logotype: null });
    return ok;
  };

  const onSubmit = async (values: RestaurantFormOutput) => {
    if (!restaurant) {
      let created: Restaurant;
      try {
        created = await create.mutateAsync({
          name: values.name,
          slug: values.slug,
          address: values.address,
          phone_number: values.phone_number,
          work_time: values.work_time,
          manager_id: values.manager_id ?? null,
          is_active: values.is_active ?? true,
          bot_token: values.bot_token,
          channel_id: values.channel_id,
          type: RESTAURANT_TYPE_MANUAL,
        });
      } catch (err) {
        notify.error(t.restaurantCreateError);
        // Also under the fields: 400 details; 409 is the slug (taken managers are not offered).
        applyServerErrors(bound, err, 'slug', t.slugTaken);
        return;
      }
      notify.success(t.restaurantCreated);
      await uploadFiles(created._id);
      onSaved?.(created);
      return;
    }

    const changed = changedFields(comparableOf(restaurant, isManager), values) as RestaurantUpdateBody;
    const hasFiles = Boolean(files.image || files.logotype);
    if (!hasChanges(changed) && !hasFiles) {
      notify.info(t.noChanges);
      return;
    }
    if (!restaurant.slug) {
      notify.error(t.slugMissing);
      return;
    }
    let saved: Restaurant | null = restaurant;
    if (hasChanges(changed)) {
      try {
        saved = await update.mutateAsync({ slug: restaurant.slug, changed });
      } catch (err) {
        notify.error(t.editError);
        applyServerErrors(bound, err, 'slug' in changed ? 'slug' : undefined, t.slugTaken);
        return;
      }
      notify.success(t.restaurantUpdated);
    }
    if (hasFiles) await uploadFiles(restaurant._id);
    form.reset(saved ? formValuesOf(saved, isManager) : form.getValues());
    onSaved?.(saved);
  };

  const fieldId = (name: string) => `${idPrefix}-${name}`;

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate data-testid="restaurant-form">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {TEXT_FIELDS.map((f) => (
            <TextField<RestaurantFormValues>
              key={f.name}
              form={bound}
              name={f.name}
              required={f.required}
              placeholder={f.placeholder}
              autoComplete="off"
            />
          ))}
          {isManager ? null : managersLoading ? (
            // The select mounts once its options exist, so that it shows the stored manager.
            <Skeleton height="16" data-testid="manager-select-loading" />
          ) : (
            <SelectField<RestaurantFormValues>
              form={bound}
              name="manager_id"
              required
              options={managers.map((m) => ({ value: m._id, label: m.login }))}
            />
          )}
          {isManager ? null : (
            <SwitchField<RestaurantFormValues> name="is_active" label={t.status} form={bound} />
          )}
        </SimpleGrid>

        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {(['image', 'logotype'] as const).map((type) => (
            <Field.Root key={type}>
              <Field.Label htmlFor={fieldId(type)}>{t.fields[type]}</Field.Label>
              <HStack gap="3" align="center" w="100%">
                <ImageOrDefault
                  src={previews[type] ?? restaurant?.[type] ?? null}
                  alt={t.fields[type]}
                  boxSize="14"
                  borderRadius="md"
                  flexShrink={0}
                  data-testid={`current-${type}`}
                />
                {/* The native picker's own texts are not Uzbek: it stays hidden behind an Uzbek button. */}
                <input
                  id={fieldId(type)}
                  type="file"
                  name={type}
                  accept="image/jpeg,image/png,image/webp,image/gif"
                  hidden
                  onChange={(e) => {
                    const file = e.currentTarget.files?.[0] ?? null;
                    setFiles((prev) => ({ ...prev, [type]: file }));
                  }}
                />
                <Stack gap="1" minW="0">
                  <Button asChild size="sm" variant="outline" cursor="pointer" w="fit-content">
                    <label htmlFor={fieldId(type)}>{t.uploadImage}</label>
                  </Button>
                  <Text fontSize="xs" color="fg.muted" truncate>
                    {files[type]?.name ?? (restaurant?.[type] ? '' : t.noImage)}
                  </Text>
                </Stack>
              </HStack>
            </Field.Root>
          ))}
        </SimpleGrid>

        <HStack justify="flex-end" gap="2" flexWrap="wrap">
          {onCancel ? (
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              {t.cancel}
            </Button>
          ) : null}
          <Button type="submit" colorPalette="blue" loading={busy} data-testid="restaurant-submit">
            {isEdit ? t.save : t.create}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
