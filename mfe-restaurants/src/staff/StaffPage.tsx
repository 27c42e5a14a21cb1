/**
 * «Xodimlar» (docs/SCREENS.md, "Xodimlar"): a manager's own restaurant at `/staff`, an admin's
 * for a restaurant at `/admin/staff/:id`. Its waiters and kitchen (a form to add one, the list
 * with each one's actions), the tables each waiter serves by zone, and the devices that stay
 * signed in.
 */
import { ROUTES } from '@qrmenu/shared/paths';
import { useStaff } from '@qrmenu/shared/query';
import { useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import {
  Badge,
  LoadingSkeleton,
  Page,
  PageState,
  Stack,
  StatusBadge,
  Table,
  useRouteParams,
} from '@qrmenu/shared/ui';
import { DevicesSection } from './DevicesSection';
import { FloorSection } from './FloorSection';
import { StaffActions } from './StaffActions';
import { StaffCreateForm } from './StaffCreateForm';

export default function StaffPage() {
  const { id } = useRouteParams(ROUTES.admin.staff, ROUTES.manager.staff);
  const { isAdmin } = useSession();
  const staff = useStaff(id);

  return (
    <Page title={t.staff.title} back={isAdmin ? true : undefined} maxW="5xl" testId="staff-page">
      <Stack gap="6">
        <StaffCreateForm restaurantId={id} />
        <PageState
          query={staff}
          errorText={t.staff.loadError}
          emptyText={t.staff.empty}
          loading={<LoadingSkeleton rows={3} />}
        >
          {(list) => (
            // focusable, so that a keyboard can scroll the table when a phone cuts it
            <Table.ScrollArea
              borderWidth="1px"
              borderRadius="md"
              tabIndex={0}
              role="region"
              aria-label={t.staff.title}
            >
              <Table.Root
                size="sm"
                data-testid="staff-table"
                css={{ '& td': { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}
              >
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader w="10">{t.number}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t.fields.login}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t.staff.name}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t.staff.role}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t.staff.tables}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t.staff.telegram}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t.staff.pin}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t.status}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t.actions}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {list.map((m, i) => (
                    <Table.Row key={m._id} data-testid="staff-row">
                      <Table.Cell>{i + 1}</Table.Cell>
                      <Table.Cell>{m.login}</Table.Cell>
                      <Table.Cell>{m.name ?? '—'}</Table.Cell>
                      <Table.Cell>{t.staff.roles[m.role]}</Table.Cell>
                      <Table.Cell>{m.role === 'waiter' ? m.tables : '—'}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={m.telegram_linked ? 'green' : 'gray'}>
                          {m.telegram_linked ? t.staff.linked : t.staff.notLinked}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell>{m.has_pin ? t.staff.pinSet : t.staff.pinNone}</Table.Cell>
                      <Table.Cell>
                        <StatusBadge active={m.is_active} />
                      </Table.Cell>
                      <Table.Cell>
                        <StaffActions member={m} />
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </PageState>
        <FloorSection restaurantId={id} staff={staff.data ?? []} />
        <DevicesSection restaurantId={id} />
      </Stack>
    </Page>
  );
}
