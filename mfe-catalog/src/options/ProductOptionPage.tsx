/**
 * `/admin/product-option/:ProductId` and `/product-option/:ProductId`: the options of a product
 * (create, rename, delete; each opens its rows). `/product-option` with no product sends the
 * manager to pick one. The options call answers 404 for a product the caller may not manage, so
 * another restaurant's product is "not found"; its name is read only after that answer.
 */
import { products, options as resource } from '@qrmenu/shared/resources';
import { t } from '@qrmenu/shared/texts';
import { usePaths, useResourceList, useRouteParams } from '@qrmenu/shared/ui';
import { lazy } from 'react';
import { ChildListPage } from '../common/ChildListPage';
import { useMoveOption } from '../common/moves';
import { OptionList } from './OptionList';
import { PickProduct } from './PickProduct';

const loadOptionDialog = () => import('./OptionDialog');
const OptionDialog = lazy(loadOptionDialog);

function ProductOptions({ productId }: { productId: string }) {
  const paths = usePaths();
  const list = useResourceList(resource, resource.useList(productId), loadOptionDialog);
  const product = products.useDetail(productId, { enabled: list.loaded });
  const move = useMoveOption(productId);
  const name = list.loaded ? product.data?.name : undefined;
  return (
    <ChildListPage
      resource={resource}
      list={list}
      title={name ? t.optionsOf(name) : undefined}
      form={<OptionDialog dialog={list.dialog} productId={productId} />}
      testId="option-page"
    >
      {(items) => <OptionList options={items} paths={paths} {...list.rowActions} onMove={move.move} />}
    </ChildListPage>
  );
}

export default function ProductOptionPage() {
  const { ProductId } = useRouteParams(...resource.routes.list);
  return ProductId ? <ProductOptions key={ProductId} productId={ProductId} /> : <PickProduct />;
}
