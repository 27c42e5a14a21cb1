/**
 * `/admin/restaurants`: the restaurant table (docs/SCREENS.md, "Restaurants"). Admins: every restaurant, counters,
 * create, integration create, sync, delete. Managers: only their own restaurant, no counters,
 * no delete, no sync, links without the /admin prefix.
 */
import { ADMIN_PAGE_SIZE, useAdminRestaurantsPage } from '@qrmenu/shared/query';
import { restaurants } from '@qrmenu/shared/resources';
import type { Restaurant } from '@qrmenu/shared/schemas';
import { useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import {
  Button,
  combineQueries,
  LoadingSkeleton,
  Page,
  PageState,
  Pagination,
  pageSteps,
  useFormDialog,
  usePaths,
  useResourceDelete,
} from '@qrmenu/shared/ui';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ScopedRestaurants } from '../common/useRestaurantsScope';
import { LazyIntegrationCreateDialog, LazyPosConnectDialog, LazyRestaurantEditDialog } from './dialogs';
import { RestaurantCounters } from './RestaurantCounters';
import { RestaurantsTable, type VisitSort } from './RestaurantsTable';

const SORT_PARAM = { none: undefined, desc: 'visits_desc', asc: 'visits_asc' } as const;

/**
 * Admins: one page of the restaurants at a time, as the server reads it (in the order of "30
 * kun" when sorted by it), with the counters of all; the page before stays shown while the next
 * one loads. A manager: its own restaurant.
 */
function useRestaurantsPage(isManager: boolean, page: number, visitSort: VisitSort) {
  const admin = useAdminRestaurantsPage(String(page), SORT_PARAM[visitSort], {
    enabled: !isManager,
    placeholderData: (previous) => previous,
  });
  const mine = restaurants.useMine({ enabled: isManager });
  const data = useMemo<ScopedRestaurants | undefined>(() => {
    if (!isManager) return admin.data;
    if (mine.data === undefined) return undefined;
    return { restaurants: mine.data ? [mine.data] : [], counts: null };
  }, [isManager, admin.data, mine.data]);
  return combineQueries([isManager ? mine : admin], data);
}

export default function RestaurantsPage() {
  const { isManager, isAdmin } = useSession();
  const paths = usePaths();
  const navigate = useNavigate();
  const [visitSort, setVisitSort] = useState<VisitSort>('none');
  const [page, setPage] = useState(1);
  const query = useRestaurantsPage(isManager, page, visitSort);
  const visits = isManager ? undefined : query.data?.visits_30d;
  const total = query.data?.counts?.all_count ?? query.data?.restaurants.length ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  // past the end (the list shrank: a delete): the last page
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  const pagination = pageSteps(page, pages, setPage);
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
              rows={query.data?.restaurants ?? []}
              offset={isManager ? 0 : (page - 1) * ADMIN_PAGE_SIZE}
              isAdmin={isAdmin}
              paths={paths}
              onEdit={(r) => (isManager ? edit.openEdit(r) : navigate(paths.restaurantEdit(r)))}
              onDelete={confirmDelete.ask}
              visits={visits}
              visitSort={visitSort}
              onSortVisits={() => {
                setVisitSort((s) => (s === 'desc' ? 'asc' : 'desc'));
                setPage(1);
              }}
            />
            {total > ADMIN_PAGE_SIZE ? <Pagination state={pagination} /> : null}
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
