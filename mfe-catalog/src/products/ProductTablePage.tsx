/**
 * `/admin/viewProduct/:category_id/:id` (admins; :id the restaurant) and `/ProductTable/:category_id`
 * (a manager). The category's products: counters, a name search, the table 10 a page with
 * Oldingi/Keyingi, status toggles, detail / options / edit / delete, and the create/edit dialog.
 */
import { isMissing } from '@qrmenu/shared/api';
import { products as resource } from '@qrmenu/shared/resources';
import type { Product } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  CreateButton,
  EmptyState,
  LazyDialog,
  LoadingSkeleton,
  Page,
  PageState,
  Pagination,
  Stack,
  useFormDialog,
  useIdlePreload,
  usePagination,
  usePaths,
  useResourceDelete,
  useRouteParams,
} from '@qrmenu/shared/ui';
import { lazy, useState } from 'react';
import { useMoveProduct } from '../common/moves';
import { StatusCounters } from '../common/StatusCounters';
import { ProductSearch } from './ProductSearch';
import { ProductTable } from './ProductTable';
import { useCategoryProducts, useNameFilter } from './useCategoryProducts';

// the form (and the schemas it needs) loads at idle after the page shows
const loadProductDialog = () => import('./ProductDialog');
const ProductDialog = lazy(loadProductDialog);

export default function ProductTablePage() {
  const { category_id: categoryId, id: restaurantParam } = useRouteParams(...resource.routes.list);
  const paths = usePaths();
  const { categories, category, restaurantId, products } = useCategoryProducts(restaurantParam, categoryId);
  const [query, setQuery] = useState('');
  const shown = useNameFilter(products.data?.items, query);
  const page = usePagination(shown);
  useIdlePreload(loadProductDialog, products.data !== undefined);
  const dialog = useFormDialog<Product>();
  const confirmDelete = useResourceDelete(resource.remove);
  const move = useMoveProduct(restaurantParam, categoryId);

  const search = (value: string) => {
    setQuery(value);
    page.setPage(1);
  };

  return (
    <Page
      title={category ? t.productsOf(category.title) : resource.texts.title}
      back={paths.categories({ restaurantId: restaurantId ?? '' })}
      actions={
        category ? <CreateButton onClick={dialog.openCreate}>{resource.texts.add}</CreateButton> : null
      }
      testId="product-table-page"
    >
      <PageState
        query={categories}
        errorText={t.categoriesLoadError}
        notFoundText={t.categoryNotFound}
        isNotFound={isMissing}
        isEmpty={() => false}
        loading={<LoadingSkeleton rows={8} />}
      >
        {() =>
          category && restaurantId ? (
            <Stack gap="4">
              <StatusCounters items={products.data?.items} loading={products.isPending} />
              <ProductSearch value={query} onChange={search} />
              <PageState
                query={products}
                errorText={resource.texts.loadError}
                isEmpty={(d) => d.items.length === 0}
                emptyText={resource.texts.empty}
                loading={<LoadingSkeleton rows={8} />}
              >
                {() =>
                  shown.length === 0 ? (
                    <EmptyState message={t.noSearchResults} />
                  ) : (
                    <>
                      <ProductTable
                        rows={page.items}
                        offset={page.offset}
                        restaurantId={restaurantId}
                        paths={paths}
                        onEdit={dialog.openEdit}
                        onDelete={confirmDelete.ask}
                        onMove={move.move}
                        total={shown.length}
                        sortDisabled={query.trim() !== ''}
                      />
                      {page.total > page.pageSize ? <Pagination state={page} /> : null}
                    </>
                  )
                }
              </PageState>
            </Stack>
          ) : (
            <EmptyState message={t.categoryNotFound} />
          )
        }
      </PageState>
      <LazyDialog open={dialog.open}>
        <ProductDialog dialog={dialog} categories={categories.data?.items ?? []} categoryId={categoryId} />
      </LazyDialog>
      {confirmDelete.dialog}
    </Page>
  );
}
