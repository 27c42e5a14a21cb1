/**
 * `/admin/managers` (extension: the spec has no way to create managers): the managers, which
 * restaurant each runs, and a form to create one (login, password).
 */
import { useAdminRestaurants, useCreateManager, useManagers } from '@qrmenu/shared/query';
import { type ManagerCreateBody, managerCreateBody } from '@qrmenu/shared/schemas';
import { useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import {
  applyServerErrors,
  Box,
  Button,
  EmptyState,
  formResolver,
  Heading,
  LoadingSkeleton,
  notify,
  SimpleGrid,
  Stack,
  Table,
  TextField,
} from '@qrmenu/shared/ui';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { TokenMissing } from '../common/TokenMissing';

const EMPTY: ManagerCreateBody = { login: '', password: '' };

function ManagerCreateForm() {
  const create = useCreateManager();
  const form = useForm<ManagerCreateBody>({
    resolver: formResolver(managerCreateBody),
    defaultValues: EMPTY,
  });
  const onSubmit = (body: ManagerCreateBody) =>
    create.mutate(body, {
      onSuccess: () => {
        notify.success(t.managerCreated);
        form.reset(EMPTY);
      },
      onError: (err) => {
        notify.error(t.managerCreateError);
        applyServerErrors(form, err, 'login', t.loginTaken);
      },
    });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate data-testid="manager-form">
      <Stack gap="3" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }}>
        <Heading size="md">{t.addManager}</Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <TextField<ManagerCreateBody> form={form} name="login" required autoComplete="off" />
          <TextField<ManagerCreateBody>
            form={form}
            name="password"
            type="password"
            required
            autoComplete="new-password"
          />
        </SimpleGrid>
        <Box>
          <Button type="submit" colorPalette="blue" size="sm" loading={create.isPending}>
            {t.add}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}

export default function ManagersPage() {
  const session = useSession();
  const hasToken = session.token !== null;
  const managers = useManagers({ enabled: hasToken });
  const restaurants = useAdminRestaurants({ enabled: hasToken });
  const byManager = useMemo(() => {
    const map = new Map<string, string>();
    for (const r of restaurants.data?.restaurants ?? []) if (r.manager_id) map.set(r.manager_id, r.name);
    return map;
  }, [restaurants.data]);

  if (!hasToken) return <TokenMissing />;

  return (
    <Stack gap="4" p={{ base: '3', md: '6' }} maxW="4xl" data-testid="managers-page">
      <Heading size="lg">{t.managers}</Heading>
      <ManagerCreateForm />
      {managers.isPending ? (
        <LoadingSkeleton rows={4} />
      ) : managers.isError ? (
        <EmptyState message={t.listLoadError} />
      ) : (managers.data ?? []).length === 0 ? (
        <EmptyState message={t.noManagers} />
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" data-testid="managers-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader w="10">{t.number}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.fields.login}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.restaurants}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {(managers.data ?? []).map((m, i) => (
                <Table.Row key={m._id} data-testid="manager-row">
                  <Table.Cell>{i + 1}</Table.Cell>
                  <Table.Cell>{m.login}</Table.Cell>
                  <Table.Cell>{byManager.get(m._id) ?? '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
