/**
 * `/admin/product-detail/:ProductId/:id` and `/product-detail/:ProductId/:id` (:id the restaurant,
 * as the paths catalogue builds it). The product (`/user/products/{id}`: category and options with
 * rows) is shown only when its category is one of that restaurant's categories, which the API
 * gives only to its admin or manager: another restaurant's product is "not found", never shown.
 */
import { isMissing } from '@qrmenu/shared/api';
import { useDeleteProduct, useManagerCategories, useProductDetail } from '@qrmenu/shared/query';
import type { Product, ProductDetail } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  Box,
  LoadingSkeleton,
  Page,
  PageState,
  type QueryState,
  Text,
  useConfirmDelete,
  useFormDialog,
  usePaths,
} from '@qrmenu/shared/ui';
import { lazy } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { OnceOpened, useIdlePreload } from '../common/lazyDialog';
import { LightRows, RowAction, RowActions } from '../common/lightRows';
import { ProductInfo } from './ProductInfo';

// the form (and the schemas it needs) loads at idle after the page shows
const loadProductDialog = () => import('./ProductDialog');
const ProductDialog = lazy(loadProductDialog);

/** The product, or null when it is not one of the restaurant's; not found when either answer says so. */
function useOwnedProduct(productId: string | undefined, restaurantId: string | undefined) {
  const detail = useProductDetail(productId);
  const categories = useManagerCategories(restaurantId);
  const failed = detail.isError ? detail : categories;
  const product =
    detail.data && categories.data
      ? categories.data.items.some((c) => c._id === detail.data.category_id)
        ? detail.data
        : null
      : undefined;
  const state: QueryState<ProductDetail | null> = {
    data: product,
    isPending: detail.isPending || categories.isPending,
    isError: detail.isError || categories.isError,
    error: failed.error,
    refetch: () => Promise.all([detail.refetch(), categories.refetch()]),
  };
  return { state, categories: categories.data?.items ?? [] };
}

export default function ProductDetailPage() {
  const { ProductId: productId, id: restaurantParam } = useParams();
  const paths = usePaths();
  const navigate = useNavigate();
  const { state, categories } = useOwnedProduct(productId, restaurantParam);
  const restaurantId = restaurantParam ?? '';
  const product = state.data;
  useIdlePreload(loadProductDialog, !!product);
  const edit = useFormDialog<Product>();
  const remove = useDeleteProduct();
  const toTable = (p: Product) => paths.products({ categoryId: p.category_id, restaurantId });
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
    onDeleted: (p) => navigate(toTable(p), { replace: true }),
  });

  return (
    <Page
      title={t.productDetail}
      back={product ? toTable(product) : paths.categories({ restaurantId })}
      maxW="5xl"
      testId="product-detail-page"
    >
      <PageState
        query={state}
        errorText={t.productsLoadError}
        notFoundText={t.productNotFound}
        isNotFound={isMissing}
        emptyText={t.productNotFound}
        loading={<LoadingSkeleton rows={1} height="64" />}
      >
        {(p) =>
          p ? (
            <Box borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '5' }} data-testid="product-detail">
              <ProductInfo product={p} />
              <LightRows mt="5">
                <RowActions columns={3}>
                  <RowAction tone="primary" onClick={() => edit.openEdit(p)}>
                    {t.edit}
                  </RowAction>
                  <RowAction onClick={() => navigate(paths.productOptions({ productId: p._id }))}>
                    {t.options}
                  </RowAction>
                  <RowAction tone="red" onClick={() => confirmDelete.ask(p)}>
                    {t.delete}
                  </RowAction>
                </RowActions>
              </LightRows>
            </Box>
          ) : null
        }
      </PageState>
      <OnceOpened dialog={edit}>
        <ProductDialog dialog={edit} categories={categories} />
      </OnceOpened>
      {confirmDelete.dialog}
    </Page>
  );
}
