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
import { Badge, LoadingSkeleton, Page, PageState, Stack, useRouteParams } from '@qrmenu/shared/ui';
import { AccountsTable } from '../common/AccountsTable';
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
            <AccountsTable
              label={t.staff.title}
              accounts={list}
              columns={[
                { header: t.staff.name, cell: (m) => m.name ?? '—' },
                { header: t.staff.role, cell: (m) => t.staff.roles[m.role] },
                { header: t.staff.tables, cell: (m) => (m.role === 'waiter' ? m.tables : '—') },
                {
                  header: t.staff.telegram,
                  cell: (m) => (
                    <Badge colorPalette={m.telegram_linked ? 'green' : 'gray'}>
                      {m.telegram_linked ? t.staff.linked : t.staff.notLinked}
                    </Badge>
                  ),
                },
                { header: t.staff.pin, cell: (m) => (m.has_pin ? t.staff.pinSet : t.staff.pinNone) },
              ]}
              actions={(m) => <StaffActions member={m} />}
              testId="staff-table"
              rowTestId="staff-row"
            />
          )}
        </PageState>
        <FloorSection restaurantId={id} staff={staff.data ?? []} />
        <DevicesSection restaurantId={id} />
      </Stack>
    </Page>
  );
}
