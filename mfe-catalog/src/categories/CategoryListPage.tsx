/**
 * `/admin/categoryList/:id` (admins: the restaurant's id) and `/categoryList` (a manager: its own
 * restaurant). Counters, the list with status toggles, create/edit dialog, delete with Ha / Yo'q.
 * The API answers 404 for a restaurant the caller may not see: the page says it is not found.
 */
import { categories as resource, restaurants } from '@qrmenu/shared/resources';
import { useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import {
  Button,
  ListPage,
  ListState,
  LoadingSkeleton,
  usePaths,
  useResourceList,
  useRouteParams,
} from '@qrmenu/shared/ui';
import { lazy } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMoveCategory } from '../common/moves';
import { StatusCounters } from '../common/StatusCounters';
import { CategoryList } from './CategoryList';

const loadCategoryDialog = () => import('./CategoryDialog');
const CategoryDialog = lazy(loadCategoryDialog);

/** "Tarjimalar": what is still untranslated in this restaurant (a plain link, opened in-app). */
function UntranslatedLink({ href }: { href: string }) {
  const navigate = useNavigate();
  return (
    <Button asChild variant="outline" minH="11">
      <a
        href={href}
        onClick={(e) => {
          e.preventDefault();
          navigate(href);
        }}
      >
        {t.translations.open}
      </a>
    </Button>
  );
}

export default function CategoryListPage() {
  const { id: restaurantParam } = useRouteParams(...resource.routes.list);
  const { isManager } = useSession();
  const paths = usePaths();
  // the address's restaurant when it names one (the server refuses another's with 404), else the manager's own
  const list = useResourceList(resource, resource.useList(restaurantParam), loadCategoryDialog);
  const mine = restaurants.useMine({ enabled: isManager && !restaurantParam });
  const restaurantId = restaurantParam ?? mine.data?._id;
  const move = useMoveCategory(restaurantParam);
  const found = !list.query.isError;

  return (
    <ListPage
      list={list}
      back={paths.restaurantsBack}
      actions={
        found && restaurantId ? <UntranslatedLink href={paths.untranslated({ restaurantId })} /> : null
      }
      canCreate={found}
      createDisabled={!restaurantId}
      form={<CategoryDialog dialog={list.dialog} restaurantId={restaurantId} />}
      testId="category-list-page"
    >
      {found ? <StatusCounters items={list.query.data?.items} loading={list.query.isPending} /> : null}
      <ListState
        resource={resource}
        query={list.query}
        notFoundText={restaurantParam ? t.restaurantNotFound : t.noRestaurantForManager}
        loading={<LoadingSkeleton rows={6} height="14" />}
      >
        {(data) => (
          <CategoryList categories={data.items} paths={paths} {...list.rowActions} onMove={move.move} />
        )}
      </ListState>
    </ListPage>
  );
}
