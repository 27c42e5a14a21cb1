/**
 * A list page's frame, written once: what react-admin's `<List>` and refine's `<List>` with
 * `useTable` give, for the lists of this back office. A page then says only what is its own: its
 * query, its rows, its dialog's props, and what it shows beside the list.
 *
 *   const list = useResourceList(options, options.useList(productId), loadOptionDialog);
 *   <ListPage list={list} back={back} form={<OptionDialog dialog={list.dialog} productId={productId} />}>
 *     <ListState resource={options} query={list.query} notFoundText={options.texts.notFound}>
 *       {(items) => <OptionList options={items} {...list.rowActions} />}
 *     </ListState>
 *   </ListPage>
 */
import type { ReactNode } from 'react';
import { isMissing } from '../api/errors';
import { CreateButton } from './CreateButton';
import { type DeleteSpec, useResourceDelete } from './DeleteButton';
import { type FormDialogState, useFormDialog } from './dialogState';
import { LazyDialog, useIdlePreload } from './LazyDialog';
import { Page, type PageProps } from './Page';
import { PageState, type PageStateProps, type QueryState } from './PageState';
import type { ConfirmDelete } from './useConfirmDelete';

/** What a list page reads of its resource (`@qrmenu/shared/resources`). */
export interface ListResource<T, V> {
  texts: { title: string; add: string };
  remove: DeleteSpec<T, V>;
}

/** A list page's state: its query, its create/edit dialog and its delete question. */
export interface ResourceList<T, D> {
  texts: { title: string; add: string };
  query: QueryState<D>;
  /** The answer is there (neither loading nor failed): what the page offers on it may show. */
  loaded: boolean;
  dialog: FormDialogState<T>;
  confirmDelete: ConfirmDelete<T>;
  /** What each row's buttons call: Tahrirlash opens the dialog, O'chirish asks Ha / Yo'q. */
  rowActions: { onEdit: (item: T) => void; onDelete: (item: T) => void };
}

/**
 * The state of a list page of `resource`, whose rows `query` reads. `loadForm` imports the page's
 * form dialog: it loads when the browser is idle after the list shows (`LazyDialog`).
 */
export function useResourceList<T, V, D>(
  resource: ListResource<T, V>,
  query: QueryState<D>,
  loadForm: () => Promise<unknown>,
): ResourceList<T, D> {
  const dialog = useFormDialog<T>();
  const confirmDelete = useResourceDelete(resource.remove);
  const loaded = !query.isPending && !query.isError;
  useIdlePreload(loadForm, loaded);
  return {
    texts: resource.texts,
    query,
    loaded,
    dialog,
    confirmDelete,
    rowActions: { onEdit: dialog.openEdit, onDelete: confirmDelete.ask },
  };
}

export interface ListPageProps<T, D> extends Omit<PageProps, 'title'> {
  list: ResourceList<T, D>;
  /** Default: the resource's title. */
  title?: ReactNode;
  /** Shown before "Qo'shish". */
  actions?: ReactNode;
  /** Whether "Qo'shish" shows (default: once the list is loaded) … */
  canCreate?: boolean;
  /** … and whether it waits for something the new thing needs (disabled). */
  createDisabled?: boolean;
  /** The create/edit dialog (a `lazy` component given `list.dialog`), mounted from its first opening. */
  form: ReactNode;
}

/** The page of a list: title, "Qo'shish", the page's content, the form dialog, the delete question. */
export function ListPage<T, D>({
  list,
  title,
  actions,
  canCreate = list.loaded,
  createDisabled,
  form,
  children,
  ...page
}: ListPageProps<T, D>) {
  const create = canCreate ? (
    <CreateButton onClick={list.dialog.openCreate} disabled={createDisabled}>
      {list.texts.add}
    </CreateButton>
  ) : null;
  return (
    <Page
      title={title ?? list.texts.title}
      actions={
        actions || create ? (
          <>
            {actions}
            {create}
          </>
        ) : null
      }
      {...page}
    >
      {children}
      <LazyDialog open={list.dialog.open}>{form}</LazyDialog>
      {list.confirmDelete.dialog}
    </Page>
  );
}

export interface ListStateProps<D> extends Omit<PageStateProps<D>, 'errorText' | 'emptyText'> {
  /** Its texts: the failure's (`loadError`) and the empty list's (`empty`). */
  resource: { texts: { loadError?: string; empty?: string } };
}

/**
 * `PageState` with the resource's texts. Not found is an answer of 404 or 400 (`isMissing`: an id
 * of another restaurant, or no id at all), said by `notFoundText`.
 */
export function ListState<D>({ resource, ...state }: ListStateProps<D>) {
  return (
    <PageState
      errorText={resource.texts.loadError}
      emptyText={resource.texts.empty}
      isNotFound={isMissing}
      {...state}
    />
  );
}
