/**
 * `/admin/categoryList/:id` (admins: the restaurant's id) and `/categoryList` (a manager: its own
 * restaurant). Counters, the list with status toggles, create/edit dialog, delete with Ha / Yo'q.
 * The API answers 404 for a restaurant the caller may not see: the page says it is not found.
 */
import { isMissing } from '@qrmenu/shared/api';
import { useDeleteCategory, useManagerCategories, useMyRestaurant } from '@qrmenu/shared/query';
import type { Category } from '@qrmenu/shared/schemas';
import { useSession } from '@qrmenu/shared/session';
import { t } from '@qrmenu/shared/texts';
import {
  Box,
  Button,
  LoadingSkeleton,
  Page,
  PageState,
  Text,
  useConfirmDelete,
  useFormDialog,
  usePaths,
} from '@qrmenu/shared/ui';
import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import { OnceOpened, useIdlePreload } from '../common/lazyDialog';
import { StatusCounters } from '../common/StatusCounters';
import { CategoryList } from './CategoryList';

// the form (and the schemas it needs) loads at idle after the page shows
const loadCategoryDialog = () => import('./CategoryDialog');
const CategoryDialog = lazy(loadCategoryDialog);

export default function CategoryListPage() {
  const { id: restaurantParam } = useParams();
  const { isManager } = useSession();
  const paths = usePaths();
  // the address's restaurant when it names one (the server refuses another's with 404), else the manager's own
  const categories = useManagerCategories(restaurantParam);
  const mine = useMyRestaurant({ enabled: isManager && !restaurantParam });
  const restaurantId = restaurantParam ?? mine.data?._id;
  useIdlePreload(loadCategoryDialog, categories.isSuccess);
  const dialog = useFormDialog<Category>();
  const remove = useDeleteCategory();
  const confirmDelete = useConfirmDelete<Category>({
    remove: (c) => remove.mutateAsync(c._id),
    successText: t.categoryDeleted,
    errorText: t.categoryDeleteError,
    describe: (c) => (
      <Box>
        <Text fontWeight="semibold">{c.title}</Text>
        <Text mt="2" color="red.700">
          {t.categoryDeleteWarning}
        </Text>
      </Box>
    ),
  });
  const found = !categories.isError;

  return (
    <Page
      title={t.categories}
      back={paths.restaurantsBack}
      actions={
        found ? (
          <Button
            colorPalette="blue"
            size="sm"
            minH="11"
            onClick={dialog.openCreate}
            disabled={!restaurantId}
          >
            {t.addCategory}
          </Button>
        ) : null
      }
      testId="category-list-page"
    >
      {found ? <StatusCounters items={categories.data?.items} loading={categories.isPending} /> : null}
      <PageState
        query={categories}
        errorText={t.categoriesLoadError}
        notFoundText={restaurantParam ? t.restaurantNotFound : t.noRestaurantForManager}
        isNotFound={isMissing}
        emptyText={t.noCategories}
        loading={<LoadingSkeleton rows={6} height="14" />}
      >
        {(list) => (
          <CategoryList
            categories={list.items}
            paths={paths}
            onEdit={dialog.openEdit}
            onDelete={confirmDelete.ask}
          />
        )}
      </PageState>
      <OnceOpened dialog={dialog}>
        <CategoryDialog dialog={dialog} restaurantId={restaurantId} />
      </OnceOpened>
      {confirmDelete.dialog}
    </Page>
  );
}
