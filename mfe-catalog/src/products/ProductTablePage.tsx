/**
 * `/admin/viewProduct/:category_id/:id` (admins; :id the restaurant) and `/ProductTable/:category_id`
 * (a manager). The category's products: counters, a name search, the table 10 a page with
 * Oldingi/Keyingi, status toggles, detail / options / edit / delete, and the create/edit dialog.
 */
import { categories as categoryResource, products as resource } from '@qrmenu/shared/resources';
import { t } from '@qrmenu/shared/texts';
import {
  EmptyState,
  ListPage,
  ListState,
  LoadingSkeleton,
  Pagination,
  Stack,
  usePagination,
  usePaths,
  useResourceList,
  useRouteParams,
} from '@qrmenu/shared/ui';
import { lazy, useState } from 'react';
import { useMoveProduct } from '../common/moves';
import { StatusCounters } from '../common/StatusCounters';
import { ProductSearch } from './ProductSearch';
import { ProductTable } from './ProductTable';
import { useCategoryProducts, useNameFilter } from './useCategoryProducts';

const loadProductDialog = () => import('./ProductDialog');
const ProductDialog = lazy(loadProductDialog);

export default function ProductTablePage() {
  const { category_id: categoryId, id: restaurantParam } = useRouteParams(...resource.routes.list);
  const paths = usePaths();
  const { categories, category, restaurantId, products } = useCategoryProducts(restaurantParam, categoryId);
  const list = useResourceList(resource, products, loadProductDialog);
  const [query, setQuery] = useState('');
  const shown = useNameFilter(products.data?.items, query);
  const page = usePagination(shown);
  const move = useMoveProduct(restaurantParam, categoryId);

  const search = (value: string) => {
    setQuery(value);
    page.setPage(1);
  };

  return (
    <ListPage
      list={list}
      title={category ? t.productsOf(category.title) : undefined}
      back={paths.categories({ restaurantId: restaurantId ?? '' })}
      canCreate={!!category}
      form={
        <ProductDialog
          dialog={list.dialog}
          categories={categories.data?.items ?? []}
          categoryId={categoryId}
        />
      }
      testId="product-table-page"
    >
      {/* the category first: another restaurant's, or none, is "not found" */}
      <ListState
        resource={categoryResource}
        query={categories}
        notFoundText={categoryResource.texts.notFound}
        isEmpty={() => false}
        loading={<LoadingSkeleton rows={8} />}
      >
        {() =>
          category && restaurantId ? (
            <Stack gap="4">
              <StatusCounters items={products.data?.items} loading={products.isPending} />
              <ProductSearch value={query} onChange={search} />
              <ListState resource={resource} query={products} loading={<LoadingSkeleton rows={8} />}>
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
                        {...list.rowActions}
                        onMove={move.move}
                        total={shown.length}
                        sortDisabled={query.trim() !== ''}
                      />
                      {page.total > page.pageSize ? <Pagination state={page} /> : null}
                    </>
                  )
                }
              </ListState>
            </Stack>
          ) : (
            <EmptyState message={categoryResource.texts.notFound} />
          )
        }
      </ListState>
    </ListPage>
  );
}
