/**
 * The page kit of the UI facade: PageState, Page, FormDialog, useConfirmDelete, ImageUploadField.
 * Rendered with the test kit, queried by role and label.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/api';
import { EntityForm, FormDialog, SwitchField, TextField } from '../src/forms';
import { useManagerCategories, useUpdateCategory } from '../src/query';
import { type Category, categoryCreateBody, categoryFields } from '../src/schemas';
import {
  answers,
  axeViolations,
  fixtures,
  openPage,
  renderAtRoute,
  signInAs,
  stubApi,
} from '../src/testing/kit';
import { t } from '../src/texts';
import {
  Button,
  ImageUploadField,
  LoadingSkeleton,
  notify,
  Page,
  PageState,
  type QueryState,
  useConfirmDelete,
  useFormDialog,
  useImageUpload,
} from '../src/ui';

function query<T>(over: Partial<QueryState<T>>): QueryState<T> {
  return { data: undefined, isPending: false, isError: false, error: null, refetch: vi.fn(), ...over };
}

function Categories() {
  const categories = useManagerCategories('r1');
  return (
    <PageState query={categories} errorText={t.categoriesLoadError}>
      {(list) => <p>{list.items.map((c) => c.title).join(', ')}</p>}
    </PageState>
  );
}

/** A labelled switch: its state text must not take the field label's id (duplicate ids). */
function SwitchHarness() {
  const form = useForm({ defaultValues: { is_active: true } });
  return <SwitchField form={form} name="is_active" label={t.status} />;
}

