/**
 * `/admin/categoryList/:id` (admins: the restaurant's id) and `/categoryList` (a manager: its own
 * restaurant). Counters, the list with status toggles, create/edit dialog, delete with Ha / Yo'q.
 * The API answers 404 for a restaurant the caller may not see: the page says it is not found.
 */
import { isMissing } from '@qrmenu/shared/api';
import { categories as resource, restaurants } from '@qrmenu/shared/resources';
import type { Category } from '@qrmenu/shared/schemas';
import { useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import {
  Button,
  CreateButton,
  LazyDialog,
  LoadingSkeleton,
  Page,
  PageState,
  useFormDialog,
  useIdlePreload,
  usePaths,
  useResourceDelete,
  useRouteParams,
} from '@qrmenu/shared/ui';
import { lazy } from 'react';
import { useNavigate } from 'react-router-dom';
import { BuildLabel } from '../common/BuildLabel';
import { useMoveCategory } from '../common/moves';
import { StatusCounters } from '../common/StatusCounters';
import { CategoryList } from './CategoryList';

// the form (and the schemas it needs) loads at idle after the page shows
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
  const categories = resource.useList(restaurantParam);
  const mine = restaurants.useMine({ enabled: isManager && !restaurantParam });
  const restaurantId = restaurantParam ?? mine.data?._id;
  useIdlePreload(loadCategoryDialog, categories.isSuccess);
  const dialog = useFormDialog<Category>();
  const confirmDelete = useResourceDelete(resource.remove);
  const move = useMoveCategory(restaurantParam);
  const found = !categories.isError;

  return (
    <Page
      title={resource.texts.title}
      back={paths.restaurantsBack}
      actions={
        found ? (
          <>
            {restaurantId ? <UntranslatedLink href={paths.untranslated({ restaurantId })} /> : null}
            <CreateButton onClick={dialog.openCreate} disabled={!restaurantId}>
              {resource.texts.add}
            </CreateButton>
          </>
        ) : null
      }
      testId="category-list-page"
    >
      {found ? <StatusCounters items={categories.data?.items} loading={categories.isPending} /> : null}
      <PageState
        query={categories}
        errorText={resource.texts.loadError}
        notFoundText={restaurantParam ? t.restaurantNotFound : t.noRestaurantForManager}
        isNotFound={isMissing}
        emptyText={resource.texts.empty}
        loading={<LoadingSkeleton rows={6} height="14" />}
      >
        {(list) => (
          <CategoryList
            categories={list.items}
            paths={paths}
            onEdit={dialog.openEdit}
            onDelete={confirmDelete.ask}
            onMove={move.move}
          />
        )}
      </PageState>
      <LazyDialog open={dialog.open}>
        <CategoryDialog dialog={dialog} restaurantId={restaurantId} />
      </LazyDialog>
      {confirmDelete.dialog}
      <BuildLabel />
    </Page>
  );
}
