/**
 * `/admin/product-option-row/:id` and `/product-option-row/:id` (:id the option): the option's rows
 * (name and price, shown rounded down), create, edit, delete. The rows call answers 404 for an
 * option the caller may not manage: "not found", never its rows.
 */
import { isMissing } from '@qrmenu/shared/api';
import { useDeleteOptionRow, useOptionRows } from '@qrmenu/shared/query';
import type { OptionRow } from '@qrmenu/shared/schemas';
import { t } from '@qrmenu/shared/texts';
import {
  Button,
  LoadingSkeleton,
  Page,
  PageState,
  useConfirmDelete,
  useFormDialog,
  usePaths,
} from '@qrmenu/shared/ui';
import { lazy } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { OnceOpened, useIdlePreload } from '../common/lazyDialog';
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
  const rows = useOptionRows(optionId);
  useIdlePreload(loadOptionRowDialog, rows.isSuccess);
  const dialog = useFormDialog<OptionRow>();
  const remove = useDeleteOptionRow();
  const confirmDelete = useConfirmDelete<OptionRow>({
    remove: (r) => remove.mutateAsync(r._id),
    successText: t.optionRowDeleted,
    errorText: t.optionDeleteError,
    describe: (r) => r.name,
  });
  return (
    <Page
      title={optionName && rows.isSuccess ? t.optionRowsOf(optionName) : t.optionRows}
      back={back}
      actions={
        rows.isSuccess ? (
          <Button colorPalette="blue" size="sm" minH="11" onClick={dialog.openCreate}>
            {t.addOptionRow}
          </Button>
        ) : null
      }
      maxW="4xl"
      testId="option-row-page"
    >
      <PageState
        query={rows}
        errorText={t.listLoadError}
        notFoundText={t.optionNotFound}
        isNotFound={isMissing}
        emptyText={t.noOptionRows}
        loading={<LoadingSkeleton rows={3} height="14" />}
      >
        {(list) => <OptionRowList rows={list} onEdit={dialog.openEdit} onDelete={confirmDelete.ask} />}
      </PageState>
      <OnceOpened dialog={dialog}>
        <OptionRowDialog dialog={dialog} optionId={optionId} />
      </OnceOpened>
      {confirmDelete.dialog}
    </Page>
  );
}

export default function ProductOptionRowPage() {
  const { id } = useParams();
  return id ? <OptionRows key={id} optionId={id} /> : null;
}
