/**
 * Integration create (spec 2, 5): pick an external restaurant (`/admin/integration/restaurants`)
 * and a manager (`/admin/managers`); both are required.
 */
import { useCreateIntegrationRestaurant, useIntegrationRestaurants } from '@qrmenu/shared/query';
import { type IntegrationCreateBody, integrationCreateBody } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  Button,
  Dialog,
  Field,
  formResolver,
  NativeSelect,
  notify,
  Portal,
  Stack,
  Text,
} from '@qrmenu/shared/ui';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useManagerOptions } from '../managers/useManagerOptions';

const EMPTY: IntegrationCreateBody = { id: '', manager_id: '' };

export function IntegrationCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const external = useIntegrationRestaurants({ enabled: open });
  const { managers, isLoading: managersLoading } = useManagerOptions({ enabled: open });
  const create = useCreateIntegrationRestaurant();
  const form = useForm<IntegrationCreateBody>({
    resolver: formResolver(integrationCreateBody),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const invalid = Boolean(errors.id || errors.manager_id);

  useEffect(() => {
    if (!open) form.reset(EMPTY);
  }, [open, form]);

  const onValid = (body: IntegrationCreateBody) =>
    create.mutate(body, {
      onSuccess: () => {
        notify.success(t.restaurantCreated);
        onClose();
      },
      onError: () => notify.error(t.restaurantCreateError),
    });
  const onInvalid = () => notify.error(t.selectRestaurantAndManager);

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        if (!e.open && !create.isPending) onClose();
      }}
      placement="center"
      size={{ base: 'full', sm: 'md' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate data-testid="integration-form">
              <Dialog.Header>
                <Dialog.Title>{t.addIntegrationRestaurant}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root invalid={Boolean(errors.id)} required>
                    <Field.Label>{t.fields.id}</Field.Label>
                    <NativeSelect.Root disabled={external.isPending}>
                      <NativeSelect.Field {...form.register('id')} aria-label={t.fields.id}>
                        <option value="">{t.select}</option>
                        {(external.data ?? []).map((r) => (
                          <option key={r.id} value={r.id}>
                            {r.name}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    {external.isError ? <Text color="red.600">{t.listLoadError}</Text> : null}
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.manager_id)} required>
                    <Field.Label>{t.fields.manager_id}</Field.Label>
                    <NativeSelect.Root disabled={managersLoading}>
                      <NativeSelect.Field {...form.register('manager_id')} aria-label={t.fields.manager_id}>
                        <option value="">{t.select}</option>
                        {managers.map((m) => (
                          <option key={m._id} value={m._id}>
                            {m.login}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  {invalid ? (
                    <Text color="red.600" role="alert" data-testid="integration-error">
                      {t.selectRestaurantAndManager}
                    </Text>
                  ) : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={create.isPending}>
                  {t.cancel}
                </Button>
                <Button type="submit" colorPalette="blue" loading={create.isPending}>
                  {t.create}
                </Button>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
