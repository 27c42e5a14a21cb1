/**
 * `/admin/product-detail/:ProductId/:id` and `/product-detail/:ProductId/:id` (:id the restaurant,
 * as the paths catalogue builds it). The product (`/user/products/{id}`: category and options with
 * rows) is shown only when its category is one of that restaurant's categories, which the API
 * gives only to its admin or manager: another restaurant's product is "not found", never shown.
 */
import { isMissing } from '@qrmenu/shared/api';
import { categories as categoryResource, products as resource } from '@qrmenu/shared/resources';
import type { Product } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  Box,
  CARD_FRAME,
  combineQueries,
  DeleteButton,
  LazyDialog,
  LoadingSkeleton,
  Page,
  PageState,
  useFormDialog,
  useIdlePreload,
  usePaths,
  useRouteParams,
} from '@qrmenu/shared/ui';
import { lazy } from 'react';
import { useNavigate } from 'react-router-dom';
import { LightRows, RowAction, RowActions } from '../common/lightRows';
import { ProductInfo } from './ProductInfo';

// the form (and the schemas it needs) loads at idle after the page shows
const loadProductDialog = () => import('./ProductDialog');
const ProductDialog = lazy(loadProductDialog);

/** The product, or null when it is not one of the restaurant's; not found when either answer says so. */
function useOwnedProduct(productId: string | undefined, restaurantId: string | undefined) {
  const detail = resource.useDetail(productId);
  const categories = categoryResource.useList(restaurantId);
  const owned = categories.data?.items.some((c) => c._id === detail.data?.category_id);
  const product = detail.data && categories.data ? (owned ? detail.data : null) : undefined;
  return { state: combineQueries([detail, categories], product), categories: categories.data?.items ?? [] };
}

export default function ProductDetailPage() {
  const { ProductId: productId, id: restaurantParam } = useRouteParams(...resource.routes.detail);
  const paths = usePaths();
  const navigate = useNavigate();
  const { state, categories } = useOwnedProduct(productId, restaurantParam);
  const restaurantId = restaurantParam ?? '';
  const product = state.data;
  useIdlePreload(loadProductDialog, !!product);
  const edit = useFormDialog<Product>();
  const toTable = (p: Product) => paths.products({ categoryId: p.category_id, restaurantId });

  return (
    <Page
      title={t.productDetail}
      back={product ? toTable(product) : paths.categories({ restaurantId })}
      maxW="5xl"
      testId="product-detail-page"
    >
      <PageState
        query={state}
        errorText={resource.texts.loadError}
        notFoundText={resource.texts.notFound}
        isNotFound={isMissing}
        emptyText={resource.texts.notFound}
        loading={<LoadingSkeleton rows={1} height="64" />}
      >
        {(p) =>
          p ? (
            <Box {...CARD_FRAME} data-testid="product-detail">
              <ProductInfo product={p} />
              <LightRows mt="5">
                <RowActions columns={3}>
                  <RowAction tone="primary" onClick={() => edit.openEdit(p)}>
                    {t.edit}
                  </RowAction>
                  <RowAction onClick={() => navigate(paths.productOptions({ productId: p._id }))}>
                    {t.options}
                  </RowAction>
                  <DeleteButton
                    spec={resource.remove}
                    item={p}
                    onDeleted={(deleted) => navigate(toTable(deleted), { replace: true })}
                    render={(ask) => (
                      <RowAction tone="red" onClick={ask}>
                        {t.delete}
                      </RowAction>
                    )}
                  />
                </RowActions>
              </LightRows>
            </Box>
          ) : null
        }
      </PageState>
      <LazyDialog open={edit.open}>
        <ProductDialog dialog={edit} categories={categories} />
      </LazyDialog>
    </Page>
  );
}
