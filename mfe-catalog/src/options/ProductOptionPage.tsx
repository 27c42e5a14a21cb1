/**
 * `/admin/product-option/:ProductId` and `/product-option/:ProductId`: the options of a product
 * (create, rename, delete; each opens its rows). `/product-option` with no product sends the
 * manager to pick one. The options call answers 404 for a product the caller may not manage, so
 * another restaurant's product is "not found"; its name is read only after that answer.
 */
import { isMissing } from '@qrmenu/shared/api';
import { useDeleteOption, useProductDetail, useProductOptions } from '@qrmenu/shared/query';
import type { ProductOption } from '@qrmenu/shared/schemas';
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
import { useBack } from '../common/useBack';
import { OptionList } from './OptionList';
import { PickProduct } from './PickProduct';

// the form (and the schemas it needs) loads at idle after the page shows
const loadOptionDialog = () => import('./OptionDialog');
const OptionDialog = lazy(loadOptionDialog);

function ProductOptions({ productId }: { productId: string }) {
  const paths = usePaths();
  const options = useProductOptions(productId);
  const product = useProductDetail(productId, { enabled: options.isSuccess });
  const back = useBack(paths.home);
  useIdlePreload(loadOptionDialog, options.isSuccess);
  const dialog = useFormDialog<ProductOption>();
  const remove = useDeleteOption();
  const confirmDelete = useConfirmDelete<ProductOption>({
    remove: (o) => remove.mutateAsync(o._id),
    successText: t.optionDeleted,
    errorText: t.optionDeleteError,
    describe: (o) => (
      <Box>
        <Text fontWeight="semibold">{o.name}</Text>
        <Text mt="2">{t.optionDeleteWarning}</Text>
      </Box>
    ),
  });
  const name = options.isSuccess ? product.data?.name : undefined;
  return (
    <Page
      title={name ? t.optionsOf(name) : t.options}
      back={back}
      actions={
        options.isSuccess ? (
          <Button colorPalette="blue" size="sm" minH="11" onClick={dialog.openCreate}>
            {t.addOption}
          </Button>
        ) : null
      }
      maxW="4xl"
      testId="option-page"
    >
      <PageState
        query={options}
        errorText={t.listLoadError}
        notFoundText={t.productNotFound}
        isNotFound={isMissing}
        emptyText={t.noOptions}
        loading={<LoadingSkeleton rows={3} height="14" />}
      >
        {(list) => (
          <OptionList options={list} paths={paths} onEdit={dialog.openEdit} onDelete={confirmDelete.ask} />
        )}
      </PageState>
      <OnceOpened dialog={dialog}>
        <OptionDialog dialog={dialog} productId={productId} />
      </OnceOpened>
      {confirmDelete.dialog}
    </Page>
  );
}

export default function ProductOptionPage() {
  const { ProductId } = useParams();
  return ProductId ? <ProductOptions key={ProductId} productId={ProductId} /> : <PickProduct />;
}
