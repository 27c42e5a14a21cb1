/**
 * Integration create (docs/SCREENS.md, "Integration dialog"): pick an external restaurant (`/admin/integration/restaurants`)
 * and a manager free to run it; both are required ('Iltimos, restoran va menedjer tanlang!').
 */

import { FormDialog, SelectField } from '@qrmenu/shared/forms';
import { useCreateIntegrationRestaurant, useIntegrationRestaurants } from '@qrmenu/shared/query';
import { type IntegrationCreateBody, integrationCreateBody } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { type FormDialogState, Text } from '@qrmenu/shared/ui';
import { useManagerOptions } from '../managers/useManagerOptions';
import { isIntegrationNotConfigured } from './notConfigured';

const EMPTY: IntegrationCreateBody = { id: '', manager_id: '' };

export function IntegrationCreateDialog({ dialog }: { dialog: FormDialogState<never> }) {
  const external = useIntegrationRestaurants({ enabled: dialog.open });
  const { managers, isLoading: managersLoading } = useManagerOptions({ enabled: dialog.open });
  const create = useCreateIntegrationRestaurant();
  return (
    <FormDialog
      dialog={dialog}
      title={t.addIntegrationRestaurant}
      testId="integration"
      schema={integrationCreateBody}
      values={() => EMPTY}
      onCreate={(body) => create.mutateAsync(body)}
      texts={{ created: t.restaurantCreated, createError: t.restaurantCreateError }}
      invalidText={t.selectRestaurantAndManager}
    >
      {(form) => (
        <>
          <SelectField
            form={form}
            name="id"
            required
            disabled={external.isPending}
            options={(external.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
          />
          {external.isError ? (
            <Text color="red.700" role="alert" data-testid="integration-list-error">
              {isIntegrationNotConfigured(external.error) ? t.integrationNotConfigured : t.listLoadError}
            </Text>
          ) : null}
          <SelectField
            form={form}
            name="manager_id"
            required
            disabled={managersLoading}
            options={managers.map((m) => ({ value: m._id, label: m.login }))}
          />
        </>
      )}
    </FormDialog>
  );
}