describe('PageState', () => {
  const show = (q: QueryState<string[]>, extra = {}) =>
    renderAtRoute(
      <PageState query={q} errorText={t.categoriesLoadError} emptyText={t.noCategories} {...extra}>
        {(items) => (
          <ul>
            {items.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        )}
      </PageState>,
      '/',
    );

  it('shows a loading state, then the data', () => {
    const view = show(query({ isPending: true }));
    expect(screen.getByLabelText(t.loading)).toHaveAttribute('aria-busy', 'true');
    view.rerender(<PageState query={query({ data: ['osh'] })}>{(items) => <p>{items[0]}</p>}</PageState>);
    expect(screen.getByText('osh')).toBeInTheDocument();
  });

  it('shows the empty message for an empty list or an empty {items} list', () => {
    show(query({ data: [] }));
    expect(screen.getByText(t.noCategories)).toBeInTheDocument();
    renderAtRoute(
      <PageState query={query({ data: { items: [], count: 0 } })} emptyText="bo'sh">
        {() => <p>never</p>}
      </PageState>,
      '/',
    );
    expect(screen.getByText("bo'sh")).toBeInTheDocument();
    expect(screen.queryByText('never')).toBeNull();
  });

  it('shows the error in place with a retry, and toasts it once per failure', async () => {
    const error = vi.spyOn(notify, 'error');
    const refetch = vi.fn();
    const failure = new ApiError(500, 'internal', '');
    const view = show(query({ isError: true, error: failure, refetch }));
    expect(screen.getByRole('alert')).toHaveTextContent(t.categoriesLoadError);
    await userEvent.click(screen.getByRole('button', { name: t.retry }));
    expect(refetch).toHaveBeenCalledTimes(1);
    // the same failure rendered again (another component, a re-mount): no second toast
    view.unmount();
    show(query({ isError: true, error: failure }));
    expect(error).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith(t.categoriesLoadError);
    // a new failure is toasted again
    show(query({ isError: true, error: new ApiError(500, 'internal', '') }));
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('shows "not found" for a 404 when asked, without a toast', () => {
    const error = vi.spyOn(notify, 'error');
    show(query({ isError: true, error: new ApiError(404, 'not_found', '') }), {
      notFoundText: t.restaurantNotFound,
    });
    expect(screen.getByText(t.restaurantNotFound)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('drives a real query: failure, retry, data', async () => {
    const api = stubApi({ 'GET /manager/category': answers.error(500, 'internal') });
    renderAtRoute(<Categories />, '/', { as: 'admin' });
    expect(await screen.findByRole('alert')).toHaveTextContent(t.categoriesLoadError);
    api.answer({ 'GET /manager/category': answers.counted([fixtures.category({ title: 'Salatlar' })]) });
    await userEvent.click(screen.getByRole('button', { name: t.retry }));
    expect(await screen.findByText('Salatlar')).toBeInTheDocument();
    expect(api.callsTo('GET /manager/category')).toHaveLength(2);
  });
});

describe('Page', () => {
  it('has the title as its one h1, a back button and actions', async () => {
    const view = renderAtRoute(
      <Page title={t.categories} back="/admin/restaurants" actions={<Button>{t.addCategory}</Button>}>
        <p>tarkib</p>
      </Page>,
      '/admin/categoryList/r1',
      { path: '/admin/categoryList/:id', as: 'admin' },
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t.categories);
    expect(screen.getByRole('button', { name: t.addCategory })).toBeInTheDocument();
    expect(screen.getByText('tarkib')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Orqaga/ }));
    expect(view.path()).toBe('/admin/restaurants');
  });

  it('without a token: the spec\'s "Token topilmadi!" instead of the content and actions', () => {
    renderAtRoute(
      <Page title={t.categories} actions={<Button>{t.addCategory}</Button>}>
        <p>tarkib</p>
      </Page>,
      '/',
    );
    expect(screen.getByText(t.tokenMissing)).toBeInTheDocument();
    expect(screen.queryByText('tarkib')).toBeNull();
    expect(screen.queryByRole('button', { name: t.addCategory })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(t.categories);
  });
});

/** A category list with its create/edit dialog: what a catalog page does with the kit. */
function CategoryDialogHarness({ categories }: { categories: Category[] }) {
  const dialog = useFormDialog<Category>();
  const update = useUpdateCategory();
  const [created, setCreated] = useState<unknown>(null);
  return (
    <>
      <Button onClick={dialog.openCreate}>{t.addCategory}</Button>
      {categories.map((c) => (
        <Button key={c._id} onClick={() => dialog.openEdit(c)}>
          {`${t.edit} ${c.title}`}
        </Button>
      ))}
      <p>{created ? 'yaratildi' : ''}</p>
      <FormDialog
        dialog={dialog}
        title={{ create: t.addCategory, edit: t.editCategory }}
        schema={categoryCreateBody
          .omit({ restaurant_id: true })
          .extend({ is_active: categoryFields.is_active })}
        values={(c) => ({ title: c?.title ?? '', is_active: c?.is_active ?? true })}
        onCreate={async (values) => {
          if (values.title === 'bor') throw new ApiError(409, 'conflict', '');
          return values;
        }}
        onUpdate={(changed, c) => update.mutateAsync({ id: c._id, changed })}
        onSaved={setCreated}
        conflict={{ field: 'title', text: t.alreadyTaken }}
        texts={{
          created: t.categoryCreated,
          updated: t.categoryUpdated,
          createError: t.categorySaveError,
          updateError: t.editError,
          noChanges: t.noChangesCategory,
        }}
      >
        {(form) => (
          <>
            <TextField form={form} name="title" required />
            <SwitchField form={form} name="is_active" label={t.status} />
          </>
        )}
      </FormDialog>
    </>
  );
}

describe('FormDialog', () => {
  const salads = fixtures.category({ _id: 'c-salad', title: 'Salatlar', is_active: true });

  it("creates with the schema's Uzbek messages, then closes", async () => {
    stubApi();
    renderAtRoute(<CategoryDialogHarness categories={[]} />, '/', { as: 'manager' });
    await userEvent.click(screen.getByRole('button', { name: t.addCategory }));
    const dialog = await screen.findByRole('dialog', { name: t.addCategory });
    const title = within(dialog).getByRole('textbox', { name: t.fields.title });
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    await waitFor(() => expect(title).toHaveAccessibleErrorMessage(t.categoryTitleEmpty));
    await userEvent.type(title, 'bor');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await screen.findByText(t.categorySaveError)).toBeInTheDocument();
    await waitFor(() => expect(title).toHaveAccessibleErrorMessage(t.alreadyTaken));
    await userEvent.clear(title);
    await userEvent.type(title, 'Ichimliklar');
    await userEvent.click(within(dialog).getByRole('button', { name: t.create }));
    expect(await screen.findByText(t.categoryCreated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('yaratildi')).toBeInTheDocument();
  });

  it("edits with only the changed fields, and gives the entity's no-change message", async () => {
    const api = stubApi({
      'PUT /manager/category/update/c-salad': answers.data({ ...salads, is_active: false }),
    });
    renderAtRoute(<CategoryDialogHarness categories={[salads]} />, '/', { as: 'manager' });
    await userEvent.click(screen.getByRole('button', { name: `${t.edit} Salatlar` }));
    const dialog = await screen.findByRole('dialog', { name: t.editCategory });
    expect(within(dialog).getByRole('textbox', { name: t.fields.title })).toHaveValue('Salatlar');
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    expect(await screen.findByText(t.noChangesCategory)).toBeInTheDocument();
    expect(api.writes()).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('checkbox'));
    await userEvent.click(within(dialog).getByRole('button', { name: t.save }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ is_active: false });
    expect(await screen.findByText(t.categoryUpdated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('picks the failure toast by the error when createError is a function (one toast, form kept)', async () => {
    class NoId extends Error {}
    const errors: unknown[] = [];
    renderAtRoute(
      <EntityForm
        schema={categoryCreateBody.omit({ restaurant_id: true, is_active: true })}
        values={() => ({ title: '' })}
        onCreate={async (v) => {
          if (v.title === 'idsiz') throw new NoId();
          throw new ApiError(500, 'internal', '');
        }}
        texts={{
          createError: (error) => {
            errors.push(error);
            return error instanceof NoId ? t.productCreateError : t.productSaveError;
          },
        }}
      >
        {(form) => <TextField form={form} name="title" />}
      </EntityForm>,
      '/',
      { as: 'manager' },
    );
    const title = screen.getByRole('textbox', { name: t.fields.title });
    await userEvent.type(title, 'idsiz');
    await userEvent.click(screen.getByRole('button', { name: t.create }));
    expect(await screen.findByText(t.productCreateError)).toBeInTheDocument();
    await userEvent.clear(title);
    await userEvent.type(title, 'boshqa');
    await userEvent.click(screen.getByRole('button', { name: t.create }));
    expect(await screen.findByText(t.productSaveError)).toBeInTheDocument();
    expect(errors).toHaveLength(2);
    expect(screen.getAllByText(t.productCreateError)).toHaveLength(1);
    expect(title).toHaveValue('boshqa');
  });

  it('starts a fresh form on every opening (Bekor qilish drops the typing)', async () => {
    stubApi();
    renderAtRoute(<CategoryDialogHarness categories={[salads]} />, '/', { as: 'manager' });
    await userEvent.click(screen.getByRole('button', { name: `${t.edit} Salatlar` }));
    let dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: t.fields.title }), ' yangi');
    await userEvent.click(within(dialog).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: `${t.edit} Salatlar` }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: t.fields.title })).toHaveValue('Salatlar');
  });
});

function DeleteHarness({ remove }: { remove: (c: Category) => Promise<unknown> }) {
  const [gone, setGone] = useState<string[]>([]);
  const confirmDelete = useConfirmDelete<Category>({
    remove,
    successText: t.categoryDeleted,
    errorText: t.categoryDeleteError,
    describe: (c) => c.title,
    guard: (c) => (c._id ? undefined : t.slugMissing),
    onDeleted: (c) => setGone((g) => [...g, c.title]),
  });
  return (
    <>
      <Button onClick={() => confirmDelete.ask(fixtures.category({ title: 'Salatlar' }))}>{t.delete}</Button>
      <Button onClick={() => confirmDelete.ask(fixtures.category({ _id: '', title: 'Idsiz' }))}>idsiz</Button>
      <p>{gone.join(',')}</p>
      {confirmDelete.dialog}
    </>
  );
}

describe('useConfirmDelete', () => {
  it("asks Ha / Yo'q: Yo'q makes no call, Ha deletes with the success toast", async () => {
    const remove = vi.fn(async () => {});
    renderAtRoute(<DeleteHarness remove={remove} />, '/', { as: 'admin' });
    await userEvent.click(screen.getByRole('button', { name: t.delete }));
    const question = await screen.findByRole('alertdialog', { name: t.deleteConfirm });
    expect(question).toHaveTextContent('Salatlar');
    await userEvent.click(within(question).getByRole('button', { name: t.no }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(remove).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: t.delete }));
    await userEvent.click(await screen.findByRole('button', { name: t.yes }));
    expect(await screen.findByText(t.categoryDeleted)).toBeInTheDocument();
    expect(remove).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Salatlar', { selector: 'p' })).toBeInTheDocument();
  });

  it('toasts the failure, and refuses what the guard stops without a call', async () => {
    const remove = vi.fn(async () => {
      throw new ApiError(500, 'internal', '');
    });
    renderAtRoute(<DeleteHarness remove={remove} />, '/', { as: 'admin' });
    await userEvent.click(screen.getByRole('button', { name: t.delete }));
    await userEvent.click(await screen.findByRole('button', { name: t.yes }));
    expect(await screen.findByText(t.categoryDeleteError)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'idsiz' }));
    await userEvent.click(await screen.findByRole('button', { name: t.yes }));
    expect(await screen.findByText(t.slugMissing)).toBeInTheDocument();
    expect(remove).toHaveBeenCalledTimes(1);
  });
});

