/**
 * `/admin/product-option/:ProductId` and `/product-option/:ProductId`: the options of a product
 * (create, rename, delete; each opens its rows). `/product-option` with no product sends the
 * manager to pick one. The options call answers 404 for a product the caller may not manage, so
 * another restaurant's product is "not found"; its name is read only after that answer.
 */
import { isMissing } from '@qrmenu/shared/api';
import { products, options as resource } from '@qrmenu/shared/resources';
import type { ProductOption } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
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
import { useMoveOption } from '../common/moves';
import { useBack } from '../common/useBack';
import { OptionList } from './OptionList';
import { PickProduct } from './PickProduct';

// the form (and the schemas it needs) loads at idle after the page shows
const loadOptionDialog = () => import('./OptionDialog');
const OptionDialog = lazy(loadOptionDialog);

function ProductOptions({ productId }: { productId: string }) {
  const paths = usePaths();
  const options = resource.useList(productId);
  const product = products.useDetail(productId, { enabled: options.isSuccess });
  const back = useBack(paths.home);
  useIdlePreload(loadOptionDialog, options.isSuccess);
  const dialog = useFormDialog<ProductOption>();
  const confirmDelete = useResourceDelete(resource.remove);
  const move = useMoveOption(productId);
  const name = options.isSuccess ? product.data?.name : undefined;
  return (
    <Page
      title={name ? t.optionsOf(name) : resource.texts.title}
      back={back}
      actions={
        options.isSuccess ? (
          <CreateButton onClick={dialog.openCreate}>{resource.texts.add}</CreateButton>
        ) : null
      }
      maxW="4xl"
      testId="option-page"
    >
      <PageState
        query={options}
        errorText={resource.texts.loadError}
        notFoundText={resource.texts.notFound}
        isNotFound={isMissing}
        emptyText={resource.texts.empty}
        loading={<LoadingSkeleton rows={3} height="14" />}
      >
        {(list) => (
          <OptionList
            options={list}
            paths={paths}
            onEdit={dialog.openEdit}
            onDelete={confirmDelete.ask}
            onMove={move.move}
          />
        )}
      </PageState>
      <LazyDialog open={dialog.open}>
        <OptionDialog dialog={dialog} productId={productId} />
      </LazyDialog>
      {confirmDelete.dialog}
    </Page>
  );
}

export default function ProductOptionPage() {
  const { ProductId } = useRouteParams(...resource.routes.list);
  return ProductId ? <ProductOptions key={ProductId} productId={ProductId} /> : <PickProduct />;
}
