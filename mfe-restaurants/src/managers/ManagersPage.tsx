/**
 * `/admin/managers` (extension: the spec has no way to create managers): the managers (deactivated
 * ones too), which restaurant each runs, a form to create one (login, password), and per manager
 * a password reset and deactivation / reactivation (ManagerAccountActions).
 */

import { EntityForm, PasswordField, TextField } from '@qrmenu/shared/forms';
import { useAdminRestaurants, useCreateManager, useManagerAccounts } from '@qrmenu/shared/query';
import { type ManagerCreateBody, managerCreateBody } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { Heading, LoadingSkeleton, Page, PageState, SimpleGrid, Stack } from '@qrmenu/shared/ui';
import { useMemo, useState } from 'react';
import { AccountsTable } from '../common/AccountsTable';
import { ManagerAccountActions } from './ManagerAccountActions';
import { BackToNewRestaurant } from './NoFreeManager';

const EMPTY: ManagerCreateBody = { login: '', password: '' };

function ManagerCreateForm() {
  const create = useCreateManager();
  // a fresh, empty form after each manager created
  const [round, setRound] = useState(0);
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }}>
      <Heading as="h2" size="md">
        {t.addManager}
      </Heading>
      <EntityForm
        key={round}
        schema={managerCreateBody}
        values={() => EMPTY}
        onCreate={(body) => create.mutateAsync(body)}
        onSaved={() => setRound((n) => n + 1)}
        texts={{ created: t.managerCreated, createError: t.managerCreateError }}
        // a taken login is said under the field alone (no generic toast beside it)
        conflict={{ field: 'login', text: t.loginTaken, toast: false }}
        submitText={t.add}
        testId="manager"
      >
        {(form) => (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <TextField form={form} name="login" required autoComplete="off" />
            <PasswordField form={form} name="password" purpose="new" />
          </SimpleGrid>
        )}
      </EntityForm>
      <BackToNewRestaurant created={round > 0} />
    </Stack>
  );
}

export default function ManagersPage() {
  const managers = useManagerAccounts();
  const restaurants = useAdminRestaurants();
  const byManager = useMemo(() => {
    const map = new Map<string, string>();
    for (const r of restaurants.data?.restaurants ?? []) if (r.manager_id) map.set(r.manager_id, r.name);
    return map;
  }, [restaurants.data]);

  return (
    <Page title={t.managers} maxW="4xl" testId="managers-page">
      <ManagerCreateForm />
      <PageState
        query={managers}
        errorText={t.listLoadError}
        emptyText={t.noManagers}
        loading={<LoadingSkeleton rows={4} />}
      >
        {(list) => (
          <AccountsTable
            label={t.managers}
            accounts={list}
            columns={[{ header: t.restaurants, cell: (m) => byManager.get(m._id) ?? '—' }]}
            actions={(m) => <ManagerAccountActions manager={m} />}
            testId="managers-table"
            rowTestId="manager-row"
          />
        )}
      </PageState>
    </Page>
  );
}
