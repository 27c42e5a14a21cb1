/**
 * `/admin/product-option/:ProductId` and `/product-option/:ProductId`: the options of a product
 * (create, rename, delete; each opens its rows). `/product-option` with no product sends the
 * manager to pick one. The options call answers 404 for a product the caller may not manage, so
 * another restaurant's product is "not found"; its name is read only after that answer.
 */
import { products, options as resource } from '@qrmenu/shared/resources';
import { t } from '@qrmenu/shared/texts';
import {
  ListPage,
  ListState,
  LoadingSkeleton,
  usePaths,
  useResourceList,
  useRouteParams,
} from '@qrmenu/shared/ui';
import { lazy } from 'react';
import { useMoveOption } from '../common/moves';
import { useBack } from '../common/useBack';
import { OptionList } from './OptionList';
import { PickProduct } from './PickProduct';

const loadOptionDialog = () => import('./OptionDialog');
const OptionDialog = lazy(loadOptionDialog);

function ProductOptions({ productId }: { productId: string }) {
  const paths = usePaths();
  const list = useResourceList(resource, resource.useList(productId), loadOptionDialog);
  const product = products.useDetail(productId, { enabled: list.loaded });
  const back = useBack(paths.home);
  const move = useMoveOption(productId);
  const name = list.loaded ? product.data?.name : undefined;
  return (
    <ListPage
      list={list}
      title={name ? t.optionsOf(name) : undefined}
      back={back}
      form={<OptionDialog dialog={list.dialog} productId={productId} />}
      maxW="4xl"
      testId="option-page"
    >
      <ListState
        resource={resource}
        query={list.query}
        notFoundText={resource.texts.notFound}
        loading={<LoadingSkeleton rows={3} height="14" />}
      >
        {(items) => <OptionList options={items} paths={paths} {...list.rowActions} onMove={move.move} />}
      </ListState>
    </ListPage>
  );
}

export default function ProductOptionPage() {
  const { ProductId } = useRouteParams(...resource.routes.list);
  return ProductId ? <ProductOptions key={ProductId} productId={ProductId} /> : <PickProduct />;
}
