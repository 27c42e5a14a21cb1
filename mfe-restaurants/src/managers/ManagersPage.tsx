/**
 * `/admin/managers` (extension: the spec has no way to create managers): the managers (deactivated
 * ones too), which restaurant each runs, a form to create one (login, password), and per manager
 * a password reset and deactivation / reactivation (ManagerAccountActions).
 */

import { EntityForm, TextField } from '@qrmenu/shared/forms';
import { useAdminRestaurants, useCreateManager, useManagerAccounts } from '@qrmenu/shared/query';
import { type ManagerCreateBody, managerCreateBody } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  Heading,
  LoadingSkeleton,
  Page,
  PageState,
  SimpleGrid,
  Stack,
  StatusBadge,
  Table,
} from '@qrmenu/shared/ui';
import { useMemo, useState } from 'react';
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
            <TextField form={form} name="password" type="password" required autoComplete="new-password" />
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
          // focusable, so that a keyboard can scroll the table when a phone cuts it
          <Table.ScrollArea
            borderWidth="1px"
            borderRadius="md"
            tabIndex={0}
            role="region"
            aria-label={t.managers}
          >
            {/* a login or restaurant name of one long word wraps in its cell */}
            <Table.Root
              size="sm"
              data-testid="managers-table"
              css={{ '& td': { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
            >
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader w="10">{t.number}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.fields.login}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.restaurants}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.status}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t.actions}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((m, i) => (
                  <Table.Row key={m._id} data-testid="manager-row">
                    <Table.Cell>{i + 1}</Table.Cell>
                    <Table.Cell>{m.login}</Table.Cell>
                    <Table.Cell>{byManager.get(m._id) ?? '—'}</Table.Cell>
                    <Table.Cell>
                      <StatusBadge active={m.is_active} />
                    </Table.Cell>
                    <Table.Cell>
                      <ManagerAccountActions manager={m} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </PageState>
    </Page>
  );
}
