/**
 * `/admin/product-option-row/:id` and `/product-option-row/:id` (:id the option): the option's rows
 * (name and price, shown rounded down), create, edit, delete. The rows call answers 404 for an
 * option the caller may not manage: "not found", never its rows.
 */
import { optionRows as resource } from '@qrmenu/shared/resources';
import { t } from '@qrmenu/shared/texts';
import { useResourceList, useRouteParams } from '@qrmenu/shared/ui';
import { lazy } from 'react';
import { useLocation } from 'react-router-dom';
import { ChildListPage } from '../common/ChildListPage';
import { useMoveOptionRow } from '../common/moves';
import type { OptionRowsState } from '../options/OptionList';
import { OptionRowList } from './OptionRowList';

const loadOptionRowDialog = () => import('./OptionRowDialog');
const OptionRowDialog = lazy(loadOptionRowDialog);

function OptionRows({ optionId }: { optionId: string }) {
  // the option's name comes with the link from the options page (a reload shows the plain title)
  const optionName = (useLocation().state as OptionRowsState | null)?.optionName;
  const list = useResourceList(resource, resource.useList(optionId), loadOptionRowDialog);
  const move = useMoveOptionRow(optionId);
  return (
    <ChildListPage
      resource={resource}
      list={list}
      title={optionName && list.loaded ? t.optionRowsOf(optionName) : undefined}
      form={<OptionRowDialog dialog={list.dialog} optionId={optionId} />}
      testId="option-row-page"
    >
      {(items) => <OptionRowList rows={items} {...list.rowActions} onMove={move.move} />}
    </ChildListPage>
  );
}

export default function ProductOptionRowPage() {
  const { id } = useRouteParams(...resource.routes.list);
  return id ? <OptionRows key={id} optionId={id} /> : null;
}