function UploadHarness({ send }: { send: (file: File) => Promise<unknown> }) {
  const images = useImageUpload({ multiple: true });
  const [result, setResult] = useState('');
  return (
    <>
      <ImageUploadField upload={images} label={t.images} name="files" current={['/uploads/eski.png']} />
      <Button onClick={async () => setResult(String(await images.uploadAll(send)))}>yubor</Button>
      <p>{result}</p>
    </>
  );
}

describe('ImageUploadField', () => {
  const png = (name: string) =>
    new File([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], name, { type: 'image/png' });

  it('previews the chosen files, uploads one at a time with progress, and toasts a failed one', async () => {
    let release = () => {};
    const sent: string[] = [];
    const send = vi.fn(async (file: File) => {
      sent.push(file.name);
      if (file.name === 'b.png') await new Promise<void>((resolve) => (release = resolve));
      if (file.name === 'c.png') throw new ApiError(413, 'payload_too_large', '');
    });
    renderAtRoute(<UploadHarness send={send} />, '/', { as: 'manager' });
    const input = screen.getByLabelText(t.images);
    expect(screen.getByRole('img', { name: t.images })).toHaveAttribute(
      'src',
      expect.stringContaining('eski.png'),
    );
    await userEvent.upload(input, [png('a.png'), png('b.png'), png('c.png')]);
    expect(await screen.findByText('a.png, b.png, c.png')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: t.images })).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'yubor' }));
    const progress = await screen.findByRole('progressbar', { name: t.images });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '1'));
    expect(progress).toHaveAttribute('aria-valuemax', '3');
    expect(screen.getByRole('button', { name: t.uploadImage })).toBeDisabled();
    act(() => release());
    expect(await screen.findByText('false')).toBeInTheDocument();
    expect(sent).toEqual(['a.png', 'b.png', 'c.png']);
    // the server's reason, in Uzbek: c.png was over the size limit
    expect(screen.getByText(t.imageTooLarge('c.png'))).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('refuses a picked file that is not a picture by its content, saying which kinds are accepted', async () => {
    renderAtRoute(<UploadHarness send={vi.fn()} />, '/', { as: 'manager' });
    const input = screen.getByLabelText(t.images);
    const renamed = new File(['menyu matni'], 'menyu.png', { type: 'image/png' });
    await userEvent.upload(input, [renamed, png('a.png')]);
    expect(await screen.findByTestId('refused-files')).toHaveTextContent(t.notAnImage('menyu.png'));
    expect(t.notAnImage('menyu.png')).toContain('JPEG, PNG, WebP yoki GIF');
    expect(screen.getByText('a.png')).toBeInTheDocument(); // the picture among them is kept
  });
});

