/**
 * `/admin/viewProduct/:category_id/:id` (admins; :id the restaurant) and `/ProductTable/:category_id`
 * (a manager). The category's products: counters, a name search, the table 10 a page with
 * Oldingi/Keyingi, status toggles, detail / options / edit / delete, and the create/edit dialog.
 */
import { isMissing } from '@qrmenu/shared/api';
import { useDeleteProduct } from '@qrmenu/shared/query';
import type { Product } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  Box,
  Button,
  EmptyState,
  LoadingSkeleton,
  Page,
  PageState,
  Pagination,
  Stack,
  Text,
  useConfirmDelete,
  useFormDialog,
  usePagination,
  usePaths,
} from '@qrmenu/shared/ui';
import { lazy, useState } from 'react';
import { useParams } from 'react-router-dom';
import { OnceOpened, useIdlePreload } from '../common/lazyDialog';
import { StatusCounters } from '../common/StatusCounters';
import { ProductSearch } from './ProductSearch';
import { ProductTable } from './ProductTable';
import { useCategoryProducts, useNameFilter } from './useCategoryProducts';

// the form (and the schemas it needs) loads at idle after the page shows
const loadProductDialog = () => import('./ProductDialog');
const ProductDialog = lazy(loadProductDialog);

export default function ProductTablePage() {
  const { category_id: categoryId, id: restaurantParam } = useParams();
  const paths = usePaths();
  const { categories, category, restaurantId, products } = useCategoryProducts(restaurantParam, categoryId);
  const [query, setQuery] = useState('');
  const shown = useNameFilter(products.data?.items, query);
  const page = usePagination(shown);
  useIdlePreload(loadProductDialog, products.isSuccess);
  const dialog = useFormDialog<Product>();
  const remove = useDeleteProduct();
  const confirmDelete = useConfirmDelete<Product>({
    remove: (p) => remove.mutateAsync(p._id),
    successText: t.productDeleted,
    errorText: t.productDeleteError,
    describe: (p) => (
      <Box>
        <Text fontWeight="semibold">{p.name}</Text>
        <Text mt="2">{t.productDeleteWarning}</Text>
      </Box>
    ),
  });

  const search = (value: string) => {
    setQuery(value);
    page.setPage(1);
  };

  return (
    <Page
      title={category ? t.productsOf(category.title) : t.products}
      back={paths.categories({ restaurantId: restaurantId ?? '' })}
      actions={
        category ? (
          <Button colorPalette="blue" size="sm" minH="11" onClick={dialog.openCreate}>
            {t.addProduct}
          </Button>
        ) : null
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
                errorText={t.productsLoadError}
                isEmpty={(d) => d.items.length === 0}
                emptyText={t.noProducts}
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
      <OnceOpened dialog={dialog}>
        <ProductDialog dialog={dialog} categories={categories.data?.items ?? []} categoryId={categoryId} />
      </OnceOpened>
      {confirmDelete.dialog}
    </Page>
  );
}
