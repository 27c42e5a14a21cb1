/**
 * `/admin/product-option-row/:id` and `/product-option-row/:id` (:id the option): the option's rows
 * (name and price, shown rounded down), create, edit, delete. The rows call answers 404 for an
 * option the caller may not manage: "not found", never its rows.
 */
import { isMissing } from '@qrmenu/shared/api';
import { optionRows as resource } from '@qrmenu/shared/resources';
import type { OptionRow } from '@qrmenu/shared/schemas';
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
import { useLocation } from 'react-router-dom';
import { useMoveOptionRow } from '../common/moves';
import { useBack } from '../common/useBack';
import type { OptionRowsState } from '../options/OptionList';
import { OptionRowList } from './OptionRowList';

// the form (and the schemas it needs) loads at idle after the page shows
const loadOptionRowDialog = () => import('./OptionRowDialog');
const OptionRowDialog = lazy(loadOptionRowDialog);

function OptionRows({ optionId }: { optionId: string }) {
  const paths = usePaths();
  const back = useBack(paths.home);
  const optionName = (useLocation().state as OptionRowsState | null)?.optionName;
  const rows = resource.useList(optionId);
  useIdlePreload(loadOptionRowDialog, rows.isSuccess);
  const dialog = useFormDialog<OptionRow>();
  const confirmDelete = useResourceDelete(resource.remove);
  const move = useMoveOptionRow(optionId);
  return (
    <Page
      title={optionName && rows.isSuccess ? t.optionRowsOf(optionName) : resource.texts.title}
      back={back}
      actions={
        rows.isSuccess ? <CreateButton onClick={dialog.openCreate}>{resource.texts.add}</CreateButton> : null
      }
      maxW="4xl"
      testId="option-row-page"
    >
      <PageState
        query={rows}
        errorText={resource.texts.loadError}
        notFoundText={resource.texts.notFound}
        isNotFound={isMissing}
        emptyText={resource.texts.empty}
        loading={<LoadingSkeleton rows={3} height="14" />}
      >
        {(list) => (
          <OptionRowList
            rows={list}
            onEdit={dialog.openEdit}
            onDelete={confirmDelete.ask}
            onMove={move.move}
          />
        )}
      </PageState>
      <LazyDialog open={dialog.open}>
        <OptionRowDialog dialog={dialog} optionId={optionId} />
      </LazyDialog>
      {confirmDelete.dialog}
    </Page>
  );
}

export default function ProductOptionRowPage() {
  const { id } = useRouteParams(...resource.routes.list);
  return id ? <OptionRows key={id} optionId={id} /> : null;
}
