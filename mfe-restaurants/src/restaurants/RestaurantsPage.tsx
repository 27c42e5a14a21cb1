/**
 * `/admin/restaurants`: the restaurant table (docs/SCREENS.md, "Restaurants"). Admins: every restaurant, counters,
 * create, integration create, sync, delete. Managers: only their own restaurant, no counters,
 * no delete, no sync, links without the /admin prefix.
 */
import { restaurants } from '@qrmenu/shared/resources';
import type { Restaurant } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  Button,
  LoadingSkeleton,
  Page,
  PageState,
  Pagination,
  useFormDialog,
  usePagination,
  usePaths,
  useResourceDelete,
} from '@qrmenu/shared/ui';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useRestaurantsScope } from '../common/useRestaurantsScope';
import { LazyIntegrationCreateDialog, LazyPosConnectDialog, LazyRestaurantEditDialog } from './dialogs';
import { RestaurantCounters } from './RestaurantCounters';
import { RestaurantsTable, sortByVisits, type VisitSort } from './RestaurantsTable';

export default function RestaurantsPage() {
  const { isManager, isAdmin, query } = useRestaurantsScope();
  const paths = usePaths();
  const navigate = useNavigate();
  // "30 kun" (admins): the list sorted by the guests' visits, before it is cut into pages
  const visits = isManager ? undefined : query.data?.visits_30d;
  const [visitSort, setVisitSort] = useState<VisitSort>('none');
  const rows = useMemo(
    () => sortByVisits(query.data?.restaurants, visits, visitSort),
    [query.data?.restaurants, visits, visitSort],
  );
  const pagination = usePagination(rows);
  const edit = useFormDialog<Restaurant>();
  const integration = useFormDialog<never>();
  const pos = useFormDialog<never>();
  const confirmDelete = useResourceDelete(restaurants.remove);
  const canAdminister = !isManager;

  const actions = canAdminister ? (
    <>
      <Button colorPalette="blue" size="sm" onClick={() => navigate(paths.restaurantNew)}>
        {t.addRestaurant}
      </Button>
      <Button variant="outline" size="sm" onClick={integration.openCreate}>
        {t.integration}
      </Button>
      <Button variant="outline" size="sm" onClick={pos.openCreate}>
        {t.posAdd}
      </Button>
    </>
  ) : null;

  return (
    <Page title={t.restaurants} actions={actions} testId="restaurants-page">
      {canAdminister ? (
        <RestaurantCounters counts={query.data?.counts ?? null} loading={query.isPending} />
      ) : null}
      <PageState
        query={query}
        errorText={t.listLoadError}
        isEmpty={(d) => d.restaurants.length === 0}
        emptyText={isManager ? t.noRestaurantForManager : t.noRestaurants}
        loading={<LoadingSkeleton rows={6} />}
      >
        {() => (
          <>
            <RestaurantsTable
              rows={pagination.items}
              offset={pagination.offset}
              isAdmin={isAdmin}
              paths={paths}
              onEdit={(r) => (isManager ? edit.openEdit(r) : navigate(paths.restaurantEdit(r)))}
              onDelete={confirmDelete.ask}
              visits={visits}
              visitSort={visitSort}
              onSortVisits={() => setVisitSort((s) => (s === 'desc' ? 'asc' : 'desc'))}
            />
            {pagination.total > pagination.pageSize ? <Pagination state={pagination} /> : null}
          </>
        )}
      </PageState>
      {confirmDelete.dialog}
      {isManager ? <LazyRestaurantEditDialog dialog={edit} /> : null}
      {canAdminister ? <LazyIntegrationCreateDialog dialog={integration} /> : null}
      {canAdminister ? <LazyPosConnectDialog dialog={pos} /> : null}
    </Page>
  );
}
