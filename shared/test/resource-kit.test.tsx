/**
 * The kit pieces the pages share: DeleteButton / useResourceDelete (Ha / Yo'q, one call, a toast),
 * the list page's frame (useResourceList, ListPage, ListState), combineQueries (one page state out
 * of several queries), LazyDialog (nothing before the first opening, mounted after),
 * useRouteParams, and the resource descriptions.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/api';
import { ROUTES } from '../src/paths';
import { queryKeys } from '../src/query';
import { categories, optionRows, options, products, restaurants } from '../src/resources';
import { signInAs } from '../src/testing/kit';
import { t } from '../src/texts';
import {
  combineQueries,
  DeleteButton,
  type DeleteSpec,
  LazyDialog,
  ListPage,
  ListState,
  type QueryState,
  toaster,
  UiProvider,
  useResourceList,
  useRouteParams,
} from '../src/ui';

interface Thing {
  _id: string;
  name: string;
}
const thing: Thing = { _id: 't1', name: 'Sezar' };

function specWith(call: (id: string) => Promise<unknown>, over: Partial<DeleteSpec<Thing, string>> = {}) {
  return {
    use: () => ({ mutateAsync: call }),
    variables: (item: Thing) => item._id,
    label: (item: Thing) => item.name,
    warning: t.productDeleteWarning,
    success: t.productDeleted,
    error: t.productDeleteError,
    ...over,
  } satisfies DeleteSpec<Thing, string>;
}

const toastTitles = () => toaster.getVisibleToasts().map((toast) => toast.title);

describe('DeleteButton', () => {
  it("Yo'q makes no call; Ha makes one call with the item's id and toasts the success", async () => {
    const call = vi.fn(async () => ({ _id: 't1' }));
    const onDeleted = vi.fn();
    render(
      <UiProvider>
        <DeleteButton spec={specWith(call)} item={thing} onDeleted={onDeleted} />
      </UiProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: t.delete }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('Sezar');
    expect(question).toHaveTextContent(t.productDeleteWarning);
    await userEvent.click(screen.getByRole('button', { name: t.no }));
    expect(call).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: t.delete }));
    await userEvent.click(await screen.findByRole('button', { name: t.yes }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith(thing));
    expect(call).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledWith('t1');
    expect(toastTitles()).toContain(t.productDeleted);
  });

  it('a failed call toasts the error text; a guard refuses without a call', async () => {
    const failing = vi.fn(async () => {
      throw new Error('500');
    });
    const { unmount } = render(
      <UiProvider>
        <DeleteButton
          spec={specWith(failing)}
          item={thing}
          render={(ask) => (
            <button type="button" onClick={ask}>
              olib tashlash
            </button>
          )}
        />
      </UiProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'olib tashlash' }));
    await userEvent.click(await screen.findByRole('button', { name: t.yes }));
    await waitFor(() => expect(toastTitles()).toContain(t.productDeleteError));
    expect(failing).toHaveBeenCalledTimes(1);
    unmount();

    const guarded = vi.fn(async () => ({}));
    render(
      <UiProvider>
        <DeleteButton spec={specWith(guarded, { guard: () => t.slugMissing })} item={thing} />
      </UiProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: t.delete }));
    await userEvent.click(await screen.findByRole('button', { name: t.yes }));
    await waitFor(() => expect(toastTitles()).toContain(t.slugMissing));
    expect(guarded).not.toHaveBeenCalled();
  });
});

const listTexts = {
  title: 'Narsalar',
  add: "Narsa qo'shish",
  loadError: t.listLoadError,
  empty: t.emptyList,
  notFound: t.productNotFound,
};

/** A list page made of the kit alone, over a query the test gives. */
function ThingsPage({
  query,
  remove,
}: {
  query: QueryState<Thing[]>;
  remove: (id: string) => Promise<unknown>;
}) {
  const resource = { texts: listTexts, remove: specWith(remove) };
  const load = vi.fn(async () => ({}));
  const list = useResourceList(resource, query, load);
  return (
    <ListPage
      list={list}
      form={<p>{list.dialog.record ? `Tahrir: ${list.dialog.record.name}` : 'Yangi narsa'}</p>}
      testId="things-page"
    >
      <ListState resource={resource} query={list.query} notFoundText={resource.texts.notFound}>
        {(items) =>
          items.map((item) => (
            <p key={item._id}>
              {item.name}
              <button type="button" onClick={() => list.rowActions.onEdit(item)}>
                {t.edit}
              </button>
              <button type="button" onClick={() => list.rowActions.onDelete(item)}>
                {t.delete}
              </button>
            </p>
          ))
        }
      </ListState>
    </ListPage>
  );
}

/** The providers and router a page has in the shell, signed in as a manager. */
function renderPage(page: ReactElement) {
  signInAs('manager');
  return render(page, {
    wrapper: ({ children }) => (
      <UiProvider>
        <MemoryRouter>{children}</MemoryRouter>
      </UiProvider>
    ),
  });
}

const queryOf = (over: Partial<QueryState<Thing[]>>): QueryState<Thing[]> => ({
  data: undefined,
  isPending: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
  ...over,
});