describe('signInAs', () => {
  it('stores the token and the role as a login does', () => {
    signInAs('manager');
    expect(localStorage.getItem('role')).toBe('manager');
    expect(localStorage.getItem('accessToken')).toBe('token-manager');
  });
});

describe('openPage', () => {
  it('stubs the answers, signs in as the role and renders the page at its route, handing back the stub', async () => {
    const salads = fixtures.category({ title: 'Salatlar' });
    const { api, path } = openPage(<Categories />, '/categories?x=1', {
      as: 'manager',
      answers: { 'GET /manager/category': answers.counted([salads]) },
    });
    expect(await screen.findByText('Salatlar')).toBeInTheDocument();
    expect(localStorage.getItem('role')).toBe('manager');
    expect(api.callsTo('GET /manager/category')).toHaveLength(1);
    expect(path()).toBe('/categories?x=1');
  });
});

describe('axeViolations', () => {
  it('passes a kit page, and names what fails: a nameless button, a missing or second h1', async () => {
    renderAtRoute(
      <Page title={t.categories}>
        <SwitchHarness />
      </Page>,
      '/',
      { as: 'admin' },
    );
    expect(await axeViolations()).toEqual([]);
    const extra = document.createElement('div');
    extra.innerHTML = '<h1>ikkinchi</h1><button></button>';
    document.body.append(extra);
    const rules = (await axeViolations()).map((f) => f.rule);
    expect(rules).toEqual(expect.arrayContaining(['button-name', 'one-h1']));
    extra.remove();
  });

  it('passes a page while it loads: the placeholder is a named status, busy', async () => {
    renderAtRoute(
      <Page title={t.categories}>
        <LoadingSkeleton rows={2} />
      </Page>,
      '/',
      { as: 'admin' },
    );
    expect(screen.getByRole('status', { name: t.loading })).toHaveAttribute('aria-busy', 'true');
    expect(await axeViolations()).toEqual([]);
  });
});
