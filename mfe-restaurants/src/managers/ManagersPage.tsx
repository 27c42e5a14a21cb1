/**
 * `/admin/managers` (extension: the spec has no way to create managers): the managers (deactivated
 * ones too), which restaurant each runs, a form to create one (login, password), and per manager
 * a password reset and deactivation / reactivation (ManagerAccountActions).
 */

import { useAdminRestaurants, useCreateManager, useManagerAccounts } from '@qrmenu/shared/query';
import { type ManagerCreateBody, managerCreateBody } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import { LoadingSkeleton, Page, PageState } from '@qrmenu/shared/ui';
import { useMemo } from 'react';
import { AccountsTable } from '../common/AccountsTable';
import { NewAccountForm } from '../common/NewAccountForm';
import { ManagerAccountActions } from './ManagerAccountActions';
import { BackToNewRestaurant } from './NoFreeManager';

const EMPTY: ManagerCreateBody = { login: '', password: '' };

function ManagerCreateForm() {
  const create = useCreateManager();
  return (
    <NewAccountForm
      title={t.addManager}
      schema={managerCreateBody}
      empty={EMPTY}
      create={(body) => create.mutateAsync(body)}
      texts={{ created: t.managerCreated, createError: t.managerCreateError }}
      testId="manager"
      after={(created) => <BackToNewRestaurant created={created} />}
    />
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