describe('the list page kit', () => {
  it("titles the page, offers Qo'shish once loaded, opens the dialog to create and to edit", async () => {
    const remove = vi.fn(async () => ({}));
    const { rerender } = renderPage(<ThingsPage query={queryOf({ isPending: true })} remove={remove} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Narsalar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: listTexts.add })).toBeNull();
    rerender(<ThingsPage query={queryOf({ data: [thing] })} remove={remove} />);
    await userEvent.click(screen.getByRole('button', { name: listTexts.add }));
    expect(await screen.findByText('Yangi narsa')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: t.edit }));
    expect(await screen.findByText('Tahrir: Sezar')).toBeInTheDocument();
  });

  it("a row's delete asks Ha / Yo'q, then calls the resource's delete once", async () => {
    const remove = vi.fn(async () => ({ _id: 't1' }));
    renderPage(<ThingsPage query={queryOf({ data: [thing] })} remove={remove} />);
    await userEvent.click(screen.getByRole('button', { name: t.delete }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Sezar');
    await userEvent.click(screen.getByRole('button', { name: t.yes }));
    await waitFor(() => expect(toastTitles()).toContain(t.productDeleted));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(remove).toHaveBeenCalledWith('t1');
  });

  it("says the resource's texts: empty, failed (no Qo'shish), not found for a 404 or a 400", async () => {
    const remove = vi.fn(async () => ({}));
    const { rerender } = renderPage(<ThingsPage query={queryOf({ data: [] })} remove={remove} />);
    expect(screen.getByText(t.emptyList)).toBeInTheDocument();
    rerender(<ThingsPage query={queryOf({ isError: true, error: new Error('500') })} remove={remove} />);
    expect(screen.getByRole('alert')).toHaveTextContent(t.listLoadError);
    expect(screen.queryByRole('button', { name: listTexts.add })).toBeNull();
    for (const status of [404, 400]) {
      const error = new ApiError(status, 'not_found', 'x');
      rerender(<ThingsPage query={queryOf({ isError: true, error })} remove={remove} />);
      expect(screen.getByText(t.productNotFound)).toBeInTheDocument();
    }
  });
});

describe('combineQueries', () => {
  const query = (over: Partial<{ isError: boolean; error: unknown }> = {}) => ({
    isError: false,
    error: null,
    refetch: vi.fn(async () => undefined),
    ...over,
  });

  it('pending until the page can derive its data, then that data', () => {
    expect(combineQueries([query(), query()], undefined)).toMatchObject({ isPending: true, isError: false });
    expect(combineQueries([query(), query()], null)).toMatchObject({
      data: null,
      isPending: false,
      isError: false,
    });
  });

  it('the first failure is the error (not pending); retry refetches only the failed ones', async () => {
    const ok = query();
    const bad = query({ isError: true, error: new Error('404') });
    const state = combineQueries([ok, bad], undefined);
    expect(state).toMatchObject({ isPending: false, isError: true, error: bad.error });
    await state.refetch();
    expect(bad.refetch).toHaveBeenCalledTimes(1);
    expect(ok.refetch).not.toHaveBeenCalled();
  });
});

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen((o) => !o)}>
        toggle
      </button>
      <LazyDialog open={open}>
        <p>{open ? 'ochiq' : 'yopiq'}</p>
      </LazyDialog>
    </>
  );
}

function Params() {
  // typed: `category_id` and `id` exist on the patterns; another name would not compile
  const { category_id, id } = useRouteParams(...products.routes.list);
  return <p>{`${category_id}|${id ?? '-'}`}</p>;
}

describe('LazyDialog', () => {
  it('renders nothing before the first opening, then stays mounted when closed', async () => {
    render(<Harness />);
    expect(screen.queryByText('yopiq')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(await screen.findByText('ochiq')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(screen.getByText('yopiq')).toBeInTheDocument();
  });
});

describe('useRouteParams', () => {
  it("reads the admin's and the manager's pattern alike", () => {
    render(
      <MemoryRouter initialEntries={['/ProductTable/c1']}>
        <Routes>
          <Route path={ROUTES.manager.products} element={<Params />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('c1|-')).toBeInTheDocument();
  });
});

describe('resources', () => {
  it("gather each resource's patterns, hooks, texts and delete", () => {
    expect(products.routes.list).toEqual([ROUTES.admin.products, ROUTES.manager.products]);
    expect(categories.remove.success).toBe(t.categoryDeleted);
    expect(options.texts.add).toBe(t.addOption);
    expect(optionRows.texts.notFound).toBe(t.optionNotFound);
    expect(restaurants.remove.variables({ _id: 'r1', slug: 'oqtepa' } as never)).toEqual({ slug: 'oqtepa' });
    expect(restaurants.remove.guard({ slug: '' } as never)).toBe(t.slugMissing);
  });

  it('the product table and the stop-list read one set of rows: one key per restaurant', () => {
    // a manager's own list (no id) is under the prefix the stop-list writes its answers into
    expect(queryKeys.products.manager(undefined).slice(0, 3)).toEqual([...queryKeys.products.managerAll()]);
  });
});
